#include "traffic/agent_token.h"

#include "traffic/agent_auth.h"

#include <QFile>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune {
namespace {

// Whether the file open on FD is the user's own and closed to group and others; else what to do.
[[nodiscard]] Result<void> checkOwnership(int fd, const QString &path)
{
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        return fail(
            AgentToken::tr("Cannot check the token file %1: %2.").arg(path, QString::fromLocal8Bit(::strerror(errno))));
    if (st.st_uid != ::geteuid())
        return fail(AgentToken::tr("The token file %1 belongs to another user; a token file must be your own. "
                                   "Make one with 'tcptune serve --new-token FILE'.")
                        .arg(path));
    if ((st.st_mode & 077) != 0)
        return fail(AgentToken::tr("The token file %1 is open to other users (mode %2); run 'chmod 600 %1' (and make "
                                   "a new token if others may have read it).")
                        .arg(path)
                        .arg(st.st_mode & 0777, 4, 8, QLatin1Char('0')));
    return {};
}

} // namespace

double AgentToken::estimatedBits(const QString &token)
{
    bool digit = false, lower = false, upper = false, other = false;
    for (const QChar c : token) {
        if (c >= QLatin1Char('0') && c <= QLatin1Char('9'))
            digit = true;
        else if (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
            lower = true;
        else if (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
            upper = true;
        else
            other = true;
    }
    const int alphabet = (digit ? 10 : 0) + (lower ? 26 : 0) + (upper ? 26 : 0) + (other ? 33 : 0);
    return alphabet > 1 ? double(token.size()) * std::log2(double(alphabet)) : 0.0;
}

Result<void> AgentToken::checkStrength(const QString &token, const QString &where)
{
    if (estimatedBits(token) >= kMinimumBits)
        return {};
    return fail(tr("The token in %1 is too weak to guard an agent (about %2 bits, at least %3 needed); make one with "
                   "'tcptune serve --new-token FILE'.")
                    .arg(where)
                    .arg(int(estimatedBits(token)))
                    .arg(kMinimumBits));
}

Result<QString> AgentToken::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read the token file %1: %2.").arg(path, file.errorString()));
    if (auto owned = checkOwnership(file.handle(), path); !owned)
        return std::unexpected(owned.error());
    const QString token = QString::fromUtf8(file.read(4096)).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (token.isEmpty())
        return fail(tr("The token file %1 is empty; write the token into it.").arg(path));
    if (auto strong = checkStrength(token, path); !strong)
        return std::unexpected(strong.error());
    return token;
}

Result<QString> AgentToken::resolve(const QString &path)
{
    if (!path.isEmpty())
        return readFile(path);
    const QString token = qEnvironmentVariable(kEnvironmentVariable).trimmed();
    if (token.isEmpty())
        return token;
    if (auto strong = checkStrength(token, QString::fromLatin1(kEnvironmentVariable)); !strong)
        return std::unexpected(strong.error());
    return token;
}

Result<QString> AgentToken::createFile(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return fail(tr("Cannot make the token file %1: %2 (an existing file is never overwritten).")
                        .arg(path, QString::fromLocal8Bit(::strerror(errno))));
    const QByteArray token = agentauth::randomHex(32);
    const QByteArray line = token + '\n';
    const bool written = ::write(fd, line.constData(), std::size_t(line.size())) == line.size() && ::fsync(fd) == 0;
    ::close(fd);
    if (!written) {
        ::unlink(native.constData());
        return fail(tr("Cannot write the token file %1.").arg(path));
    }
    return QString::fromLatin1(token);
}

QString AgentToken::commandLineRefusal()
{
    return tr("--token would show the token to every user of this host (in the process list, "
              "/proc/PID/cmdline); put it in a file only you can read and give --token-file FILE, or set "
              "the TCPTUNE_TOKEN environment variable.");
}

} // namespace tcptune
