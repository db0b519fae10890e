#include "capture/capture_analysis.h"

#include <arpa/inet.h>

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

std::vector<std::int64_t> CaptureAnalysis::captureAlignedSeries(const FlowAnalysis &flow,
                                                                const std::vector<std::int64_t> &series) const
{
    std::vector<std::int64_t> padded(std::size_t(std::max<std::int64_t>(interval_count, 0)), 0);
    for (std::size_t k = 0; k < series.size(); ++k) {
        const std::int64_t index = flow.first_interval + std::int64_t(k);
        if (index >= 0 && index < std::int64_t(padded.size()))
            padded[std::size_t(index)] += series[k];
    }
    return padded;
}

} // namespace tcptune
