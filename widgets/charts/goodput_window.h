#pragma once
// Goodput as the receiver got it, over a sliding window (100 ms). TCP_INFO samples every 10 ms
// see ACK compression and receive batching: one interval acknowledges what the previous ones
// delivered, and reads 140 Mbit/s on a 50 Mbit/s link while its neighbours read little. Such a
// spike is not goodput. The window weights each sample by the part of its interval that lies in
// the window, so the bytes plotted over a run are the bytes received, and a sample spaced a
// window or more after the previous one is plotted as it is.

#include <QList>
#include <QPointF>

#include <deque>

namespace tcptune::charts {

class GoodputWindow final {
public:
    static constexpr double kSeconds = 0.1;

    // The windowed mean at T after a sample of RATE (any unit per second) over the interval since
    // the previous sample (since 0 for the first).
    double add(double t, double rate);
    void reset();

    // POINTS (x = seconds, ascending), each replaced by its windowed mean.
    static QList<QPointF> smooth(const QList<QPointF> &points);

private:
    struct Interval {
        double from = 0;
        double to = 0;
        double rate = 0;
    };
    std::deque<Interval> m_intervals;
    double m_last = 0;
    bool m_started = false;
};

} // namespace tcptune::charts
