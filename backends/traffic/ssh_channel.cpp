#include "traffic/ssh_channel.h"

#include <cerrno>
#include <poll.h>
#include <unistd.h>

namespace tcptune {
namespace {

// What the far host runs. TCPTUNE_REMOTE_PROGRAM names another path to it (a test's build).
QString remoteProgram()
{
    const QString program = qEnvironmentVariable("TCPTUNE_REMOTE_PROGRAM");
    return program.isEmpty() ? QStringLiteral("tcptune") : program;
}

// Whatever ssh wrote to stderr until it closed it or WAIT_MS passed (at most 64 KiB).
QByteArray drain(int fd, int waitMs)
{
    QByteArray text;
    if (fd < 0)
        return text;
    char chunk[4096];
    while (text.size() < 65536) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, waitMs) <= 0)
            break;
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n <= 0)
            break;
        text.append(chunk, n);
    }
    return text;
}

} // namespace

QStringList SshChannel::arguments(const TrafficSpec &spec)
{
    QStringList args{QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-o"),
                     QStringLiteral("ConnectTimeout=%1").arg(std::max(1, (spec.connectTimeoutMs + 999) / 1000))};
    if (!spec.sshConfig.isEmpty())
        args << QStringLiteral("-F") << spec.sshConfig;
    if (spec.target.port != 0)
        args << QStringLiteral("-p") << QString::number(spec.target.port);
    if (!spec.target.user.isEmpty())
        args << QStringLiteral("-l") << spec.target.user;
    // "--" ends ssh's options: a host can never be read as one.
    args << QStringLiteral("--") << spec.target.host << remoteProgram() << QStringLiteral("serve")
         << QStringLiteral("--stdio");
    return args;
}

Result<std::unique_ptr<SshChannel>> SshChannel::start(const TrafficSpec &spec)
{
    const QString ssh = process::findInPath(QStringLiteral("ssh"));
    if (ssh.isEmpty())
        return fail(tr("There is no ssh client on this host; install OpenSSH's client (Debian: openssh-client) to "
                       "use ssh:// targets."));
    process::Options options;
    options.captureStderr = true;
    options.ownProcessGroup = true; // a Ctrl-C reaches tcptune, which ends the run in order
    auto child = process::PipedProcess::start(ssh, arguments(spec), options);
    if (!child)
        return std::unexpected(child.error());
    std::unique_ptr<SshChannel> channel(new SshChannel);
    channel->m_target = spec.target;
    channel->m_ssh = std::move(*child);
    auto bridge = PipeBridge::start(channel->m_ssh->stdoutFd(), channel->m_ssh->stdinFd());
    if (!bridge)
        return std::unexpected(bridge.error());
    channel->m_bridge = std::move(*bridge);
    return channel;
}

SshChannel::~SshChannel()
{
    m_bridge.reset(); // ssh's stdin ends: the far agent ends the session
    m_ssh.reset();
}

QString SshChannel::failure(int waitMs)
{
    const QByteArray text = drain(m_ssh->stderrFd(), waitMs);
    const std::optional<int> status = m_ssh->waitForExit(waitMs);
    if (!status || *status == 0)
        return {};
    return explain(m_target, *status, text);
}

QString SshChannel::explain(const TrafficTarget &target, int status, const QByteArray &stderrText)
{
    const QString text = QString::fromLocal8Bit(stderrText);
    const QString where = target.host.isEmpty() ? tr("the far host") : target.host;
    if (text.contains(QLatin1String("Permission denied")) || text.contains(QLatin1String("Host key verification")) ||
        text.contains(QLatin1String("Too many authentication failures")))
        return text.contains(QLatin1String("Host key verification"))
                   ? tr("ssh does not know %1's host key; log in once with `ssh %1` to check and accept it, then try "
                        "again.")
                         .arg(where)
                   : tr("ssh could not log in to %1 with a key (tcptune never asks for a password); set up key login "
                        "(ssh-copy-id) and try again.")
                         .arg(where);
    if (text.contains(QLatin1String("Could not resolve hostname")))
        return tr("ssh cannot resolve the host name %1; check the name or your ssh config.").arg(where);
    if (text.contains(QLatin1String("Connection refused")) || text.contains(QLatin1String("timed out")) ||
        text.contains(QLatin1String("No route to host")))
        return tr("ssh cannot reach %1 (%2); check that sshd runs there and the port is right.")
            .arg(where, text.trimmed().section(QLatin1Char('\n'), -1));
    if (status == 127 || text.contains(QLatin1String("not found")))
        return tr("%1 has no tcptune in the PATH of a non-interactive ssh login; install tcptune there.").arg(where);
    const QString last = text.trimmed().section(QLatin1Char('\n'), -1);
    return tr("ssh to %1 ended with status %2%3.")
        .arg(where)
        .arg(status)
        .arg(last.isEmpty() ? QString() : QStringLiteral(": ") + last);
}

} // namespace tcptune
