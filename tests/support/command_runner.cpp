#include "command_runner.h"

#include "test_paths.h"

#include <QProcess>

namespace tcptune::test {

QString binary(const QString &name)
{
    return binPath(name);
}

CommandResult runCommand(const QString &program, const QStringList &args, int timeoutMs, const QByteArray &stdinData,
                         const QProcessEnvironment &env)
{
    CommandResult result;
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForStarted(5000)) {
        result.err = p.errorString().toLocal8Bit();
        return result;
    }
    if (!stdinData.isEmpty())
        p.write(stdinData);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        result.timedOut = true;
        p.kill();
        p.waitForFinished(5000);
    }
    result.crashed = p.exitStatus() != QProcess::NormalExit;
    result.exitCode = p.exitCode();
    result.out = p.readAllStandardOutput();
    result.err = p.readAllStandardError();
    return result;
}

CommandResult runTcptune(const QStringList &args, int timeoutMs, const QByteArray &stdinData)
{
    return runCommand(binary(QStringLiteral("tcptune")), args, timeoutMs, stdinData);
}

void stopProcess(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(5000))
        process.kill();
    process.waitForFinished(5000);
}

} // namespace tcptune::test
