#include "charts/chart_renderer.h"

#include <QBuffer>
#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>

namespace tcptune {
namespace {

// Charts are laid out at 96 dpi and scaled, so a higher DPI gives larger text and thicker lines.
double scaleOf(int dpi)
{
    return double(std::max(dpi, 1)) / ChartRenderer::kDefaultDpi;
}

} // namespace

QImage ChartRenderer::toImage(const ChartPainterFunction &draw, const QSize &pixels, int dpi)
{
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const int dotsPerMeter = int(std::lround(std::max(dpi, 1) / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const double scale = scaleOf(dpi);
    painter.scale(scale, scale);
    draw(&painter, QRectF(0, 0, pixels.width() / scale, pixels.height() / scale));
    painter.end();
    return image;
}

QByteArray ChartRenderer::toPng(const ChartPainterFunction &draw, const QSize &pixels, int dpi)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    toImage(draw, pixels, dpi).save(&buffer, "PNG");
    return buffer.data();
}

QByteArray ChartRenderer::toSvg(const ChartPainterFunction &draw, const QSize &size, const QString &title)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    generator.setDescription(QStringLiteral("tcptune"));
    {
        QPainter painter(&generator);
        draw(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
    }
    return buffer.data();
}

QByteArray ChartRenderer::toPdf(const ChartPainterFunction &draw, const QSize &size, const QString &title, int dpi)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setTitle(title);
        writer.setCreator(QStringLiteral("tcptune"));
        writer.setResolution(std::max(dpi, 1));
        const QSizeF points(size.width() * 72.0 / std::max(dpi, 1), size.height() * 72.0 / std::max(dpi, 1));
        writer.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        QPainter painter(&writer);
        const double scale = scaleOf(dpi);
        painter.scale(scale, scale);
        draw(&painter, QRectF(0, 0, writer.width() / scale, writer.height() / scale));
    }
    return buffer.data();
}

void ChartRenderer::paintChart(QChart *chart, QPainter *painter, const QRectF &target)
{
    const QSizeF old = chart->size();
    chart->resize(target.size());
    chart->layout()->activate();
    chart->scene()->render(painter, target, QRectF(chart->scenePos(), target.size()));
    chart->resize(old);
    chart->layout()->activate();
}

} // namespace tcptune
