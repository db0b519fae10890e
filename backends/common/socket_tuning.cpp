#include "common/socket_tuning.h"

#include "common/netns.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune::netns {
namespace {

// SocketTuning::tr(): lupdate files this file's text under the context tr() looks it up in.
class SocketTuning final {
    Q_DECLARE_TR_FUNCTIONS(SocketTuning)
};

Result<void> failedToSet(const QString &what)
{
    return fail(
        SocketTuning::tr("Cannot set %1 on the socket: %2.").arg(what, QString::fromLocal8Bit(std::strerror(errno))));
}

} // namespace

Result<void> setSocketOptions(int fd, const SocketOptions &options)
{
    if (options.sndbuf > 0) {
        const int value = int(std::min<qint64>(options.sndbuf, INT32_MAX / 2));
        if (::setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &value, sizeof value) != 0)
            return failedToSet(QStringLiteral("SO_SNDBUFFORCE"));
    }
    const QByteArray congestion = options.congestionControl.toLatin1();
    if (!congestion.isEmpty() &&
        ::setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, congestion.constData(), socklen_t(congestion.size())) != 0)
        return failedToSet(QStringLiteral("TCP_CONGESTION %1").arg(options.congestionControl));
    return {};
}

Result<QString> namespaceOfSocket(int fd)
{
    const int ns = ::ioctl(fd, SIOCGSKNS);
    if (ns < 0)
        return fail(SocketTuning::tr("Cannot tell which namespace the socket lives in: %1.")
                        .arg(QString::fromLocal8Bit(std::strerror(errno))));
    struct stat own {};
    const int rc = ::fstat(ns, &own);
    ::close(ns);
    if (rc == 0) {
        // A name under /run/netns is a bind mount of the namespace's own inode.
        const QDir run(QStringLiteral("/run/netns"));
        for (const QString &name : run.entryList({QLatin1String(kPrefix) + QLatin1Char('*')}, QDir::Files)) {
            struct stat named {};
            if (isTcptuneName(name) && ::stat(run.filePath(name).toLocal8Bit().constData(), &named) == 0 &&
                named.st_dev == own.st_dev && named.st_ino == own.st_ino)
                return name;
        }
    }
    return fail(SocketTuning::tr("The socket does not live in a tcptune namespace."));
}

} // namespace tcptune::netns
