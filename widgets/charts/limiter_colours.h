#pragma once
// The colours of what held a sender back, one per part of partitionOf() (limiter_breakdown.h):
// the limiter chart's bars and the stream graphs' shading of the spans a limiter dominated, so a
// limiter looks the same wherever it is drawn.

#include <QColor>

namespace tcptune::charts {

// The parts in partitionOf()'s order: receive window, send buffer, congestion window, other
// sending, idle. Limits in warm colours, ordinary sending in cool ones, idle grey.
enum class LimiterPart { ReceiveWindow, SendBuffer, CongestionWindow, OtherSending, Idle };

QColor limiterColour(LimiterPart part);

} // namespace tcptune::charts
