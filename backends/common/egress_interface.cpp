#include "common/egress_interface.h"

#include <cstring>

#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tcptune {
namespace {

bool sameAddress(const sockaddr *a, const sockaddr_storage &b)
{
    if (!a || a->sa_family != b.ss_family)
        return false;
    if (a->sa_family == AF_INET)
        return std::memcmp(&reinterpret_cast<const sockaddr_in *>(a)->sin_addr,
                           &reinterpret_cast<const sockaddr_in *>(&b)->sin_addr, sizeof(in_addr)) == 0;
    if (a->sa_family == AF_INET6)
        return std::memcmp(&reinterpret_cast<const sockaddr_in6 *>(a)->sin6_addr,
                           &reinterpret_cast<const sockaddr_in6 *>(&b)->sin6_addr, sizeof(in6_addr)) == 0;
    return false;
}

// The source address the kernel picks towards HOST, or false.
bool sourceAddressTowards(const QString &host, sockaddr_storage &source)
{
    addrinfo hints{};
    hints.ai_socktype = SOCK_DGRAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo *found = nullptr;
    // Any port: the route does not depend on it.
    if (getaddrinfo(host.toUtf8().constData(), "9", &hints, &found) != 0 || !found)
        return false;
    bool ok = false;
    const int fd = socket(found->ai_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, found->ai_addr, found->ai_addrlen) == 0) {
        socklen_t length = sizeof(source);
        ok = getsockname(fd, reinterpret_cast<sockaddr *>(&source), &length) == 0;
    }
    if (fd >= 0)
        close(fd);
    freeaddrinfo(found);
    return ok;
}

} // namespace

QString egressInterface(const QString &host)
{
    sockaddr_storage source{};
    if (host.isEmpty() || !sourceAddressTowards(host, source))
        return QString();
    ifaddrs *addresses = nullptr;
    if (getifaddrs(&addresses) != 0)
        return QString();
    QString device;
    for (const ifaddrs *a = addresses; a && device.isEmpty(); a = a->ifa_next)
        if (sameAddress(a->ifa_addr, source))
            device = QString::fromUtf8(a->ifa_name);
    freeifaddrs(addresses);
    return device;
}

} // namespace tcptune
