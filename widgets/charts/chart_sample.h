#pragma once
// What the charts plot: one sample of a run at time t (seconds from the run's start). Any value
// may be NaN when the source does not have it (a capture has no cwnd, a sampler no per-ACK RTT).

#include <limits>

namespace tcptune {

enum class ChartMetric { Throughput, Rtt, Cwnd, Retransmits, BytesInFlight };
inline constexpr int chartMetricCount = 5;

struct ChartSample {
    static constexpr double none = std::numeric_limits<double>::quiet_NaN();
    double t = 0;
    double throughputMbps = none;
    double rttMs = none;
    double cwnd = none;
    double retransmits = none;
    double bytesInFlight = none;

    double value(ChartMetric metric) const
    {
        switch (metric) {
        case ChartMetric::Throughput: return throughputMbps;
        case ChartMetric::Rtt: return rttMs;
        case ChartMetric::Cwnd: return cwnd;
        case ChartMetric::Retransmits: return retransmits;
        case ChartMetric::BytesInFlight: return bytesInFlight;
        }
        return none;
    }
};

} // namespace tcptune
