#pragma once
// Runs the built binaries (build/bin/...) the way a user would, with a time limit.

#include <QByteArray>
#include <QProcessEnvironment>
#include <QStringList>

class QProcess;

namespace tcptune::test {

struct CommandResult {
    int exitCode = -1;
    bool crashed = false;
    bool timedOut = false;
    QByteArray out;
    QByteArray err;
};

QString binary(const QString &name);

// Runs PROGRAM ARGS with STDIN fed in, waiting at most TIMEOUT_MS.
CommandResult runCommand(const QString &program, const QStringList &args, int timeoutMs = 60000,
                         const QByteArray &stdinData = {},
                         const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

// Ends a fixture's long-running PROCESS: SIGTERM, then SIGKILL after 5 s; nothing if it ended.
void stopProcess(QProcess &process);

// runCommand on build/bin/tcptune.
CommandResult runTcptune(const QStringList &args, int timeoutMs = 60000, const QByteArray &stdinData = {});

} // namespace tcptune::test
