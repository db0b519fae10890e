// The process module with real programs (sh, cat, sleep): output of both streams, exit codes and
// signals, a replaced environment, timeouts, a child's clean signal state, process groups, the
// foreground runner's shell-like status, and a piped child that dies with its parent thread.

#include "common/process.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <poll.h>
#include <unistd.h>

using namespace tcptune;

namespace {

const QString kSh = QStringLiteral("/bin/sh");

process::Output mustRun(const QString &program, const QStringList &args, const process::Options &options = {})
{
    auto out = process::run(program, args, 20000, options);
    if (!out)
        qFatal("%s", qPrintable(out.error().message));
    return *out;
}

// The field NAME ("SigIgn", "SigBlk") of /proc/self/status as a child sees it.
QString childStatusField(const QString &name)
{
    const process::Output out = mustRun(QStringLiteral("/bin/cat"), {QStringLiteral("/proc/self/status")});
    for (const QString &line : QString::fromUtf8(out.standardOutput).split(QLatin1Char('\n')))
        if (line.startsWith(name + QLatin1Char(':')))
            return line.section(QLatin1Char(':'), 1).trimmed();
    return {};
}

// PID and process group of a child, from its /proc/self/stat.
std::pair<qint64, qint64> childPidAndGroup(const process::Options &options)
{
    const process::Output out = mustRun(QStringLiteral("/bin/cat"), {QStringLiteral("/proc/self/stat")}, options);
    const QString stat = QString::fromUtf8(out.standardOutput);
    const QStringList afterName = stat.mid(stat.lastIndexOf(QLatin1Char(')')) + 2).split(QLatin1Char(' '));
    return {stat.section(QLatin1Char(' '), 0, 0).toLongLong(), afterName.value(2).toLongLong()};
}

} // namespace

class TestProcess final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void collectsBothStreamsAndTheExitCode();
    void reportsTheSignalThatEndedIt();
    void readsLargeOutputOnBothStreams();
    void replacesTheEnvironment();
    void killsWhatTakesTooLong();
    void missingProgramIsAMessage();
    void childStartsWithCleanSignalState();
    void ownProcessGroupOnRequest();
    void findsPrograms();
    void foregroundStatusAsAShellReportsIt_data();
    void foregroundStatusAsAShellReportsIt();
    void foregroundLeavesOurSignalsAsTheyWere();
    void pipedChildEchoesAndEndsWithItsInput();
    void pipedChildDiesWithTheThreadThatStartedIt();
    void killedPipedChildIsReaped();
};

void TestProcess::collectsBothStreamsAndTheExitCode()
{
    const process::Output out = mustRun(kSh, {QStringLiteral("-c"), QStringLiteral("echo out; echo err >&2; exit 3")});
    QCOMPARE(out.standardOutput, QByteArray("out\n"));
    QCOMPARE(out.standardError, QByteArray("err\n"));
    QCOMPARE(out.exitCode, 3);
    QCOMPARE(out.signal, 0);
    QVERIFY(!out.succeeded());
    QVERIFY(mustRun(kSh, {QStringLiteral("-c"), QStringLiteral("true")}).succeeded());
}

void TestProcess::reportsTheSignalThatEndedIt()
{
    const process::Output out = mustRun(kSh, {QStringLiteral("-c"), QStringLiteral("kill -TERM $$")});
    QCOMPARE(out.signal, SIGTERM);
    QCOMPARE(out.exitCode, -1);
    QVERIFY(!out.succeeded());
}

void TestProcess::readsLargeOutputOnBothStreams()
{
    // More than a pipe holds on each stream, the second written only after the first: a reader
    // that drained one stream at a time would block the child for ever.
    const process::Output out =
        mustRun(kSh, {QStringLiteral("-c"), QStringLiteral("head -c 300000 /dev/zero >&2; head -c 300000 /dev/zero")});
    QCOMPARE(out.standardError.size(), 300000);
    QCOMPARE(out.standardOutput.size(), 300000);
}

void TestProcess::replacesTheEnvironment()
{
    process::Options options;
    options.environment = {QStringLiteral("ONLY=this"), QStringLiteral("LC_ALL=C")};
    const process::Output out = mustRun(QStringLiteral("/usr/bin/env"), {}, options);
    QCOMPARE(QString::fromUtf8(out.standardOutput).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
             QStringList({QStringLiteral("ONLY=this"), QStringLiteral("LC_ALL=C")}));

    qputenv("TCPTUNE_TST_PROCESS", "inherited");
    const process::Output inherited = mustRun(QStringLiteral("/usr/bin/env"), {});
    QVERIFY(inherited.standardOutput.contains("TCPTUNE_TST_PROCESS=inherited\n"));
}

void TestProcess::killsWhatTakesTooLong()
{
    auto out = process::run(QStringLiteral("/bin/sleep"), {QStringLiteral("30")}, 300);
    QVERIFY(!out);
    QVERIFY2(out.error().message.contains(QLatin1String("did not finish")), qPrintable(out.error().message));
    // It was reaped: no child of ours is left, running or zombie.
    QFile children(QStringLiteral("/proc/self/task/%1/children").arg(::gettid()));
    QVERIFY(children.open(QIODevice::ReadOnly));
    QCOMPARE(children.readAll().trimmed(), QByteArray());
}

void TestProcess::missingProgramIsAMessage()
{
    auto out = process::run(QStringLiteral("/nonexistent/program"), {}, 5000);
    QVERIFY(!out);
    QVERIFY2(out.error().message.contains(QLatin1String("/nonexistent/program")), qPrintable(out.error().message));
}

void TestProcess::childStartsWithCleanSignalState()
{
    // What tcptune does to itself (SIGPIPE ignored, termination signals blocked) must not reach
    // the programs it starts.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    struct sigaction oldPipe {};
    ::sigaction(SIGPIPE, &ignore, &oldPipe);
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGTERM);
    sigset_t oldMask;
    ::pthread_sigmask(SIG_BLOCK, &block, &oldMask);

    const QString ignored = childStatusField(QStringLiteral("SigIgn"));
    const QString blocked = childStatusField(QStringLiteral("SigBlk"));

    ::pthread_sigmask(SIG_SETMASK, &oldMask, nullptr);
    ::sigaction(SIGPIPE, &oldPipe, nullptr);
    QCOMPARE(ignored, QStringLiteral("0000000000000000"));
    QCOMPARE(blocked, QStringLiteral("0000000000000000"));
}

void TestProcess::ownProcessGroupOnRequest()
{
    const auto [pid, group] = childPidAndGroup({});
    QCOMPARE(group, qint64(::getpgrp()));
    QVERIFY(pid != group);
    process::Options own;
    own.ownProcessGroup = true;
    const auto [ownPid, ownGroup] = childPidAndGroup(own);
    QCOMPARE(ownGroup, ownPid);
}

void TestProcess::findsPrograms()
{
    const QString sh = process::findInPath(QStringLiteral("sh"));
    QVERIFY(sh.endsWith(QLatin1String("/sh")));
    QVERIFY(sh.startsWith(QLatin1Char('/')));
    QVERIFY(process::findInPath(QStringLiteral("tcptune-no-such-program")).isEmpty());
    QCOMPARE(process::findInPath(QStringLiteral("./relative/path")), QStringLiteral("./relative/path"));
    QCOMPARE(process::findIn(QStringLiteral("sh"), {QStringLiteral("/nonexistent"), QStringLiteral("/bin")}),
             QStringLiteral("/bin/sh"));
    QVERIFY(process::findIn(QStringLiteral("sh"), {QStringLiteral("/nonexistent")}).isEmpty());
}

void TestProcess::foregroundStatusAsAShellReportsIt_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<int>("status");
    QTest::addRow("success") << QStringList{QStringLiteral("true")} << 0;
    QTest::addRow("failure") << QStringList{QStringLiteral("false")} << 1;
    QTest::addRow("exit 7") << QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 7")} << 7;
    QTest::addRow("killed by a signal") << QStringList{QStringLiteral("sh"), QStringLiteral("-c"),
                                                       QStringLiteral("kill -TERM $$")}
                                        << 128 + SIGTERM;
}

void TestProcess::foregroundStatusAsAShellReportsIt()
{
    QFETCH(QStringList, command);
    QFETCH(int, status);
    auto ran = process::runInForeground(command.first(), command.mid(1));
    QVERIFY2(ran, qPrintable(ran ? QString() : ran.error().message));
    QCOMPARE(*ran, status);
}

void TestProcess::foregroundLeavesOurSignalsAsTheyWere()
{
    struct sigaction intBefore {};
    struct sigaction quitBefore {};
    ::sigaction(SIGINT, nullptr, &intBefore);
    ::sigaction(SIGQUIT, nullptr, &quitBefore);
    int shellStatus = 0;
    auto missing = process::runInForeground(QStringLiteral("tcptune-no-such-program"), {}, {}, &shellStatus);
    QVERIFY(!missing);
    QCOMPARE(shellStatus, 127);
    QVERIFY(missing.error().message.contains(QLatin1String("tcptune-no-such-program")));

    QTemporaryDir dir;
    const QString notRunnable = dir.filePath(QStringLiteral("not-runnable"));
    QFile file(notRunnable);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(!process::runInForeground(notRunnable, {}, {}, &shellStatus));
    QCOMPARE(shellStatus, 126);

    struct sigaction now {};
    ::sigaction(SIGINT, nullptr, &now);
    QVERIFY(now.sa_handler == intBefore.sa_handler);
    ::sigaction(SIGQUIT, nullptr, &now);
    QVERIFY(now.sa_handler == quitBefore.sa_handler);
}

void TestProcess::pipedChildEchoesAndEndsWithItsInput()
{
    auto cat = process::PipedProcess::start(QStringLiteral("/bin/cat"), {});
    QVERIFY2(cat, qPrintable(cat ? QString() : cat.error().message));
    const QByteArray line("hello helper\n");
    QCOMPARE(::write((*cat)->stdinFd(), line.constData(), size_t(line.size())), ssize_t(line.size()));
    QByteArray echoed(line.size(), '\0');
    qsizetype got = 0;
    while (got < line.size()) {
        pollfd readable{(*cat)->stdoutFd(), POLLIN, 0}; // our end is non-blocking
        QVERIFY(::poll(&readable, 1, 10000) == 1);
        const ssize_t n = ::read((*cat)->stdoutFd(), echoed.data() + got, size_t(line.size() - got));
        QVERIFY(n > 0);
        got += n;
    }
    QCOMPARE(echoed, line);
    QVERIFY(!(*cat)->waitForExit(0));
    (*cat)->closeStdin();
    QCOMPARE((*cat)->stdinFd(), -1);
    QCOMPARE((*cat)->waitForExit(10000), std::optional<int>(0));
}

void TestProcess::pipedChildDiesWithTheThreadThatStartedIt()
{
    process::Options options;
    options.dieWithParent = true;
    std::unique_ptr<process::PipedProcess> child;
    std::thread starter([&] {
        auto started = process::PipedProcess::start(QStringLiteral("/bin/sleep"), {QStringLiteral("60")}, options);
        if (started)
            child = std::move(*started);
    });
    starter.join();
    QVERIFY(child);
    QCOMPARE(child->waitForExit(10000), std::optional<int>(128 + SIGTERM));
}

void TestProcess::killedPipedChildIsReaped()
{
    auto child = process::PipedProcess::start(QStringLiteral("/bin/sleep"), {QStringLiteral("60")});
    QVERIFY(child);
    QCOMPARE((*child)->waitForExit(50), std::nullopt);
    (*child)->kill();
    QCOMPARE((*child)->waitForExit(0), std::optional<int>(128 + SIGKILL));
    QFile children(QStringLiteral("/proc/self/task/%1/children").arg(::gettid()));
    QVERIFY(children.open(QIODevice::ReadOnly));
    QCOMPARE(children.readAll().trimmed(), QByteArray());
}

QTEST_GUILESS_MAIN(TestProcess)
#include "tst_process.moc"
