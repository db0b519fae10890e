#pragma once
// The names of the record floor's enums in the result store and the JSON of runs
// (common/enum_names.h). runStatusName(), runEndName() and their kin read these tables.

#include "common/enum_names.h"
#include "experiment/record/run_record.h"
#include "experiment/record/run_settling.h"

namespace tcptune {

inline constexpr auto kRunStatusNames = std::to_array<EnumName<RunStatus>>({
    {RunStatus::Running, u"running"},
    {RunStatus::Ok, u"ok"},
    {RunStatus::Failed, u"failed"},
    {RunStatus::Cancelled, u"cancelled"},
    {RunStatus::Interrupted, u"interrupted"},
});
static_assert(enumNamesDense(kRunStatusNames) && enumNamesUnique(kRunStatusNames));

// As the store's knob_snapshots.side.
inline constexpr auto kRunEndNames = std::to_array<EnumName<RunEnd>>({
    {RunEnd::Local, u"local"},
    {RunEnd::Remote, u"remote"},
    {RunEnd::Router, u"router"},
});
static_assert(enumNamesDense(kRunEndNames) && enumNamesUnique(kRunEndNames));

inline constexpr auto kExperimentStatusNames = std::to_array<EnumName<ExperimentStatus>>({
    {ExperimentStatus::Running, u"running"},
    {ExperimentStatus::Finished, u"finished"},
    {ExperimentStatus::Cancelled, u"cancelled"},
    {ExperimentStatus::Failed, u"failed"},
    {ExperimentStatus::Interrupted, u"interrupted"},
});
static_assert(enumNamesDense(kExperimentStatusNames) && enumNamesUnique(kExperimentStatusNames));

// A settling judgement's "rising" series.
inline constexpr auto kSettlingSeriesNames = std::to_array<EnumName<RunSettling::Series>>({
    {RunSettling::Series::None, u"none"},
    {RunSettling::Series::Rtt, u"rtt"},
    {RunSettling::Series::Throughput, u"throughput"},
});
static_assert(enumNamesDense(kSettlingSeriesNames) && enumNamesUnique(kSettlingSeriesNames));

} // namespace tcptune
