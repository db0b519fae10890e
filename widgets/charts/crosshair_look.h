#pragma once
// How a chart's crosshair looks, the same on the workbench's charts (SyncedChartView) and the
// stream graph (StreamGraphChartView): dashed grey lines, and its values on a light box above the
// series.

#include <QSizeF>
#include <QString>

class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace tcptune::charts {

// Styles LINE (its z puts it above the series).
void styleCrosshairLine(QGraphicsLineItem *line);
// Styles BACK, the box LABEL (its child) is written on.
void styleCrosshairLabel(QGraphicsRectItem *back);
// Writes TEXT on LABEL and sizes BACK around it; returns BACK's size (its position is the caller's).
QSizeF fitCrosshairLabel(QGraphicsRectItem *back, QGraphicsSimpleTextItem *label, const QString &text);

} // namespace tcptune::charts
