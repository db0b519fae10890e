#include "nonroot_user.h"

#include "command_runner.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>

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

QStringList tcptuneProcesses()
{
    const CommandResult ps =
        runCommand(QStringLiteral("ps"), {QStringLiteral("-eo"), QStringLiteral("user:32=,comm=")});
    QStringList found;
    for (const QByteArray &line : ps.out.split('\n')) {
        const QStringList fields = QString::fromUtf8(line).simplified().split(QLatin1Char(' '));
        if (fields.size() == 2 && fields[1].startsWith(QLatin1String("tcptune")))
            found << fields.join(QLatin1Char(' '));
    }
    return found;
}

QStringList tcptuneProcessesWhileRunning(QProcess &process, int timeoutMs)
{
    QSet<QString> seen;
    QElapsedTimer clock;
    clock.start();
    while (process.state() != QProcess::NotRunning && clock.elapsed() < timeoutMs) {
        for (const QString &p : tcptuneProcesses())
            seen.insert(p);
        process.waitForFinished(200);
    }
    QStringList all(seen.cbegin(), seen.cend());
    all.sort();
    return all;
}

QStringList rootButTheHelper(const QStringList &seen)
{
    QStringList root = seen.filter(QRegularExpression(QStringLiteral("^root ")));
    root.removeAll(QStringLiteral("root tcptune-helper"));
    return root;
}

QString grantToNonrootUser(const QString &what, bool on)
{
    const CommandResult r =
        runCommand(nonrootVariable("TCPTUNE_NONROOT_FIXTURE"),
                   {QStringLiteral("grant"), what, on ? QStringLiteral("on") : QStringLiteral("off")});
    return r.exitCode == 0 ? QString() : QString::fromUtf8(r.err);
}

QString grantPkexecOnly()
{
    const QString problem = grantToNonrootUser(QStringLiteral("sudo"), false);
    return problem.isEmpty() ? grantToNonrootUser(QStringLiteral("polkit"), true) : problem;
}

} // namespace tcptune::test
