#pragma once
// The names of a lab's topology (the lab.topology knob's values) and of its state in
// `tcptune lab status --json` (common/enum_names.h): topologyName() and stateName() read these.

#include "common/enum_names.h"
#include "lab/lab_manager.h"
#include "lab/lab_spec.h"

namespace tcptune {

inline constexpr auto kLabTopologyNames = std::to_array<EnumName<LabTopology>>({
    {LabTopology::Direct, u"direct"},
    {LabTopology::Routed, u"routed"},
});
static_assert(enumNamesDense(kLabTopologyNames) && enumNamesUnique(kLabTopologyNames));

inline constexpr auto kLabStateNames = std::to_array<EnumName<LabStatus::State>>({
    {LabStatus::State::Down, u"down"},
    {LabStatus::State::Up, u"up"},
    {LabStatus::State::Leftover, u"leftover"},
});
static_assert(enumNamesDense(kLabStateNames) && enumNamesUnique(kLabStateNames));

} // namespace tcptune
