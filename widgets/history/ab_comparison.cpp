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

QString tr(const char *text)
{
    return QCoreApplication::translate("tcptune::AbComparison", text);
}

} // namespace

QList<AbRow> compareRuns(const RunRecord &a, const RunRecord &b)
{
    // RTT figures are negative when unknown.
    const auto rtt = [](const QString &name, double x, double y) { return row(name, x, y, x >= 0 && y >= 0); };
    return {
        row(tr("Throughput (Mbit/s)"), a.throughputBps / 1e6, b.throughputBps / 1e6),
        rtt(tr("RTT min (ms)"), a.rttMinMs, b.rttMinMs),
        rtt(tr("RTT median (ms)"), a.rttMedianMs, b.rttMedianMs),
        rtt(tr("RTT p95 (ms)"), a.rttP95Ms, b.rttP95Ms),
        row(tr("Retransmissions"), double(a.retransmits), double(b.retransmits)),
        row(tr("Bytes sent (MB)"), double(a.senderBytes) / 1e6, double(b.senderBytes) / 1e6),
    };
}

} // namespace tcptune
