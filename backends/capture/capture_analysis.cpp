#include "capture/capture_analysis.h"

#include <arpa/inet.h>

#include <algorithm>

namespace tcptune {

QString Endpoint::addressText() const
{
    char text[INET6_ADDRSTRLEN] = {};
    ::inet_ntop(ipv6 ? AF_INET6 : AF_INET, address.data(), text, sizeof text);
    return QLatin1String(text);
}

QString Endpoint::toString() const
{
    return ipv6 ? QStringLiteral("[%1]:%2").arg(addressText()).arg(port)
                : QStringLiteral("%1:%2").arg(addressText()).arg(port);
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
