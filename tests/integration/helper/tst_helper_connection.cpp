// HelperConnection against the real helper (as root: started directly, through a wrapper that
// counts the starts): one start for many threads and queued jobs, a restore of given changes
// that leaves other changes (and knobs someone else changed) alone, answers of queued jobs on
// the caller's thread and none for a caller that is gone, a new start only after the helper
// died, and rollback when the connection goes. Knobs change only inside a scratch namespace.

#include "counted_helper.h"
#include "helper/helper_connection.h"
#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QSignalSpy>
#include <QTest>

#include <csignal>
#include <thread>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");
const QString kTsq = QStringLiteral("net.ipv4.tcp_limit_output_bytes");

QString valueIn(const ScratchNamespace &ns, const QString &key)
{
    return ns.exec({QStringLiteral("sysctl"), QStringLiteral("-n"), key}).simplified();
}

QString flipped(const QString &boolValue)
{
    return boolValue == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
}

QString otherTsq(const QString &value)
{
    return value == QLatin1String("262144") ? QStringLiteral("131072") : QStringLiteral("262144");
}

} // namespace

class TestHelperConnection final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void startsOnceForEveryone();
    void restoresOnlyTheGivenChanges();
    void leavesAKnobSomeoneElseChanged();
    void answersOnTheCallersThreadWhileItLives();
    void startsAgainOnlyAfterTheHelperDied();
    void closingRollsBack();

private:
    std::unique_ptr<HelperConnection> connect()
    {
        HelperStartOptions o;
        o.helperPath = m_counted->path();
        o.journalDir = m_journalDir;
        o.startTimeoutMs = 20000;
        return std::make_unique<HelperConnection>(o);
    }
    std::unique_ptr<ScratchNamespace> m_ns;
    std::unique_ptr<CountedHelper> m_counted;
    QString m_journalDir;
    QString m_cork;
    QString m_tsq;
};

void TestHelperConnection::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the helper starts directly only for root, and the test creates namespaces");
    m_journalDir = testJournalDir(QStringLiteral("helper-connection"));
    m_ns = std::make_unique<ScratchNamespace>(QStringLiteral("helper7"));
    QVERIFY2(m_ns->ok(), qPrintable(m_ns->error()));
}

void TestHelperConnection::cleanupTestCase()
{
    m_ns.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestHelperConnection::init()
{
    m_counted = std::make_unique<CountedHelper>();
    QVERIFY(m_counted->ok());
    m_cork = valueIn(*m_ns, kCork);
    m_tsq = valueIn(*m_ns, kTsq);
}

void TestHelperConnection::cleanup()
{
    // Every test closes its connection: what it changed is back.
    QCOMPARE(valueIn(*m_ns, kCork), m_cork);
    QCOMPARE(valueIn(*m_ns, kTsq), m_tsq);
}

void TestHelperConnection::startsOnceForEveryone()
{
    auto helper = connect();
    QVERIFY(!helper->isRunning());
    QCOMPARE(m_counted->starts(), 0);
    // Four threads at once (as runs and the CLI call it) and queued jobs (as the GUI does).
    std::vector<std::thread> threads;
    std::atomic_int answered{0};
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&] {
            for (int j = 0; j < 5; ++j)
                if (helper->get(kCork, m_ns->name()))
                    ++answered;
        });
    QObject context;
    int jobsAnswered = 0;
    for (int i = 0; i < 5; ++i)
        helper->submit(&context, [&](HelperConnection &h) -> std::function<void()> {
            const bool ok = h.get(kTsq, m_ns->name()).has_value();
            return [&jobsAnswered, ok] { jobsAnswered += ok ? 1 : 0; };
        });
    for (std::thread &t : threads)
        t.join();
    QTRY_COMPARE_WITH_TIMEOUT(jobsAnswered, 5, 20000);
    QCOMPARE(answered.load(), 20);
    QVERIFY(helper->isRunning());
    QCOMPARE(helper->launchMethod(), QStringLiteral("direct"));
    QCOMPARE(m_counted->starts(), 1);
}

void TestHelperConnection::restoresOnlyTheGivenChanges()
{
    auto helper = connect();
    // The knob panel's change, then a run's.
    QVERIFY(helper->set(kCork, flipped(m_cork), m_ns->name()));
    auto runs = helper->set(kTsq, otherTsq(m_tsq), m_ns->name());
    QVERIFY2(runs, qPrintable(runs ? QString() : runs.error().message));
    QCOMPARE(runs->oldValue, m_tsq);
    auto report = helper->restore(QList<KnobChange>{*runs});
    QVERIFY(report);
    QCOMPARE(report->restored.size(), 1);
    QVERIFY(report->warnings.isEmpty());
    QCOMPARE(valueIn(*m_ns, kTsq), m_tsq);
    QCOMPARE(valueIn(*m_ns, kCork), flipped(m_cork)); // the panel's change stays
    // Nothing given, nothing done; and restore() undoes everything.
    QVERIFY(helper->restore(QList<KnobChange>{}));
    QCOMPARE(valueIn(*m_ns, kCork), flipped(m_cork));
    QVERIFY(helper->restore());
    QCOMPARE(valueIn(*m_ns, kCork), m_cork);
}

void TestHelperConnection::leavesAKnobSomeoneElseChanged()
{
    auto helper = connect();
    auto change = helper->set(kTsq, otherTsq(m_tsq), m_ns->name());
    QVERIFY(change);
    const QString theirs = QStringLiteral("65536");
    m_ns->exec({QStringLiteral("sysctl"), QStringLiteral("-qw"), kTsq + QLatin1Char('=') + theirs});
    auto report = helper->restore(QList<KnobChange>{*change});
    QVERIFY(report);
    QVERIFY(report->restored.isEmpty());
    QCOMPARE(report->warnings.size(), 1);
    QVERIFY2(report->warnings.first().contains(QLatin1String("someone else")), qPrintable(report->warnings.first()));
    QCOMPARE(valueIn(*m_ns, kTsq), theirs);
    m_ns->exec({QStringLiteral("sysctl"), QStringLiteral("-qw"), kTsq + QLatin1Char('=') + m_tsq});
}

void TestHelperConnection::answersOnTheCallersThreadWhileItLives()
{
    auto helper = connect();
    QSignalSpy busy(helper.get(), &HelperConnection::busyChanged);
    QObject context;
    Qt::HANDLE jobThread = nullptr;
    Qt::HANDLE answerThread = nullptr;
    bool started = false;
    helper->submit(&context, [&](HelperConnection &h) -> std::function<void()> {
        jobThread = QThread::currentThreadId();
        const bool ok = h.ensureStarted().has_value();
        return [&, ok] {
            started = ok;
            answerThread = QThread::currentThreadId();
        };
    });
    QVERIFY(helper->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(answerThread != nullptr, 20000);
    QVERIFY(started);
    QCOMPARE(answerThread, QThread::currentThreadId());
    QVERIFY(jobThread != QThread::currentThreadId());
    QTRY_VERIFY(!helper->isBusy());
    QCOMPARE(busy.size(), 2);

    // A caller that is gone before the answer comes gets none; the job itself still runs.
    auto gone = std::make_unique<QObject>();
    bool ran = false;
    bool answered = false;
    helper->submit(gone.get(), [&](HelperConnection &h) -> std::function<void()> {
        ran = h.get(kCork, m_ns->name()).has_value();
        return [&] { answered = true; };
    });
    gone.reset();
    QTRY_VERIFY_WITH_TIMEOUT(!helper->isBusy(), 20000);
    QVERIFY(ran);
    QVERIFY(!answered);
}

void TestHelperConnection::startsAgainOnlyAfterTheHelperDied()
{
    auto helper = connect();
    auto hello = helper->request(QStringLiteral("hello"));
    QVERIFY(hello);
    QVERIFY(helper->set(kCork, flipped(m_cork), m_ns->name()));
    const pid_t pid = pid_t(hello->value(QStringLiteral("pid")).toInteger());
    QCOMPARE(::kill(pid, SIGKILL), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!helper->isRunning(), 10000);
    QCOMPARE(m_counted->starts(), 1);
    // The next request starts a new helper, which first rolls back what the dead one left.
    auto value = helper->get(kCork, m_ns->name());
    QVERIFY2(value, qPrintable(value ? QString() : value.error().message));
    QCOMPARE(*value, m_cork);
    QCOMPARE(m_counted->starts(), 2);
    QCOMPARE(helper->recoveredAtStart().restored.size(), 1);
}

void TestHelperConnection::closingRollsBack()
{
    auto helper = connect();
    QVERIFY(helper->set(kCork, flipped(m_cork), m_ns->name()));
    QCOMPARE(valueIn(*m_ns, kCork), flipped(m_cork));
    helper.reset();
    QCOMPARE(valueIn(*m_ns, kCork), m_cork);
}

QTEST_GUILESS_MAIN(TestHelperConnection)
#include "tst_helper_connection.moc"
