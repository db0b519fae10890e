#pragma once
// ThroughputUnit: the one owner of the unit throughput is shown in (Mbit/s, Gbit/s or MB/s, the
// three iperf3 offers with -f m, g and M). Every figure a user reads converts from bit/s here,
// so the charts, tables, reports and commands agree; JSON stays in bit/s.

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

enum class ThroughputUnitKind { Mbit, Gbit, MByte };

class ThroughputUnit final {
    Q_DECLARE_TR_FUNCTIONS(ThroughputUnit)
public:
    constexpr ThroughputUnit() = default;
    constexpr explicit ThroughputUnit(ThroughputUnitKind kind)
        : m_kind(kind)
    {
    }

    ThroughputUnitKind kind() const { return m_kind; }
    // What one unit is in bit/s: 1e6, 1e9 or 8e6.
    double bitsPerSecondPerUnit() const;
    // BPS (bit/s) in this unit.
    double fromBitsPerSecond(double bps) const { return bps / bitsPerSecondPerUnit(); }
    // "Mbit/s", "Gbit/s", "MB/s", as the user's language writes it.
    QString label() const;
    // The settings and command-line name: "mbit", "gbit", "MB".
    QString key() const;
    // Decimals that keep about three significant figures of a figure near SCALE bit/s.
    int decimalsFor(double scaleBps) const;
    // The decimals a figure needs in this unit to be as fine as one with MBIT_DECIMALS in Mbit/s
    // would be, within a factor of ten: Gbit/s two more (94.1 Mbit/s is 0.094 Gbit/s).
    int decimalsLike(int mbitDecimals) const
    {
        return m_kind == ThroughputUnitKind::Gbit ? mbitDecimals + 2 : mbitDecimals;
    }
    // BPS in this unit with DECIMALS decimals (C locale, for tables and files).
    QString format(double bps, int decimals) const;

    // Reads "mbit", "gbit", "MB" (the command's names), "Mbit/s", "Gbit/s", "MB/s" (the labels)
    // or iperf3's letters "m", "g", "M"; anything else is refused with the names to give.
    static Result<ThroughputUnit> parse(const QString &text);
    static QList<ThroughputUnit> all();

    friend bool operator==(ThroughputUnit a, ThroughputUnit b) { return a.m_kind == b.m_kind; }

private:
    ThroughputUnitKind m_kind = ThroughputUnitKind::Mbit;
};

} // namespace tcptune
