#pragma once
// Direction both keeps its two directions apart in the result: what each sent and received, who
// sampled and who counted, each one's own series; the run's figures become their sums.
// Internal to the traffic engine (TrafficClient).

#include "traffic/traffic_result.h"

#include <QList>

#include <optional>

namespace tcptune {

// Direction both: an up and a down direction saying who samples and who counts; otherwise empty.
QList<DirectionResult> directionsFor(const TrafficSpec &spec);

// Smoothed RTT over the measured samples of RESULT's streams (only those of DIRECTION, if given).
SummaryStats streamRtt(const TrafficResult &result, std::optional<Direction> direction = std::nullopt);

// After a run in direction both whose up figures are RESULT's own (as a run in direction up
// leaves them): moves them into the up direction, fills the down direction from what the target
// SENT and this host RECEIVED (bytes after the omit window), and makes the run's figures the sums.
void splitDirections(TrafficResult &result, std::int64_t sent, std::int64_t received);

} // namespace tcptune
