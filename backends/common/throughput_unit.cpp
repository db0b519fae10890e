#include "common/throughput_unit.h"

#include <cmath>

namespace tcptune {

double ThroughputUnit::bitsPerSecondPerUnit() const
{
    switch (m_kind) {
    case ThroughputUnitKind::Mbit: return 1e6;
    case ThroughputUnitKind::Gbit: return 1e9;
    case ThroughputUnitKind::MByte: return 8e6;
    }
    return 1e6;
}

QString ThroughputUnit::label() const
{
    switch (m_kind) {
    case ThroughputUnitKind::Mbit: return tr("Mbit/s");
    case ThroughputUnitKind::Gbit: return tr("Gbit/s");
    case ThroughputUnitKind::MByte: return tr("MB/s");
    }
    return tr("Mbit/s");
}

QString ThroughputUnit::key() const
{
    switch (m_kind) {
    case ThroughputUnitKind::Mbit: return QStringLiteral("mbit");
    case ThroughputUnitKind::Gbit: return QStringLiteral("gbit");
    case ThroughputUnitKind::MByte: return QStringLiteral("MB");
    }
    return QStringLiteral("mbit");
}

int ThroughputUnit::decimalsFor(double scaleBps) const
{
    const double scale = std::abs(fromBitsPerSecond(scaleBps));
    if (scale >= 100)
        return 0;
    if (scale >= 1)
        return 1;
    return 3;
}

QString ThroughputUnit::format(double bps, int decimals) const
{
    return QString::number(fromBitsPerSecond(bps), 'f', decimals);
}

Result<ThroughputUnit> ThroughputUnit::parse(const QString &text)
{
    const QString t = text.trimmed();
    // Case matters only between the letters: iperf3's "m" is Mbit/s and "M" is MB/s.
    if (t == QLatin1String("m") || t.compare(QLatin1String("mbit"), Qt::CaseInsensitive) == 0 ||
        t.compare(QLatin1String("Mbit/s"), Qt::CaseInsensitive) == 0)
        return ThroughputUnit(ThroughputUnitKind::Mbit);
    if (t == QLatin1String("g") || t.compare(QLatin1String("gbit"), Qt::CaseInsensitive) == 0 ||
        t.compare(QLatin1String("Gbit/s"), Qt::CaseInsensitive) == 0)
        return ThroughputUnit(ThroughputUnitKind::Gbit);
    if (t == QLatin1String("M") || t == QLatin1String("MB") || t == QLatin1String("MB/s"))
        return ThroughputUnit(ThroughputUnitKind::MByte);
    return fail(tr("'%1' is not a throughput unit; give mbit (Mbit/s), gbit (Gbit/s) or MB (MB/s).").arg(text));
}

QList<ThroughputUnit> ThroughputUnit::all()
{
    return {ThroughputUnit(ThroughputUnitKind::Mbit), ThroughputUnit(ThroughputUnitKind::Gbit),
            ThroughputUnit(ThroughputUnitKind::MByte)};
}

} // namespace tcptune
