#pragma once
// Parsing and formatting of knob values. Every value has one canonical text form, the one the
// kernel prints (and accepts): "1", "262144", "4096 16384 4194304", "cubic". Parsing accepts
// what people type ("on", "256K", "50mbit", "4096,16384,4M") and says plainly what is wrong.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace tcptune::knobvalue {

// The words an enum knob accepts: its fixed list, or the list the running kernel offers
// (e.g. tcp_available_congestion_control). Empty when the source cannot be read.
QStringList allowedValues(const KnobInfo &knob);

// Parses INPUT for KNOB into the canonical form. ALLOWED overrides the enum list (tests, or a
// list read inside another namespace).
[[nodiscard]] Result<QString> parse(const KnobInfo &knob, const QString &input,
                                    const std::optional<QStringList> &allowed = std::nullopt);

// A whole number with an optional unit suffix: bytes take K/M/G (powers of 1024), bit rates
// kbit/mbit/gbit (powers of 1000), milliseconds take ms or s.
[[nodiscard]] Result<std::int64_t> parseInteger(const QString &input, Unit unit);

// What to type for UNIT, for messages and placeholders: "bytes such as 262144, 256K or 4M".
QString exampleFor(Unit unit);

// For people: "256 KiB", "50 Mbit/s", "on", "4 KiB 16 KiB 4 MiB"; "unlimited" for a byte count
// at the kernel's 32-bit "no limit" (tcp_notsent_lowat), which parse() accepts back. Falls back
// to the canonical text for values it cannot read.
QString formatHuman(const KnobInfo &knob, const QString &canonical);
QString formatInteger(std::int64_t value, Unit unit);

// Whether two texts denote the same value (whitespace folded).
bool sameValue(const QString &a, const QString &b);
// The same for a value of KNOB: a qdisc also when one names only some of the other's
// parameters, or differs by the kernel's rounding ("fq_codel" and what the kernel reads back).
bool sameValue(const KnobInfo &knob, const QString &a, const QString &b);

// True when CANONICAL turns off the core TCP feature KNOB stands for (tcp_sack, tcp_timestamps,
// tcp_window_scaling = 0). On the host that needs an explicit confirmation.
bool disablesCoreFeature(const KnobInfo &knob, const QString &canonical);

} // namespace tcptune::knobvalue
