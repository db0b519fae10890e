#include "nonroot_user.h"

#include "command_runner.h"

namespace tcptune::test {

QString nonrootVariable(const char *name)
{
    return qEnvironmentVariable(name);
}

QStringList asNonrootUser(const QStringList &args, const QStringList &environment)
{
    return QStringList{QStringLiteral("-u"),
                       nonrootVariable("TCPTUNE_NONROOT_USER"),
                       QStringLiteral("--"),
                       QStringLiteral("env"),
                       QStringLiteral("-i"),
                       QStringLiteral("HOME=") + nonrootVariable("TCPTUNE_NONROOT_HOME"),
                       QStringLiteral("PATH=/usr/bin:/bin:/usr/sbin:/sbin"),
                       QStringLiteral("LANG=C.UTF-8")} +
           environment + args;
}

QString grantToNonrootUser(const QString &what, bool on)
{
    const CommandResult r =
        runCommand(nonrootVariable("TCPTUNE_NONROOT_FIXTURE"),
                   {QStringLiteral("grant"), what, on ? QStringLiteral("on") : QStringLiteral("off")});
    return r.exitCode == 0 ? QString() : QString::fromUtf8(r.err);
}

} // namespace tcptune::test
