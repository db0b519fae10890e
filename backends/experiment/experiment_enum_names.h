#pragma once
// The names of the experiment folder's enums in the result store, the spec's JSON and the JSON
// of runs, diagnoses and comparisons (common/enum_names.h). runStatusName(), ruleName() and
// their kin read these tables.

#include "common/enum_names.h"
#include "experiment/experiment_spec.h"
#include "experiment/metric_comparison.h"
#include "experiment/run_diagnosis.h"
#include "experiment/run_record.h"
#include "experiment/run_settling.h"

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

// The "kind" of a spec's target object.
inline constexpr auto kTargetSpecKindNames = std::to_array<EnumName<TargetSpec::Kind>>({
    {TargetSpec::Kind::Lab, u"lab"},
    {TargetSpec::Kind::Agent, u"agent"},
    {TargetSpec::Kind::Iperf3, u"iperf3"},
    {TargetSpec::Kind::Ssh, u"ssh"},
});
static_assert(enumNamesDense(kTargetSpecKindNames) && enumNamesUnique(kTargetSpecKindNames));

// A finding's "rule" in the stored diagnosis.
inline constexpr auto kFindingRuleNames = std::to_array<EnumName<Finding::Rule>>({
    {Finding::Rule::PathFull, u"path-full"},
    {Finding::Rule::Queue, u"queue"},
    {Finding::Rule::DeviceQueue, u"device-queue"},
    {Finding::Rule::Loss, u"loss"},
    {Finding::Rule::NagleStall, u"nagle-stall"},
    {Finding::Rule::ReceiverWindow, u"receiver-window"},
    {Finding::Rule::SendBuffer, u"send-buffer"},
    {Finding::Rule::Application, u"application"},
    {Finding::Rule::CongestionWindow, u"congestion-window"},
    {Finding::Rule::Autocorking, u"autocorking"},
    {Finding::Rule::AutocorkingIdle, u"autocorking-idle"},
    {Finding::Rule::NoLimiter, u"no-limiter"},
    {Finding::Rule::OffloadsOff, u"offloads-off"},
    {Finding::Rule::SenderCounters, u"sender-counters-missing"},
    {Finding::Rule::SenderUnobserved, u"sender-unobserved"},
});
static_assert(enumNamesDense(kFindingRuleNames) && enumNamesUnique(kFindingRuleNames));

// A settling judgement's "rising" series.
inline constexpr auto kSettlingSeriesNames = std::to_array<EnumName<RunSettling::Series>>({
    {RunSettling::Series::None, u"none"},
    {RunSettling::Series::Rtt, u"rtt"},
    {RunSettling::Series::Throughput, u"throughput"},
});
static_assert(enumNamesDense(kSettlingSeriesNames) && enumNamesUnique(kSettlingSeriesNames));

// A metric difference's "method" in the comparison JSON.
inline constexpr auto kMetricMethodNames = std::to_array<EnumName<MetricDifference::Method>>({
    {MetricDifference::Method::None, u"none"},
    {MetricDifference::Method::Welch, u"welch"},
    {MetricDifference::Method::BlockBootstrap, u"block_bootstrap"},
});
static_assert(enumNamesDense(kMetricMethodNames) && enumNamesUnique(kMetricMethodNames));

} // namespace tcptune
