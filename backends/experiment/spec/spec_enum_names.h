#pragma once
// The names of the spec's enums in its JSON (common/enum_names.h). TargetSpec::kindName() and
// the spec's parser read these tables.

#include "common/enum_names.h"
#include "experiment/spec/experiment_spec.h"

namespace tcptune {

// The "kind" of a spec's target object.
inline constexpr auto kTargetSpecKindNames = std::to_array<EnumName<TargetSpec::Kind>>({
    {TargetSpec::Kind::Lab, u"lab"},
    {TargetSpec::Kind::Agent, u"agent"},
    {TargetSpec::Kind::Iperf3, u"iperf3"},
    {TargetSpec::Kind::Ssh, u"ssh"},
});
static_assert(enumNamesDense(kTargetSpecKindNames) && enumNamesUnique(kTargetSpecKindNames));

} // namespace tcptune
