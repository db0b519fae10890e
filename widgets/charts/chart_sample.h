#pragma once
// What the charts plot: one sample of a run at time t (seconds from the run's start). Any value
// may be NaN when the source does not have it (a capture has no cwnd, a sampler no per-ACK RTT).

#include <limits>

namespace tcptune {

enum class ChartMetric {
    Throughput,
    Rtt,
    Cwnd,
    Retransmits,
    BytesInFlight,
    SndbufLimited, // % of each sample interval (tcpi_sndbuf_limited)
    RwndLimited,   // % (tcpi_rwnd_limited)
    CwndLimited,   // 100 when in flight >= cwnd at the sample, else 0
    AppLimited,    // 100 when the delivery rate sample was application-limited, else 0
    QueueBacklog,  // the bottleneck qdisc's backlog, KB
};
inline constexpr int chartMetricCount = 10;

struct ChartSample {
    static constexpr double none = std::numeric_limits<double>::quiet_NaN();
    double t = 0;
    double throughputMbps = none;
    double rttMs = none;
    double cwnd = none;
    double retransmits = none;
    double bytesInFlight = none;
    double sndbufLimited = none;
    double rwndLimited = none;
    double cwndLimited = none;
    double appLimited = none;
    double queueBacklogKb = none;

    double value(ChartMetric metric) const
    {
        switch (metric) {
        case ChartMetric::Throughput: return throughputMbps;
        case ChartMetric::Rtt: return rttMs;
        case ChartMetric::Cwnd: return cwnd;
        case ChartMetric::Retransmits: return retransmits;
        case ChartMetric::BytesInFlight: return bytesInFlight;
        case ChartMetric::SndbufLimited: return sndbufLimited;
        case ChartMetric::RwndLimited: return rwndLimited;
        case ChartMetric::CwndLimited: return cwndLimited;
        case ChartMetric::AppLimited: return appLimited;
        case ChartMetric::QueueBacklog: return queueBacklogKb;
        }
        return none;
    }
};

} // namespace tcptune
