#include "lab/lab_step_runner.h"

#include "common/netns.h"
#include "common/proc_sys.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

namespace tcptune {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("LabStepRunner", text);
}

constexpr int kStepTimeoutMs = 15000;

Result<QString> writeSysctl(const LabStep &step)
{
    const QString path = procsys::pathForKey(step.args.value(0));
    const QByteArray value = step.args.value(1).toLatin1() + '\n';
    QString problem;
    auto entered = netns::runIn(step.netns, [&] {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(value) != value.size())
            problem = file.errorString();
    });
    if (!entered)
        return std::unexpected(entered.error());
    if (!problem.isEmpty() && !step.mayFail)
        return fail(tr("Cannot set %1 in %2: %3").arg(step.args.value(0), step.netns, problem));
    return QString();
}

} // namespace

QString systemToolPath(const QString &name)
{
    for (const char *dir : {"/usr/sbin/", "/sbin/", "/usr/bin/"}) {
        const QString path = QString::fromLatin1(dir) + name;
        const QFileInfo info(path);
        if (info.isFile() && info.isExecutable())
            return path;
    }
    return {};
}

Result<QString> runLabStep(const LabStep &step)
{
    if (step.tool == LabStep::Tool::Sysctl)
        return writeSysctl(step);

    const QString tool = step.tool == LabStep::Tool::Ip ? QStringLiteral("ip") : QStringLiteral("tc");
    const QString program = systemToolPath(tool);
    if (program.isEmpty())
        return fail(tr("'%1' was not found in /usr/sbin, /sbin or /usr/bin; install the iproute2 package.").arg(tool));

    QProcess process;
    // No shell and a minimal environment: the arguments come from the plan, never from a string.
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/sbin:/usr/bin:/sbin:/bin"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    process.setProcessEnvironment(env);
    process.start(program, step.args);
    if (!process.waitForStarted(kStepTimeoutMs))
        return step.mayFail ? Result<QString>(QString())
                            : fail(tr("Cannot start '%1': %2").arg(step.toString(), process.errorString()));
    if (!process.waitForFinished(kStepTimeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return step.mayFail
                   ? Result<QString>(QString())
                   : fail(tr("'%1' did not finish within %2 s.").arg(step.toString()).arg(kStepTimeoutMs / 1000));
    }
    const QString output = QString::fromLocal8Bit(process.readAllStandardOutput());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        if (step.mayFail)
            return QString();
        const QString message = QString::fromLocal8Bit(process.readAllStandardError()).trimmed();
        return fail(tr("'%1' failed: %2").arg(step.toString(), message.isEmpty() ? tr("no message") : message));
    }
    return output;
}

Result<void> runLabSteps(const QList<LabStep> &steps, const LabStepExecutor &executor)
{
    for (const LabStep &step : steps) {
        auto done = executor(step);
        if (!done)
            return std::unexpected(done.error());
    }
    return {};
}

} // namespace tcptune
