#pragma once
// The names of the diagnosis' enums in the stored diagnosis and the comparison JSON
// (common/enum_names.h). ruleName() and the comparison's method names read these tables.

#include "common/enum_names.h"
#include "experiment/diagnosis/metric_comparison.h"
#include "experiment/diagnosis/run_diagnosis.h"

namespace tcptune {

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

// A metric difference's "method" in the comparison JSON.
inline constexpr auto kMetricMethodNames = std::to_array<EnumName<MetricDifference::Method>>({
    {MetricDifference::Method::None, u"none"},
    {MetricDifference::Method::Welch, u"welch"},
    {MetricDifference::Method::BlockBootstrap, u"block_bootstrap"},
});
static_assert(enumNamesDense(kMetricMethodNames) && enumNamesUnique(kMetricMethodNames));

} // namespace tcptune
