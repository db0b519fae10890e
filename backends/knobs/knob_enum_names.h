#pragma once
// The names of a knob's kind, value type and unit in `tcptune knobs --json` and in messages
// (common/enum_names.h): kindName(), typeName() and unitName() read these tables.

#include "common/enum_names.h"
#include "knobs/knob_info.h"

namespace tcptune {

inline constexpr auto kKnobKindNames = std::to_array<EnumName<KnobKind>>({
    {KnobKind::Sysctl, u"sysctl"},
    {KnobKind::SocketOption, u"socket"},
    {KnobKind::LabParameter, u"lab"},
    {KnobKind::Link, u"link"},
});
static_assert(enumNamesDense(kKnobKindNames) && enumNamesUnique(kKnobKindNames));

inline constexpr auto kValueTypeNames = std::to_array<EnumName<ValueType>>({
    {ValueType::Bool, u"bool"},
    {ValueType::Integer, u"integer"},
    {ValueType::Triple, u"triple"},
    {ValueType::Enum, u"enum"},
    {ValueType::Qdisc, u"qdisc"},
});
static_assert(enumNamesDense(kValueTypeNames) && enumNamesUnique(kValueTypeNames));

// A number without a unit has the empty name.
inline constexpr auto kUnitNames = std::to_array<EnumName<Unit>>({
    {Unit::None, u""},
    {Unit::Bytes, u"bytes"},
    {Unit::BitsPerSecond, u"bit/s"},
    {Unit::BytesPerSecond, u"bytes/s"},
    {Unit::Milliseconds, u"ms"},
    {Unit::Percent, u"%"},
    {Unit::Packets, u"packets"},
    {Unit::Microseconds, u"us"},
});
static_assert(enumNamesDense(kUnitNames) && enumNamesUnique(kUnitNames));

} // namespace tcptune
