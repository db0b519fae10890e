#include "export/sweep_chart_painter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("SweepChartPainter", text);
}

// A "nice" axis maximum and step (1, 2, 2.5, 5 x 10^n) for about five ticks.
std::pair<double, double> niceAxis(double max)
{
    if (max <= 0)
        max = 1;
    const double raw = max / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        step = m * magnitude;
        if (step >= raw)
            break;
    }
    return {std::ceil(max / step) * step, step};
}

QString tick(double v)
{
    return QString::number(v, 'g', 6);
}

} // namespace

SweepChartPainter::SweepChartPainter(QList<ReportRow> rows, QString axisName)
    : m_rows(std::move(rows))
    , m_axisName(std::move(axisName))
{
}

void SweepChartPainter::render(QPainter *painter, const QRectF &target) const
{
    const QColor throughputColour(0x20, 0x6a, 0xb0);
    const QColor rttColour(0xe0, 0x7b, 0x00);
    const QColor failColour(0xc0, 0x10, 0x10);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->fillRect(target, Qt::white);
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(std::clamp(int(target.height() / 32), 9, 18));
    painter->setFont(font);
    const QFontMetricsF fm(font, painter->device());
    const double lineH = fm.height();

    double maxT = 0;
    double maxR = 0;
    for (const ReportRow &r : m_rows) {
        if (r.okRuns > 0)
            maxT = std::max(maxT, (r.meanBps + r.sdBps) / 1e6);
        maxR = std::max(maxR, std::max(r.rttMedianMs, r.rttP95Ms));
    }
    const auto [tMax, tStep] = niceAxis(maxT * 1.05);
    const auto [rMax, rStep] = niceAxis(maxR * 1.05);

    const double left = target.left() + fm.horizontalAdvance(tick(tMax)) + lineH * 2.2;
    const double right = target.right() - fm.horizontalAdvance(tick(rMax)) - lineH * 2.2;
    const double top = target.top() + lineH * 2.5;
    const double bottom = target.bottom() - lineH * 3.2;
    const QRectF plot(QPointF(left, top), QPointF(right, bottom));
    if (plot.width() < 20 || plot.height() < 20) {
        painter->restore();
        return;
    }

    // Title and legend.
    painter->setPen(Qt::black);
    QFont bold = font;
    bold.setBold(true);
    painter->setFont(bold);
    painter->drawText(QRectF(target.left(), target.top() + lineH * 0.2, target.width(), lineH), Qt::AlignHCenter,
                      tr("Throughput and RTT by %1").arg(m_axisName));
    painter->setFont(font);
    const double legendY = target.top() + lineH * 1.6;
    double lx = plot.left();
    auto legend = [&](const QColor &c, Qt::PenStyle style, const QString &text) {
        painter->setPen(QPen(c, 2.5, style));
        painter->drawLine(QPointF(lx, legendY), QPointF(lx + lineH * 1.5, legendY));
        painter->setPen(Qt::black);
        painter->drawText(QPointF(lx + lineH * 1.8, legendY + fm.ascent() / 2.5), text);
        lx += lineH * 2.4 + fm.horizontalAdvance(text);
    };
    legend(throughputColour, Qt::SolidLine, tr("throughput mean ± sd (Mbit/s)"));
    legend(rttColour, Qt::DashLine, tr("RTT median (ms)"));

    // Grid and axes.
    painter->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 1));
    for (double v = 0; v <= tMax + tStep / 2; v += tStep) {
        const double y = plot.bottom() - v / tMax * plot.height();
        painter->setPen(QPen(QColor(0xe2, 0xe2, 0xe2), 1));
        painter->drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter->setPen(throughputColour);
        painter->drawText(QRectF(target.left(), y - lineH / 2, plot.left() - target.left() - lineH * 0.4, lineH),
                          Qt::AlignRight | Qt::AlignVCenter, tick(v));
    }
    if (maxR > 0) {
        painter->setPen(rttColour);
        for (double v = 0; v <= rMax + rStep / 2; v += rStep) {
            const double y = plot.bottom() - v / rMax * plot.height();
            painter->drawText(QRectF(plot.right() + lineH * 0.4, y - lineH / 2, target.right() - plot.right(), lineH),
                              Qt::AlignLeft | Qt::AlignVCenter, tick(v));
        }
    }
    painter->setPen(QPen(QColor(0x55, 0x55, 0x55), 1));
    painter->drawRect(plot);

    // Axis titles.
    painter->save();
    painter->setPen(throughputColour);
    painter->translate(target.left() + lineH * 0.2, plot.center().y());
    painter->rotate(-90);
    painter->drawText(QRectF(-plot.height() / 2, 0, plot.height(), lineH), Qt::AlignCenter, tr("Mbit/s"));
    painter->restore();
    if (maxR > 0) {
        painter->save();
        painter->setPen(rttColour);
        painter->translate(target.right() - lineH * 0.2, plot.center().y());
        painter->rotate(90);
        painter->drawText(QRectF(-plot.height() / 2, 0, plot.height(), lineH), Qt::AlignCenter, tr("RTT ms"));
        painter->restore();
    }
    painter->setPen(Qt::black);
    painter->drawText(QRectF(plot.left(), bottom + lineH * 1.7, plot.width(), lineH * 1.2), Qt::AlignCenter,
                      m_axisName);

    const int n = int(m_rows.size());
    if (n == 0) {
        painter->restore();
        return;
    }
    const double slot = plot.width() / n;
    auto xAt = [&](int i) { return plot.left() + slot * (i + 0.5); };
    auto yT = [&](double mbps) { return plot.bottom() - mbps / tMax * plot.height(); };
    auto yR = [&](double ms) { return plot.bottom() - ms / rMax * plot.height(); };

    // Category labels, thinned when they would overlap.
    double widest = 0;
    for (const ReportRow &r : m_rows)
        widest = std::max(widest, fm.horizontalAdvance(r.value));
    const int every = std::max(1, int(std::ceil((widest + lineH) / slot)));
    for (int i = 0; i < n; ++i) {
        if (i % every != 0)
            continue;
        painter->setPen(m_rows.at(i).failedRuns > 0 ? failColour : QColor(Qt::black));
        painter->drawText(QRectF(xAt(i) - slot * every / 2.0, bottom + lineH * 0.3, slot * every, lineH),
                          Qt::AlignCenter, m_rows.at(i).value);
    }

    // Throughput line with error bars.
    QPainterPath throughput;
    bool started = false;
    for (int i = 0; i < n; ++i) {
        const ReportRow &r = m_rows.at(i);
        if (r.okRuns == 0)
            continue;
        const QPointF p(xAt(i), yT(r.meanBps / 1e6));
        started ? throughput.lineTo(p) : throughput.moveTo(p);
        started = true;
    }
    painter->setPen(QPen(throughputColour, 2.5));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(throughput);
    for (int i = 0; i < n; ++i) {
        const ReportRow &r = m_rows.at(i);
        const double x = xAt(i);
        if (r.okRuns == 0) {
            painter->setPen(QPen(failColour, 2));
            const double y = plot.bottom() - lineH;
            painter->drawLine(QPointF(x - lineH / 3, y - lineH / 3), QPointF(x + lineH / 3, y + lineH / 3));
            painter->drawLine(QPointF(x - lineH / 3, y + lineH / 3), QPointF(x + lineH / 3, y - lineH / 3));
            painter->drawText(QRectF(x - slot / 2, y - lineH * 1.6, slot, lineH), Qt::AlignCenter, tr("failed"));
            continue;
        }
        const double mean = r.meanBps / 1e6;
        const double sd = r.sdBps / 1e6;
        painter->setPen(QPen(throughputColour, 1.5));
        if (sd > 0) {
            const double cap = std::min(slot * 0.15, lineH * 0.5);
            painter->drawLine(QPointF(x, yT(mean - sd)), QPointF(x, yT(mean + sd)));
            painter->drawLine(QPointF(x - cap, yT(mean - sd)), QPointF(x + cap, yT(mean - sd)));
            painter->drawLine(QPointF(x - cap, yT(mean + sd)), QPointF(x + cap, yT(mean + sd)));
        }
        painter->setBrush(r.failedRuns > 0 || r.collapsedRuns > 0 ? QBrush(failColour) : QBrush(throughputColour));
        painter->drawEllipse(QPointF(x, yT(mean)), lineH * 0.22, lineH * 0.22);
        painter->setBrush(Qt::NoBrush);
    }

    // RTT median.
    if (maxR > 0) {
        QPainterPath rtt;
        started = false;
        for (int i = 0; i < n; ++i) {
            if (m_rows.at(i).rttMedianMs < 0)
                continue;
            const QPointF p(xAt(i), yR(m_rows.at(i).rttMedianMs));
            started ? rtt.lineTo(p) : rtt.moveTo(p);
            started = true;
        }
        painter->setPen(QPen(rttColour, 2, Qt::DashLine));
        painter->drawPath(rtt);
        painter->setBrush(rttColour);
        painter->setPen(Qt::NoPen);
        for (int i = 0; i < n; ++i)
            if (m_rows.at(i).rttMedianMs >= 0)
                painter->drawRect(QRectF(xAt(i) - lineH * 0.18, yR(m_rows.at(i).rttMedianMs) - lineH * 0.18,
                                         lineH * 0.36, lineH * 0.36));
    }
    painter->restore();
}

} // namespace tcptune
