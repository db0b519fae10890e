#include "charts/chart_rendering.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgGenerator>

namespace tcptune::chartrendering {

QImage toImage(const PaintFunction &paint, const QSize &size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    paint(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

QByteArray toSvg(const PaintFunction &paint, const QSize &size, const QString &title)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    {
        QPainter painter(&generator);
        paint(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return buffer.data();
}

} // namespace tcptune::chartrendering
