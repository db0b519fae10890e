#pragma once
// The largest packet the stack builds for a device with GSO and the largest one GRO merges for
// it (ip link set gso_max_size / gro_max_size; BIG TCP raises both above 64 KiB), read and set
// over rtnetlink (IFLA_GSO_MAX_SIZE, IFLA_GRO_MAX_SIZE) in the calling thread's network
// namespace: call it inside netns::runIn for a lab device. Reading needs no privilege, setting
// needs CAP_NET_ADMIN (the helper).

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tcptune {

struct LinkSizeLimits {
    std::int64_t gsoMaxSize = -1; // bytes; -1 when the kernel did not say
    std::int64_t groMaxSize = -1;
};

enum class LinkSizeLimit { GsoMaxSize, GroMaxSize };

class LinkSizeLimitsIo final {
    Q_DECLARE_TR_FUNCTIONS(LinkSizeLimitsIo)
public:
    [[nodiscard]] static Result<LinkSizeLimits> read(const QString &device);
    // The kernel refuses a size above what the device can take (its tso_max_size), with its
    // reason in the message.
    [[nodiscard]] static Result<void> set(const QString &device, LinkSizeLimit limit, std::uint32_t bytes);
};

} // namespace tcptune
