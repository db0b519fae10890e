#include "charts/limiter_colours.h"

namespace tcptune::charts {

QColor limiterColour(LimiterPart part)
{
    switch (part) {
    case LimiterPart::ReceiveWindow: return {214, 39, 40};
    case LimiterPart::SendBuffer: return {255, 127, 14};
    case LimiterPart::CongestionWindow: return {31, 119, 180};
    case LimiterPart::OtherSending: return {44, 160, 44};
    case LimiterPart::Idle: break;
    }
    return {199, 199, 199};
}

} // namespace tcptune::charts
