// HelperClient against the real helper (as root: started directly): the typed API, errors as
// messages, per-request timeouts, no deadlock when the helper dies, rollback when the client
// goes away, and use from several threads at once. Knobs change only inside a scratch namespace.

#include "helper/helper_client.h"
#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTest>

#include <atomic>
#include <csignal>
#include <thread>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");

QString valueIn(const ScratchNamespace &ns, const QString &key)
{
    return ns.exec({QStringLiteral("sysctl"), QStringLiteral("-n"), key}).simplified();
}

QString flipped(const QString &boolValue)
{
    return boolValue == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
}

} // namespace

class TestHelperClient final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void startsDirectlyAsRoot();
    void findsTheHelperWithoutAPath();
    void setGetSnapshotJournalRestore();
    void errorsComeBackAsMessages_data();
    void errorsComeBackAsMessages();
    void destroyingTheClientRollsBack();
    void deadHelperFailsPendingAndLaterRequests();
    void hungHelperTimesOut();
    void requestsFromManyThreads();
    void refusedStartIsAMessage_data();
    void refusedStartIsAMessage();
    void recoversWhatAKilledClientLeft();

private:
    HelperStartOptions options() const
    {
        HelperStartOptions o;
        o.helperPath = helperBinary();
        o.journalDir = m_journalDir;
        o.startTimeoutMs = 20000;
        return o;
    }
    std::unique_ptr<ScratchNamespace> m_ns;
    QString m_journalDir;
};

void TestHelperClient::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the helper starts directly only for root, and the test creates namespaces");
    m_journalDir = testJournalDir(QStringLiteral("helper-client"));
    m_ns = std::make_unique<ScratchNamespace>(QStringLiteral("helper3"));
    QVERIFY2(m_ns->ok(), qPrintable(m_ns->error()));
}

void TestHelperClient::cleanupTestCase()
{
    m_ns.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestHelperClient::startsDirectlyAsRoot()
{
    auto client = HelperClient::start(options());
    QVERIFY2(client.has_value(), client ? "" : qPrintable(client.error().message));
    QCOMPARE((*client)->launchMethod(), QStringLiteral("direct"));
    QVERIFY((*client)->isRunning());
    QCOMPARE((*client)->hello().value(QStringLiteral("protocol")).toInt(), 1);
    QVERIFY((*client)->recoveredAtStart().restored.isEmpty());
}

void TestHelperClient::findsTheHelperWithoutAPath()
{
    // This test runs from build/tests; the helper is in build/bin.
    HelperStartOptions o = options();
    o.helperPath.clear();
    auto client = HelperClient::start(o);
    QVERIFY2(client.has_value(), client ? "" : qPrintable(client.error().message));
    QVERIFY((*client)->get(kCork).has_value());
}

void TestHelperClient::setGetSnapshotJournalRestore()
{
    const QString cork = valueIn(*m_ns, kCork);
    auto client = HelperClient::start(options());
    QVERIFY(client.has_value());
    HelperClient &helper = **client;

    auto change = helper.set(kCork, flipped(cork) == QLatin1String("0") ? QStringLiteral("off") : QStringLiteral("on"),
                             m_ns->name());
    QVERIFY2(change.has_value(), change ? "" : qPrintable(change.error().message));
    QCOMPARE(change->key, kCork);
    QCOMPARE(change->netns, m_ns->name());
    QCOMPARE(change->oldValue, cork);
    QCOMPARE(change->newValue, flipped(cork));
    QCOMPARE(valueIn(*m_ns, kCork), flipped(cork));

    auto value = helper.get(kCork, m_ns->name());
    QVERIFY(value.has_value());
    QCOMPARE(*value, flipped(cork));
    auto snapshot = helper.snapshot(m_ns->name());
    QVERIFY(snapshot.has_value());
    QCOMPARE(snapshot->value(kCork), flipped(cork));
    QVERIFY(snapshot->contains(QStringLiteral("net.ipv4.tcp_wmem")));

    auto journal = helper.journal();
    QVERIFY(journal.has_value());
    QCOMPARE(journal->size(), 1);
    QCOMPARE(journal->first().oldValue, cork);

    auto report = helper.restore();
    QVERIFY(report.has_value());
    QCOMPARE(report->restored.size(), 1);
    QVERIFY(report->warnings.isEmpty());
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QVERIFY(helper.journal()->isEmpty());
}

void TestHelperClient::errorsComeBackAsMessages_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("inNamespace");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("unknown key") << QStringLiteral("net.ipv4.tcp_bogus") << QStringLiteral("1") << true
                                 << QStringLiteral("Unknown knob");
    QTest::addRow("path key") << QStringLiteral("../../etc/shadow") << QStringLiteral("1") << true
                              << QStringLiteral("not a knob name");
    QTest::addRow("out of range") << QStringLiteral("net.ipv4.tcp_mtu_probing") << QStringLiteral("9") << true
                                  << QStringLiteral("maximum");
    QTest::addRow("congestion not offered") << QStringLiteral("net.ipv4.tcp_congestion_control")
                                            << QStringLiteral("westwood_x") << true << QStringLiteral("not offered");
    QTest::addRow("global in namespace") << QStringLiteral("net.core.rmem_max") << QStringLiteral("8M") << true
                                         << QStringLiteral("global");
}

void TestHelperClient::errorsComeBackAsMessages()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(bool, inNamespace);
    QFETCH(QString, expectedWords);
    auto client = HelperClient::start(options());
    QVERIFY(client.has_value());
    auto change = (*client)->set(key, value, inNamespace ? m_ns->name() : QString());
    QVERIFY(!change.has_value());
    QVERIFY2(change.error().message.contains(expectedWords), qPrintable(change.error().message));
    QVERIFY((*client)->isRunning());
    QVERIFY((*client)->get(kCork, m_ns->name()).has_value()); // still serving
}

void TestHelperClient::destroyingTheClientRollsBack()
{
    const QString cork = valueIn(*m_ns, kCork);
    {
        auto client = HelperClient::start(options());
        QVERIFY(client.has_value());
        QVERIFY((*client)->set(kCork, flipped(cork), m_ns->name()).has_value());
        QCOMPARE(valueIn(*m_ns, kCork), flipped(cork));
    } // closes the helper's stdin and waits for it
    QCOMPARE(valueIn(*m_ns, kCork), cork);
}

void TestHelperClient::deadHelperFailsPendingAndLaterRequests()
{
    auto client = HelperClient::start(options());
    QVERIFY(client.has_value());
    HelperClient &helper = **client;
    const pid_t pid = pid_t(helper.hello().value(QStringLiteral("pid")).toInteger());
    QVERIFY(pid > 0);
    // Freeze it so the request below is surely pending, then kill it.
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    std::atomic_bool done{false};
    Result<QString> pending = fail(QString());
    QElapsedTimer timer;
    timer.start();
    std::thread requester([&] {
        pending = helper.get(kCork, m_ns->name());
        done = true;
    });
    QTest::qWait(200);
    QVERIFY(!done);
    QCOMPARE(::kill(pid, SIGKILL), 0);
    QTRY_VERIFY_WITH_TIMEOUT(done.load(), 5000);
    requester.join();
    QVERIFY(timer.elapsed() < 8000); // far below the 10 s request timeout
    QVERIFY(!pending.has_value());
    QVERIFY2(pending.error().message.contains(QLatin1String("exited")), qPrintable(pending.error().message));
    QVERIFY(!helper.isRunning());
    timer.restart();
    auto later = helper.get(kCork, m_ns->name());
    QVERIFY(!later.has_value());
    QVERIFY(later.error().message.contains(QLatin1String("exited")));
    QVERIFY(timer.elapsed() < 1000);
}

void TestHelperClient::hungHelperTimesOut()
{
    auto client = HelperClient::start(options());
    QVERIFY(client.has_value());
    HelperClient &helper = **client;
    const pid_t pid = pid_t(helper.hello().value(QStringLiteral("pid")).toInteger());
    QCOMPARE(::kill(pid, SIGSTOP), 0);
    QElapsedTimer timer;
    timer.start();
    auto reply = helper.request(QStringLiteral("get"), {{QStringLiteral("key"), kCork}}, 300);
    const qint64 elapsed = timer.elapsed();
    QCOMPARE(::kill(pid, SIGCONT), 0);
    QVERIFY(!reply.has_value());
    QVERIFY2(reply.error().message.contains(QLatin1String("did not answer")), qPrintable(reply.error().message));
    QVERIFY(elapsed >= 250 && elapsed < 5000);
    // The late reply to the abandoned request is dropped; the next one gets its own answer.
    auto value = helper.get(kCork, m_ns->name());
    QVERIFY(value.has_value());
    QCOMPARE(*value, valueIn(*m_ns, kCork));
}

void TestHelperClient::requestsFromManyThreads()
{
    auto client = HelperClient::start(options());
    QVERIFY(client.has_value());
    HelperClient &helper = **client;
    const QString expected = valueIn(*m_ns, kCork);
    std::atomic_int good{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 25; ++i) {
                auto v = helper.get(kCork, m_ns->name());
                if (v && *v == expected)
                    ++good;
            }
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(good.load(), 100);
}

void TestHelperClient::refusedStartIsAMessage_data()
{
    QTest::addColumn<QString>("helperPath");
    QTest::addColumn<QString>("journalDir");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("missing binary") << QStringLiteral("/nonexistent/tcptune-helper") << QString()
                                    << QStringLiteral("missing or not executable");
    QTest::addRow("helper refuses its journal folder")
        << helperBinary() << QStringLiteral("/tmp/not-run-tcptune") << QStringLiteral("/run/tcptune");
}

void TestHelperClient::refusedStartIsAMessage()
{
    QFETCH(QString, helperPath);
    QFETCH(QString, journalDir);
    QFETCH(QString, expectedWords);
    HelperStartOptions o = options();
    o.helperPath = helperPath;
    o.journalDir = journalDir;
    QElapsedTimer timer;
    timer.start();
    auto client = HelperClient::start(o);
    QVERIFY(!client.has_value());
    QVERIFY2(client.error().message.contains(expectedWords), qPrintable(client.error().message));
    QVERIFY(timer.elapsed() < 10000);
}

void TestHelperClient::recoversWhatAKilledClientLeft()
{
    const QString cork = valueIn(*m_ns, kCork);
    {
        auto client = HelperClient::start(options());
        QVERIFY(client.has_value());
        QVERIFY((*client)->set(kCork, flipped(cork), m_ns->name()).has_value());
        const pid_t pid = pid_t((*client)->hello().value(QStringLiteral("pid")).toInteger());
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!(*client)->isRunning(), 5000);
        QVERIFY(!(*client)->restore().has_value());
    }
    QCOMPARE(valueIn(*m_ns, kCork), flipped(cork));
    auto next = HelperClient::start(options());
    QVERIFY(next.has_value());
    const RestoreReport recovered = (*next)->recoveredAtStart();
    QCOMPARE(recovered.restored.size(), 1);
    QCOMPARE(recovered.restored.first().key, kCork);
    QCOMPARE(recovered.restored.first().netns, m_ns->name());
    QCOMPARE(valueIn(*m_ns, kCork), cork);
}

QTEST_GUILESS_MAIN(TestHelperClient)
#include "tst_helper_client.moc"
