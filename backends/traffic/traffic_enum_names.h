#pragma once
// The names of the traffic spec's enums in its JSON, the agent protocol and the command line
// (common/enum_names.h): workloadName() and parseWorkload() and their kin read these tables.

#include "common/enum_names.h"
#include "traffic/traffic_spec.h"
#include "traffic/workload_registry.h"

namespace tcptune {

// The workloads' names come from their descriptors (workload_registry.h), where each is written.
inline constexpr auto kWorkloadNames = [] {
    EnumNames<Workload, kWorkloadDescriptors.size()> names{};
    for (std::size_t i = 0; i < names.size(); ++i)
        names[i] = {kWorkloadDescriptors[i].workload, kWorkloadDescriptors[i].name};
    return names;
}();
static_assert(enumNamesDense(kWorkloadNames) && enumNamesUnique(kWorkloadNames));

inline constexpr auto kSendMethodNames = std::to_array<EnumName<SendMethod>>({
    {SendMethod::Copy, u"copy"},
    {SendMethod::Zerocopy, u"zerocopy"},
    {SendMethod::Sendfile, u"sendfile"},
});
static_assert(enumNamesDense(kSendMethodNames) && enumNamesUnique(kSendMethodNames));

inline constexpr auto kDirectionNames = std::to_array<EnumName<Direction>>({
    {Direction::Up, u"up"},
    {Direction::Down, u"down"},
    {Direction::Both, u"both"},
});
static_assert(enumNamesDense(kDirectionNames) && enumNamesUnique(kDirectionNames));

// The "kind" of a spec's "target" object.
inline constexpr auto kTargetKindNames = std::to_array<EnumName<TargetKind>>({
    {TargetKind::Agent, u"agent"},
    {TargetKind::Iperf3, u"iperf3"},
    {TargetKind::Ssh, u"ssh"},
});
static_assert(enumNamesDense(kTargetKindNames) && enumNamesUnique(kTargetKindNames));

} // namespace tcptune
