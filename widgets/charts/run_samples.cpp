#include "charts/run_samples.h"

#include <algorithm>

namespace tcptune {

ChartSample chartSampleOf(const RunSample &s)
{
    ChartSample c;
    c.t = s.t;
    c.throughputMbps = s.throughputBps / 1e6;
    // A 0 RTT is the kernel's "not measured yet", not a measurement.
    c.rttMs = s.rttMs > 0 ? s.rttMs : ChartSample::none;
    c.cwnd = s.cwnd >= 0 ? double(s.cwnd) : ChartSample::none;
    c.retransmits = double(s.retransmits);
    return c;
}

QList<ChartSample> chartSamplesOf(const QList<RunSample> &samples)
{
    const bool haveTotal =
        std::any_of(samples.cbegin(), samples.cend(), [](const RunSample &s) { return s.stream < 0; });
    QList<ChartSample> out;
    out.reserve(samples.size());
    for (const RunSample &s : samples)
        if (!haveTotal || s.stream < 0)
            out.append(chartSampleOf(s));
    return out;
}

} // namespace tcptune
