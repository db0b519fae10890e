#include "experiment/diagnosis/counter_comparison.h"

#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tcptune {
namespace {

const QString kAutocorkingKnob = QStringLiteral("net.ipv4.tcp_autocorking");
const QString kAutocorkingCounter = QStringLiteral("TcpExtTCPAutoCorking");

double relative(const CounterDifference &d)
{
    const double big = double(std::max(std::llabs(d.a), std::llabs(d.b)));
    return big > 0 ? std::fabs(double(d.a) - double(d.b)) / big : 0;
}

} // namespace

QList<CounterDifference> CounterComparison::differences(const RunRecord &a, const RunRecord &b)
{
    QList<CounterDifference> out;
    for (const EndRecord &ea : a.ends) {
        const EndRecord *eb = b.endRecord(ea.end);
        if (!eb || !ea.countersRead || !eb->countersRead)
            continue;
        QSet<QString> names(ea.counterDeltas.keyBegin(), ea.counterDeltas.keyEnd());
        names.unite(QSet<QString>(eb->counterDeltas.keyBegin(), eb->counterDeltas.keyEnd()));
        for (const QString &name : std::as_const(names)) {
            CounterDifference d{ea.end, name, ea.counter(name), eb->counter(name)};
            if (d.a != d.b)
                out.append(d);
        }
    }
    std::sort(out.begin(), out.end(), [](const CounterDifference &x, const CounterDifference &y) {
        const double rx = relative(x);
        const double ry = relative(y);
        if (rx != ry)
            return rx > ry;
        const qint64 ax = std::llabs(x.a - x.b);
        const qint64 ay = std::llabs(y.a - y.b);
        if (ax != ay)
            return ax > ay;
        return std::tie(x.end, x.name) < std::tie(y.end, y.name);
    });
    return out;
}

QString CounterComparison::line(const CounterDifference &d)
{
    return tr("%1 %2 vs %3").arg(d.name, QLocale().toString(d.a), QLocale().toString(d.b));
}

QString CounterComparison::verdict(const RunRecord &a, const RunRecord &b)
{
    const QString knobA = a.senderKnob(kAutocorkingKnob);
    const QString knobB = b.senderKnob(kAutocorkingKnob);
    if (knobA.isEmpty() || knobB.isEmpty() || knobA == knobB)
        return QString();
    const EndRecord *senderA = a.senderEnd();
    const EndRecord *senderB = b.senderEnd();
    if (!senderA || !senderB || !senderA->countersRead || !senderB->countersRead)
        return tr("The runs differ in net.ipv4.tcp_autocorking, but the sender's counters were not read: whether "
                  "autocorking engaged is unknown.");
    const qint64 corkedA = senderA->counter(kAutocorkingCounter);
    const qint64 corkedB = senderB->counter(kAutocorkingCounter);
    if (corkedA == 0 && corkedB == 0)
        return tr("Autocorking never engaged in this set-up: TcpExtTCPAutoCorking stayed 0 in both runs, so any "
                  "difference between them is not autocorking's doing.");
    const bool onA = knobA == QLatin1String("1");
    return tr("Autocorking held writes back %1 times with it on (%2) and %3 times with it off (%4).")
        .arg(QLocale().toString(onA ? corkedA : corkedB), onA ? tr("A") : tr("B"),
             QLocale().toString(onA ? corkedB : corkedA), onA ? tr("B") : tr("A"));
}

QString CounterComparison::endName(RunEnd end)
{
    switch (end) {
    case RunEnd::Local: return tr("local");
    case RunEnd::Remote: return tr("far end");
    case RunEnd::Router: return tr("router");
    }
    return QString();
}

} // namespace tcptune
