#include "traffic/agent_token.h"

#include <QFile>

namespace tcptune {

Result<QString> AgentToken::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read the token file %1: %2.").arg(path, file.errorString()));
    const QString token = QString::fromUtf8(file.read(4096)).section(QLatin1Char('\n'), 0, 0).trimmed();
    if (token.isEmpty())
        return fail(tr("The token file %1 is empty; write the token into it.").arg(path));
    return token;
}

Result<QString> AgentToken::resolve(const QString &path)
{
    if (!path.isEmpty())
        return readFile(path);
    return qEnvironmentVariable("TCPTUNE_TOKEN").trimmed();
}

QString AgentToken::commandLineRefusal()
{
    return tr("--token would show the token to every user of this host (in the process list, "
              "/proc/PID/cmdline); put it in a file only you can read and give --token-file FILE, or set "
              "the TCPTUNE_TOKEN environment variable.");
}

} // namespace tcptune
