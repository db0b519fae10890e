#include "capture/capture_analysis.h"

#include <arpa/inet.h>

#include <algorithm>

namespace tcptune {

QString Endpoint::toString() const
{
    char text[INET6_ADDRSTRLEN] = {};
    if (ipv6) {
        ::inet_ntop(AF_INET6, address.data(), text, sizeof text);
        return QStringLiteral("[%1]:%2").arg(QLatin1String(text)).arg(port);
    }
    ::inet_ntop(AF_INET, address.data(), text, sizeof text);
    return QStringLiteral("%1:%2").arg(QLatin1String(text)).arg(port);
}

std::vector<std::int64_t> CaptureAnalysis::captureAlignedSeries(const std::vector<IntervalBytes> &series,
                                                                bool payload) const
{
    std::vector<std::int64_t> dense(std::size_t(std::max<std::int64_t>(interval_count, 0)), 0);
    for (const IntervalBytes &i : series)
        if (i.index >= 0 && i.index < std::int64_t(dense.size()))
            dense[std::size_t(i.index)] += payload ? i.payload_bytes : i.frame_bytes;
    return dense;
}

} // namespace tcptune
