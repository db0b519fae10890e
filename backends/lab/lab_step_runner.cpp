#include "lab/lab_step_runner.h"

#include "common/netns.h"
#include "common/process.h"
#include "common/proc_sys.h"

#include <QCoreApplication>
#include <QFile>

namespace tcptune {
namespace {

// LabStepRunner::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabStepRunner final {
    Q_DECLARE_TR_FUNCTIONS(LabStepRunner)
};

constexpr int kStepTimeoutMs = 15000;

[[nodiscard]] Result<QString> writeSysctl(const LabStep &step)
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
        return fail(LabStepRunner::tr("Cannot set %1 in %2: %3").arg(step.args.value(0), step.netns, problem));
    return QString();
}

} // namespace

QString systemToolPath(const QString &name)
{
    return process::findIn(name, {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin"), QStringLiteral("/usr/bin")});
}

Result<QString> runLabStep(const LabStep &step)
{
    if (step.tool == LabStep::Tool::Sysctl)
        return writeSysctl(step);

    const QString tool = step.tool == LabStep::Tool::Ip ? QStringLiteral("ip") : QStringLiteral("tc");
    const QString program = systemToolPath(tool);
    if (program.isEmpty())
        return fail(
            LabStepRunner::tr("'%1' was not found in /usr/sbin, /sbin or /usr/bin; install the iproute2 package.")
                .arg(tool));

    // No shell and a minimal environment: the arguments come from the plan, never from a string.
    process::Options options;
    options.environment = {QStringLiteral("PATH=/usr/sbin:/usr/bin:/sbin:/bin"), QStringLiteral("LC_ALL=C")};
    auto ran = process::run(program, step.args, kStepTimeoutMs, options);
    if (!ran)
        return step.mayFail
                   ? Result<QString>(QString())
                   : fail(LabStepRunner::tr("'%1' could not run: %2").arg(step.toString(), ran.error().message));
    if (!ran->succeeded()) {
        if (step.mayFail)
            return QString();
        const QString message = QString::fromLocal8Bit(ran->standardError).trimmed();
        return fail(LabStepRunner::tr("'%1' failed: %2")
                        .arg(step.toString(), message.isEmpty() ? LabStepRunner::tr("no message") : message));
    }
    return QString::fromLocal8Bit(ran->standardOutput);
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
