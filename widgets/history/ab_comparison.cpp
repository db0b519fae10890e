#include "history/ab_comparison.h"

#include <QCoreApplication>

namespace tcptune {

namespace {

AbRow row(const QString &figure, double a, double b, bool known = true)
{
    AbRow r;
    r.figure = figure;
    r.a = a;
    r.b = b;
    r.known = known;
    r.difference = b - a;
    if (known && a != 0)
        r.ratio = b / a;
    return r;
}

// AbComparison::tr(): lupdate files this file's text under the context that tr() looks it up in.
class AbComparison final {
    Q_DECLARE_TR_FUNCTIONS(AbComparison)
};

} // namespace

QList<AbRow> compareRuns(const RunRecord &a, const RunRecord &b)
{
    // RTT figures are negative when unknown.
    const auto rtt = [](const QString &name, double x, double y) { return row(name, x, y, x >= 0 && y >= 0); };
    return {
        row(AbComparison::tr("Throughput (Mbit/s)"), a.throughputBps / 1e6, b.throughputBps / 1e6),
        rtt(AbComparison::tr("RTT min (ms)"), a.rttMinMs, b.rttMinMs),
        rtt(AbComparison::tr("RTT median (ms)"), a.rttMedianMs, b.rttMedianMs),
        rtt(AbComparison::tr("RTT p95 (ms)"), a.rttP95Ms, b.rttP95Ms),
        row(AbComparison::tr("Retransmissions"), double(a.retransmits), double(b.retransmits)),
        row(AbComparison::tr("Bytes sent (MB)"), double(a.senderBytes) / 1e6, double(b.senderBytes) / 1e6),
    };
}

} // namespace tcptune
