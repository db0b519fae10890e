#include "charts/crosshair_look.h"

#include <QBrush>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace tcptune::charts {

void styleCrosshairLine(QGraphicsLineItem *line)
{
    line->setPen(QPen(QColor(90, 90, 90), 1, Qt::DashLine));
    line->setZValue(20);
}

void styleCrosshairLabel(QGraphicsRectItem *back)
{
    back->setBrush(QColor(255, 255, 255, 225));
    back->setPen(QPen(QColor(160, 160, 160)));
    back->setZValue(21);
}

QSizeF fitCrosshairLabel(QGraphicsRectItem *back, QGraphicsSimpleTextItem *label, const QString &text)
{
    label->setText(text);
    const QRectF textRect = label->boundingRect();
    const QSizeF size(textRect.width() + 8, textRect.height() + 6);
    back->setRect(QRectF(QPointF(0, 0), size));
    label->setPos(4, 3);
    return size;
}

} // namespace tcptune::charts
