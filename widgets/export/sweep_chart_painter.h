#pragma once
// Draws a sweep's results with QPainter: throughput mean with +-sd error bars (left axis, Mbit/s)
// and RTT median (right axis, ms) against the swept value, one category per point, failed points
// marked in red. Used for reports and chart export when no on-screen sweep chart is at hand.

#include "report/report_model.h"

#include <QRectF>

class QPainter;

namespace tcptune {

class SweepChartPainter final {
public:
    explicit SweepChartPainter(QList<ReportRow> rows, QString axisName);
    void render(QPainter *painter, const QRectF &target) const;

private:
    QList<ReportRow> m_rows;
    QString m_axisName;
};

} // namespace tcptune
