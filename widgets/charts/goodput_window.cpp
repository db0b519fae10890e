#include "charts/goodput_window.h"

#include <algorithm>

namespace tcptune::charts {

double GoodputWindow::add(double t, double rate)
{
    const double from = m_started ? std::min(m_last, t) : std::min(0.0, t);
    m_started = true;
    m_last = t;
    m_intervals.push_back({from, t, rate});
    const double start = t - kSeconds;
    while (!m_intervals.empty() && m_intervals.front().to <= start)
        m_intervals.pop_front();
    double amount = 0;
    double covered = 0;
    for (const Interval &i : m_intervals) {
        const double span = i.to - std::max(i.from, start);
        if (span > 0) {
            amount += i.rate * span;
            covered += span;
        }
    }
    // A sample with no interval of its own (the first at t = 0) stands for itself.
    return covered > 0 ? amount / covered : rate;
}

void GoodputWindow::reset()
{
    m_intervals.clear();
    m_last = 0;
    m_started = false;
}

QList<QPointF> GoodputWindow::smooth(const QList<QPointF> &points)
{
    GoodputWindow window;
    QList<QPointF> out;
    out.reserve(points.size());
    for (const QPointF &p : points)
        out.append(QPointF(p.x(), window.add(p.x(), p.y())));
    return out;
}

} // namespace tcptune::charts
