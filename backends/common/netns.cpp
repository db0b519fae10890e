#include "common/netns.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace tcptune::netns {

namespace {

// NetnsText::tr(): lupdate files this file's text under the context that tr() looks it up in.
class NetnsText final {
    Q_DECLARE_TR_FUNCTIONS(NetnsText)
};

} // namespace

bool isTcptuneName(const QString &name)
{
    static const QRegularExpression valid(
        QRegularExpression::anchoredPattern(QStringLiteral("tcptune-[A-Za-z0-9_-]{1,24}")));
    return valid.match(name).hasMatch();
}

bool exists(const QString &name)
{
    return QFile::exists(QStringLiteral("/run/netns/") + name);
}

QString ownIdentity()
{
    char target[64] = {};
    const ssize_t n = ::readlink("/proc/self/ns/net", target, sizeof target - 1);
    return n > 0 ? QString::fromLatin1(target, n) : QString();
}

bool identityExists(const QString &identity)
{
    static const QRegularExpression form(QStringLiteral("^net:\\[(\\d+)\\]$"));
    const QRegularExpressionMatch match = form.match(identity);
    if (!match.hasMatch())
        return false;
    const ino_t inode = match.captured(1).toULongLong();
    const auto holds = [inode](const QString &path) {
        struct stat st {};
        return ::stat(QFile::encodeName(path).constData(), &st) == 0 && st.st_ino == inode;
    };
    const QDir named(QStringLiteral("/run/netns"));
    for (const QString &name : named.entryList(QDir::Files))
        if (holds(named.filePath(name)))
            return true;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (pid.front().isDigit() && holds(QStringLiteral("/proc/%1/ns/net").arg(pid)))
            return true;
    return false;
}

Result<void> runIn(const QString &name, const std::function<void()> &fn)
{
    if (name.isEmpty()) {
        fn();
        return {};
    }
    if (!isTcptuneName(name))
        return fail(NetnsText::tr("'%1' is not a tcptune namespace; names start with 'tcptune-'.").arg(name));
    const QByteArray path = QStringLiteral("/run/netns/%1").arg(name).toLocal8Bit();
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(
            NetnsText::tr("Network namespace %1 does not exist; start the lab with 'tcptune lab up'.").arg(name));

    int setnsErrno = 0;
    std::thread worker([&] {
        if (::setns(fd, CLONE_NEWNET) != 0) {
            setnsErrno = errno;
            return;
        }
        fn();
    });
    worker.join();
    ::close(fd);
    if (setnsErrno != 0)
        return fail(
            NetnsText::tr("Cannot enter network namespace %1: %2. Entering a namespace needs root or CAP_SYS_ADMIN.")
                .arg(name, QString::fromLocal8Bit(std::strerror(setnsErrno))));
    return {};
}

Result<QList<int>> makeSockets(const SocketRequest &request)
{
    QList<int> fds;
    int error = 0;
    QString failedStep;
    const QByteArray congestion = request.congestionControl.toLatin1();
    const auto make = [&] {
        for (int i = 0; i < request.count; ++i) {
            const int fd = ::socket(request.family, request.type | SOCK_CLOEXEC, 0);
            if (fd < 0) {
                error = errno;
                return;
            }
            fds.append(fd);
            if (!congestion.isEmpty() && ::setsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, congestion.constData(),
                                                      socklen_t(congestion.size())) != 0) {
                error = errno;
                failedStep = request.congestionControl;
                return;
            }
        }
    };
    if (auto entered = runIn(request.netns, make); !entered)
        return std::unexpected(entered.error());
    if (error == 0)
        return fds;
    for (int fd : fds)
        ::close(fd);
    const QString reason = QString::fromLocal8Bit(std::strerror(error));
    if (!failedStep.isEmpty())
        return fail(
            NetnsText::tr("Cannot use congestion control '%1': %2. See net.ipv4.tcp_available_congestion_control.")
                .arg(failedStep, reason));
    return fail(NetnsText::tr("Cannot create a socket: %1.").arg(reason));
}

} // namespace tcptune::netns
