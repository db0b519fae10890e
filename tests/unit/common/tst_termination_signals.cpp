// TerminationSignals with real signals sent to this process: they arrive through the descriptor
// or at the handler on the watcher thread (never in signal context), SIGPIPE is ignored
// meanwhile, a second instance is refused, and the previous dispositions come back.

#include "common/termination_signals.h"

#include <QTest>

#include <condition_variable>
#include <csignal>
#include <mutex>
#include <poll.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

namespace {

void (*dispositionOf(int signal))(int)
{
    struct sigaction now {};
    ::sigaction(signal, nullptr, &now);
    return now.sa_handler;
}

bool readable(int fd)
{
    pollfd pfd{fd, POLLIN, 0};
    return ::poll(&pfd, 1, 0) == 1;
}

} // namespace

class TestTerminationSignals final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void signalsArriveThroughTheDescriptor();
    void handlerRunsOnTheWatcherThread();
    void oneAtATime();
    void previousDispositionsComeBack();
};

void TestTerminationSignals::signalsArriveThroughTheDescriptor()
{
    auto caught = TerminationSignals::install();
    QVERIFY2(caught, qPrintable(caught ? QString() : caught.error().message));
    QVERIFY(!readable((*caught)->fd()));
    QCOMPARE((*caught)->take(), 0);
    for (int s : {SIGTERM, SIGHUP, SIGINT}) {
        QCOMPARE(::kill(::getpid(), s), 0); // we live on: the handler only writes to the pipe
        QVERIFY(readable((*caught)->fd()));
        QCOMPARE((*caught)->take(), s);
        QVERIFY(!readable((*caught)->fd()));
    }
    QVERIFY(dispositionOf(SIGPIPE) == SIG_IGN);
}

void TestTerminationSignals::handlerRunsOnTheWatcherThread()
{
    std::mutex mutex;
    std::condition_variable arrived;
    QList<int> received;
    std::thread::id handlerThread;
    auto caught = TerminationSignals::install([&](int signal) {
        std::lock_guard lock(mutex);
        received << signal;
        handlerThread = std::this_thread::get_id();
        arrived.notify_all();
    });
    QVERIFY(caught);
    ::kill(::getpid(), SIGTERM);
    ::kill(::getpid(), SIGINT);
    std::unique_lock lock(mutex);
    QVERIFY(arrived.wait_for(lock, std::chrono::seconds(10), [&] { return received.size() == 2; }));
    QCOMPARE(received, QList<int>({SIGTERM, SIGINT}));
    QVERIFY(handlerThread != std::this_thread::get_id());
}

void TestTerminationSignals::oneAtATime()
{
    auto first = TerminationSignals::install();
    QVERIFY(first);
    auto second = TerminationSignals::install([](int) {});
    QVERIFY(!second);
    QVERIFY2(second.error().message.contains(QLatin1String("already")), qPrintable(second.error().message));
    first->reset();
    auto third = TerminationSignals::install();
    QVERIFY(third);
}

void TestTerminationSignals::previousDispositionsComeBack()
{
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    struct sigaction oldHup {};
    ::sigaction(SIGHUP, &ignore, &oldHup);
    const auto termBefore = dispositionOf(SIGTERM);
    const auto pipeBefore = dispositionOf(SIGPIPE);
    {
        auto caught = TerminationSignals::install();
        QVERIFY(caught);
        QVERIFY(dispositionOf(SIGHUP) != SIG_IGN);
    }
    QVERIFY(dispositionOf(SIGHUP) == SIG_IGN);
    QVERIFY(dispositionOf(SIGTERM) == termBefore);
    QVERIFY(dispositionOf(SIGPIPE) == pipeBefore);
    ::sigaction(SIGHUP, &oldHup, nullptr);
}

QTEST_GUILESS_MAIN(TestTerminationSignals)
#include "tst_termination_signals.moc"
