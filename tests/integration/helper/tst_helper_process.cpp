// tcptune-helper as a real root process over pipes: every bad input gets an error reply naming
// the problem and the helper goes on serving; changes (made inside namespaces this test creates)
// are rolled back on stdin EOF, on SIGTERM/SIGHUP/SIGINT, on "restore", and by the next helper
// after a SIGKILL; keys changed by someone else are skipped; nothing outside /proc/sys/net and
// /run/tcptune is opened for writing.

#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <unistd.h>
#include <sys/types.h>

using namespace tcptune::test;

namespace {

const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");
const QString kCongestion = QStringLiteral("net.ipv4.tcp_congestion_control");
const QString kWmem = QStringLiteral("net.ipv4.tcp_wmem");

QString procPath(const QString &key)
{
    return QStringLiteral("/proc/sys/") + QString(key).replace(QLatin1Char('.'), QLatin1Char('/'));
}

QString valueIn(const ScratchNamespace &ns, const QString &key)
{
    return ns.exec({QStringLiteral("cat"), procPath(key)}).simplified();
}

QString hostValue(const QString &key)
{
    QFile f(procPath(key));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).simplified() : QString();
}

QJsonObject setParams(const QString &key, const QJsonValue &value, const QString &netns = {})
{
    QJsonObject p{{QStringLiteral("key"), key}, {QStringLiteral("value"), value}};
    if (!netns.isEmpty())
        p.insert(QStringLiteral("netns"), netns);
    return p;
}

QString errorOf(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("error")).toString();
}

bool isOk(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("ok")).toBool();
}

QByteArray bootId()
{
    QFile f(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

QStringList keysOf(const QJsonArray &changes)
{
    QStringList keys;
    for (const QJsonValue &v : changes)
        keys << v.toObject().value(QStringLiteral("key")).toString();
    return keys;
}

} // namespace

class TestHelperProcess final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void helloReportsCapabilities();
    void closesInheritedDescriptors();
    void reportsTheRequestingUser_data();
    void reportsTheRequestingUser();
    void badInputsGetErrorRepliesAndServingGoesOn_data();
    void badInputsGetErrorRepliesAndServingGoesOn();
    void eofInTheMiddleOfARequest();
    void setsInsideNamespaceAndRollsBackOnEof();
    void rollsBackOnSignal_data();
    void rollsBackOnSignal();
    void restoreSkipsKeysChangedMeanwhile();
    void killedHelperIsRolledBackByTheNextStart();
    void failedRecoveryIsKeptForTheNextAttempt();
    void truncatedOrphanIsKeptAside();
    void coreFeatureOffOnlyWhenConfirmedOnTheHost();
    void journalOfVanishedNamespaceIsDropped();
    void journalFromInsideANamespaceIsThatNamespaces();
    void refusesJournalOutsideRunTcptune();
    void refusesToRunAsNonRoot();
    void writesOnlyUnderProcSysNetAndRunTcptune();

private:
    QStringList journalArgs() const { return {QStringLiteral("--journal-dir"), m_journalDir}; }
    std::unique_ptr<ScratchNamespace> m_ns;
    QString m_journalDir;
};

void TestHelperProcess::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("the helper runs as root only");
    m_journalDir = testJournalDir(QStringLiteral("helper-process"));
    m_ns = std::make_unique<ScratchNamespace>(QStringLiteral("helper1"));
    QVERIFY2(m_ns->ok(), qPrintable(m_ns->error()));
}

void TestHelperProcess::cleanupTestCase()
{
    m_ns.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestHelperProcess::helloReportsCapabilities()
{
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply = helper.call(QStringLiteral("hello"));
    QVERIFY2(isOk(reply), qPrintable(errorOf(reply)));
    QCOMPARE(reply.value(QStringLiteral("id")).toInt(), 1);
    const QJsonObject result = reply.value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("protocol")).toInt(), 1);
    const QJsonArray caps = result.value(QStringLiteral("capabilities")).toArray();
    for (const char *op : {"hello", "get", "set", "snapshot", "restore", "journal"})
        QVERIFY2(caps.contains(QLatin1String(op)), op);
    QCOMPARE(result.value(QStringLiteral("pid")).toInteger(), helper.pid());
    QVERIFY(result.value(QStringLiteral("journal")).toString().startsWith(m_journalDir + QLatin1Char('/')));
    QVERIFY(helper.closeAndWait());
    QCOMPARE(helper.process().exitCode(), 0);
    QVERIFY(QDir(m_journalDir).entryList(QDir::Files).isEmpty());
}

void TestHelperProcess::closesInheritedDescriptors()
{
    QTemporaryDir tmp;
    const QByteArray stray = (tmp.path() + QStringLiteral("/stray")).toLocal8Bit();
    // Opened without O_CLOEXEC: the helper inherits it and must close it itself.
    const int fd = ::open(stray.constData(), O_RDWR | O_CREAT, 0600);
    QVERIFY(fd >= 0);
    HelperPipe helper(journalArgs());
    ::close(fd);
    QVERIFY(helper.started());
    QVERIFY(isOk(helper.call(QStringLiteral("hello"))));
    const QDir fds(QStringLiteral("/proc/%1/fd").arg(helper.pid()));
    QStringList targets;
    for (const QFileInfo &entry : fds.entryInfoList(QDir::System | QDir::Files | QDir::NoDotAndDotDot))
        if (entry.fileName().toInt() > 2)
            targets << entry.symLinkTarget();
    QVERIFY(!targets.isEmpty()); // at least the journal lock
    for (const QString &target : targets)
        QVERIFY2(target.startsWith(m_journalDir) || target.contains(QLatin1String("pipe:")) || // termination signals
                     target.contains(QLatin1String("socket:")) || target.isEmpty(),
                 qPrintable(targets.join(QLatin1Char(' '))));
    QVERIFY(!targets.contains(QString::fromLocal8Bit(stray)));
    QVERIFY(helper.closeAndWait());
}

void TestHelperProcess::reportsTheRequestingUser_data()
{
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("uid");
    QTest::addRow("pkexec") << QStringLiteral("PKEXEC_UID") << QStringLiteral("1234") << 1234;
    QTest::addRow("sudo") << QStringLiteral("SUDO_UID") << QStringLiteral("4321") << 4321;
    QTest::addRow("garbage falls back to getuid") << QStringLiteral("SUDO_UID") << QStringLiteral("12ab") << 0;
    QTest::addRow("neither") << QStringLiteral("TCPTUNE_UNUSED") << QStringLiteral("1") << 0;
}

void TestHelperProcess::reportsTheRequestingUser()
{
    QFETCH(QString, variable);
    QFETCH(QString, value);
    QFETCH(int, uid);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("PKEXEC_UID"));
    env.remove(QStringLiteral("SUDO_UID"));
    env.insert(variable, value);
    HelperPipe helper(journalArgs(), helperBinary(), env);
    QVERIFY(helper.started());
    const QJsonObject hello = helper.call(QStringLiteral("hello"));
    QCOMPARE(hello.value(QStringLiteral("result")).toObject().value(QStringLiteral("uid")).toInt(), uid);
    QVERIFY(helper.closeAndWait());
}

void TestHelperProcess::badInputsGetErrorRepliesAndServingGoesOn_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("expectedWords");
    QTest::addColumn<int>("id"); // -1: the reply has no id (the line could not be read)
    const QByteArray ns = m_ns ? m_ns->name().toUtf8() : QByteArray("tcptune-t-helper1");
    auto set = [](const QByteArray &key, const QByteArray &value, const QByteArray &netns = {}) -> QByteArray {
        QByteArray line = R"({"id":7,"op":"set","params":{"key":)" + key + R"(,"value":)" + value;
        if (!netns.isEmpty())
            line += R"(,"netns":")" + netns + '"';
        return line + "}}\n";
    };
    QTest::addRow("unknown key") << set(R"("net.ipv4.tcp_nonsense")", R"("1")") << QStringLiteral("Unknown knob") << 7;
    QTest::addRow("key with ..") << set(R"("net.ipv4..tcp_sack")", R"("1")") << QStringLiteral("not a knob name") << 7;
    QTest::addRow("key with ../") << set(R"("net/../../kernel/hostname")", R"("x")")
                                  << QStringLiteral("not a knob name") << 7;
    QTest::addRow("key with /") << set(R"("net/ipv4/tcp_sack")", R"("1")") << QStringLiteral("not a knob name") << 7;
    QTest::addRow("key with space") << set(R"("net.ipv4.tcp sack")", R"("1")") << QStringLiteral("not a knob name")
                                    << 7;
    QTest::addRow("key with NUL") << set(R"("net.ipv4.tcp_sack\u0000")", R"("1")") << QStringLiteral("not a knob name")
                                  << 7;
    QTest::addRow("key not a string") << set("5", R"("1")") << QStringLiteral("must be a string") << 7;
    QTest::addRow("socket option") << set(R"("socket.SO_SNDBUF")", R"("1")") << QStringLiteral("not a kernel sysctl")
                                   << 7;
    QTest::addRow("out of range") << set(R"("net.ipv4.tcp_ecn")", R"("7")") << QStringLiteral("maximum") << 7;
    QTest::addRow("negative") << set(R"("net.ipv4.tcp_limit_output_bytes")", R"("-1")") << QStringLiteral("negative")
                              << 7;
    QTest::addRow("wrong-typed text") << set(R"("net.ipv4.tcp_autocorking")", R"("sometimes")")
                                      << QStringLiteral("switch") << 7;
    QTest::addRow("wrong JSON type") << set(R"("net.ipv4.tcp_autocorking")", "true")
                                     << QStringLiteral("must be a string") << 7;
    QTest::addRow("fraction") << set(R"("net.ipv4.tcp_autocorking")", "0.5") << QStringLiteral("must be a string") << 7;
    QTest::addRow("congestion not offered") << set(R"("net.ipv4.tcp_congestion_control")", R"("no_such_cc")")
                                            << QStringLiteral("not offered by this kernel") << 7;
    QTest::addRow("congestion not offered in netns") << set(R"("net.ipv4.tcp_congestion_control")", R"("vegas2")", ns)
                                                     << QStringLiteral("not offered by this kernel") << 7;
    QTest::addRow("global knob in namespace")
        << set(R"("net.core.wmem_max")", R"("1M")", ns) << QStringLiteral("global") << 7;
    QTest::addRow("foreign namespace") << set(R"("net.ipv4.tcp_sack")", R"("1")", "default")
                                       << QStringLiteral("tcptune-") << 7;
    QTest::addRow("namespace path") << set(R"("net.ipv4.tcp_sack")", R"("1")", "../../proc/1/ns/net")
                                    << QStringLiteral("tcptune-") << 7;
    QTest::addRow("missing namespace") << set(R"("net.ipv4.tcp_sack")", R"("1")", "tcptune-t-helper-gone")
                                       << QStringLiteral("does not exist") << 7;
    QTest::addRow("namespace with final newline")
        << set(R"("net.ipv4.tcp_sack")", R"("1")", ns + "\\n") << QStringLiteral("is not a tcptune namespace") << 7;
    QTest::addRow("rmem_default 2G on the host")
        << set(R"("net.core.rmem_default")", R"("2G")") << QStringLiteral("maximum") << 7;
    QTest::addRow("sack off on the host unconfirmed")
        << set(R"("net.ipv4.tcp_sack")", R"("0")") << QStringLiteral("explicit confirmation") << 7;
    QTest::addRow("timestamps off on the host unconfirmed")
        << set(R"("net.ipv4.tcp_timestamps")", R"("0")") << QStringLiteral("--force") << 7;
    QTest::addRow("confirm not a boolean")
        << QByteArray(R"({"id":7,"op":"set","params":{"key":"net.ipv4.tcp_sack","value":"0","confirm":"yes"}})"
                      "\n")
        << QStringLiteral("true or false") << 7;
    QTest::addRow("missing value") << QByteArray(R"({"id":8,"op":"set","params":{"key":"net.ipv4.tcp_sack"}})"
                                                 "\n")
                                   << QStringLiteral("must be a string") << 8;
    QTest::addRow("get global in namespace")
        << QByteArray(R"({"id":9,"op":"get","params":{"key":"net.core.rmem_max","netns":")" + ns + "\"}}\n")
        << QStringLiteral("global") << 9;
    QTest::addRow("unknown op") << QByteArray(R"({"id":10,"op":"format_disk"})"
                                              "\n")
                                << QStringLiteral("Unknown operation 'format_disk'") << 10;
    QTest::addRow("malformed JSON") << QByteArray("{\"id\":11,\"op\":\n") << QStringLiteral("Malformed JSON") << -1;
    QTest::addRow("not an object") << QByteArray("[\"hello\"]\n") << QStringLiteral("JSON object") << -1;
    QTest::addRow("invalid UTF-8") << QByteArray("{\"id\":12,\"op\":\"hel\xff\xfelo\"}\n") << QStringLiteral("UTF-8")
                                   << -1;
    QTest::addRow("overlong line") << QByteArray(R"({"id":13,"op":"hello","params":{"pad":")") + QByteArray(6000, 'x') +
                                          QByteArray("\"}}\n")
                                   << QStringLiteral("longer than 4096") << -1;
    QTest::addRow("overlong without JSON") << QByteArray(100000, 'y') + '\n'
                                           << QStringLiteral("longer than 4096") << -1;
}

void TestHelperProcess::badInputsGetErrorRepliesAndServingGoesOn()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, expectedWords);
    QFETCH(int, id);
    const QString corkHost = hostValue(kCork);
    const QString corkNs = valueIn(*m_ns, kCork);
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply = helper.sendRaw(line);
    QVERIFY2(!reply.isEmpty(), "no reply");
    QVERIFY(!isOk(reply));
    QVERIFY2(errorOf(reply).contains(expectedWords), qPrintable(errorOf(reply)));
    if (id >= 0)
        QCOMPARE(reply.value(QStringLiteral("id")).toInt(), id);
    else
        QVERIFY(reply.value(QStringLiteral("id")).isNull());
    // Exactly one reply per bad line, and the helper goes on serving.
    const QJsonObject hello = helper.call(QStringLiteral("hello"));
    QVERIFY2(isOk(hello), QJsonDocument(hello).toJson().constData());
    const QJsonObject journal = helper.call(QStringLiteral("journal"));
    QVERIFY(journal.value(QStringLiteral("result")).toObject().value(QStringLiteral("entries")).toArray().isEmpty());
    QVERIFY(helper.closeAndWait());
    QCOMPARE(hostValue(kCork), corkHost);
    QCOMPARE(valueIn(*m_ns, kCork), corkNs);
}

void TestHelperProcess::eofInTheMiddleOfARequest()
{
    const QString before = valueIn(*m_ns, kCork);
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QByteArray partial = R"({"id":1,"op":"set","params":{"key":"net.ipv4.tcp_autocorking","value":")" +
                               QByteArray(before == QLatin1String("1") ? "0" : "1") + R"(","netns":")" +
                               m_ns->name().toUtf8() + R"("}})";
    helper.process().write(partial); // no newline: the request is not complete
    QVERIFY(helper.closeAndWait());
    QCOMPARE(helper.process().exitStatus(), QProcess::NormalExit);
    const QJsonObject reply = QJsonDocument::fromJson(helper.readLine(1000)).object();
    QVERIFY(!isOk(reply));
    QVERIFY2(errorOf(reply).contains(QLatin1String("middle of a request")), qPrintable(errorOf(reply)));
    QCOMPARE(valueIn(*m_ns, kCork), before);
}

void TestHelperProcess::setsInsideNamespaceAndRollsBackOnEof()
{
    const QString cork = valueIn(*m_ns, kCork);
    const QString congestion = valueIn(*m_ns, kCongestion);
    const QString wmem = valueIn(*m_ns, kWmem);
    const QString otherCc = congestion == QLatin1String("reno") ? QStringLiteral("cubic") : QStringLiteral("reno");
    const QString newCork = cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    const QString hostCork = hostValue(kCork);

    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    QJsonObject reply = helper.call(QStringLiteral("set"), setParams(kCork, newCork, m_ns->name()));
    QVERIFY2(isOk(reply), qPrintable(errorOf(reply)));
    QJsonObject result = reply.value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("old")).toString(), cork);
    QCOMPARE(result.value(QStringLiteral("new")).toString(), newCork);
    reply = helper.call(QStringLiteral("set"), setParams(kCongestion, otherCc, m_ns->name()));
    QVERIFY2(isOk(reply), qPrintable(errorOf(reply)));
    reply = helper.call(QStringLiteral("set"), setParams(kWmem, QStringLiteral("4096,64K,4M"), m_ns->name()));
    QVERIFY2(isOk(reply), qPrintable(errorOf(reply)));
    QCOMPARE(reply.value(QStringLiteral("result")).toObject().value(QStringLiteral("new")).toString(),
             QStringLiteral("4096 65536 4194304"));

    QCOMPARE(valueIn(*m_ns, kCork), newCork);
    QCOMPARE(valueIn(*m_ns, kCongestion), otherCc);
    QCOMPARE(valueIn(*m_ns, kWmem), QStringLiteral("4096 65536 4194304"));
    QCOMPARE(hostValue(kCork), hostCork); // the host is untouched

    reply = helper.call(QStringLiteral("get"),
                        {{QStringLiteral("key"), kCongestion}, {QStringLiteral("netns"), m_ns->name()}});
    QCOMPARE(reply.value(QStringLiteral("result")).toObject().value(QStringLiteral("value")).toString(), otherCc);
    reply = helper.call(QStringLiteral("snapshot"), {{QStringLiteral("netns"), m_ns->name()}});
    QCOMPARE(reply.value(QStringLiteral("result"))
                 .toObject()
                 .value(QStringLiteral("values"))
                 .toObject()
                 .value(kCork)
                 .toString(),
             newCork);
    reply = helper.call(QStringLiteral("journal"));
    const QJsonArray entries =
        reply.value(QStringLiteral("result")).toObject().value(QStringLiteral("entries")).toArray();
    QCOMPARE(keysOf(entries), (QStringList{kCork, kCongestion, kWmem}));
    QCOMPARE(entries[1].toObject().value(QStringLiteral("old")).toString(), congestion);

    QVERIFY(helper.closeAndWait()); // stdin EOF: the client is gone
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QCOMPARE(valueIn(*m_ns, kCongestion), congestion);
    QCOMPARE(valueIn(*m_ns, kWmem), wmem);
}

void TestHelperProcess::rollsBackOnSignal_data()
{
    QTest::addColumn<int>("signal");
    QTest::addRow("SIGTERM") << int(SIGTERM);
    QTest::addRow("SIGHUP") << int(SIGHUP);
    QTest::addRow("SIGINT") << int(SIGINT);
}

void TestHelperProcess::rollsBackOnSignal()
{
    QFETCH(int, signal);
    const QString cork = valueIn(*m_ns, kCork);
    const QString newCork = cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(kCork, newCork, m_ns->name()))));
    QCOMPARE(valueIn(*m_ns, kCork), newCork);
    QCOMPARE(::kill(pid_t(helper.pid()), signal), 0);
    QVERIFY(helper.process().waitForFinished(10000));
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QVERIFY(QDir(m_journalDir).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty());
}

void TestHelperProcess::restoreSkipsKeysChangedMeanwhile()
{
    const QString cork = valueIn(*m_ns, kCork);
    const QString newCork = cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    const QString ecn = valueIn(*m_ns, QStringLiteral("net.ipv4.tcp_ecn"));
    const QString newEcn = ecn == QLatin1String("1") ? QStringLiteral("2") : QStringLiteral("1");
    const QString otherEcn = QStringLiteral("0");
    QVERIFY(newEcn != otherEcn && ecn != otherEcn);

    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(kCork, newCork, m_ns->name()))));
    QVERIFY(
        isOk(helper.call(QStringLiteral("set"), setParams(QStringLiteral("net.ipv4.tcp_ecn"), newEcn, m_ns->name()))));
    // Someone else changes tcp_ecn behind the helper's back.
    m_ns->exec({QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-w"),
                QStringLiteral("net.ipv4.tcp_ecn=") + otherEcn});
    QCOMPARE(valueIn(*m_ns, QStringLiteral("net.ipv4.tcp_ecn")), otherEcn);

    const QJsonObject reply = helper.call(QStringLiteral("restore"));
    QVERIFY2(isOk(reply), qPrintable(errorOf(reply)));
    const QJsonObject result = reply.value(QStringLiteral("result")).toObject();
    QCOMPARE(keysOf(result.value(QStringLiteral("restored")).toArray()), QStringList{kCork});
    const QJsonArray warnings = result.value(QStringLiteral("warnings")).toArray();
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].toString().contains(QLatin1String("net.ipv4.tcp_ecn")) &&
                 warnings[0].toString().contains(QLatin1String("someone else")),
             qPrintable(warnings[0].toString()));
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QCOMPARE(valueIn(*m_ns, QStringLiteral("net.ipv4.tcp_ecn")), otherEcn); // not clobbered
    const QJsonObject journal = helper.call(QStringLiteral("journal"));
    QVERIFY(journal.value(QStringLiteral("result")).toObject().value(QStringLiteral("entries")).toArray().isEmpty());
    QVERIFY(helper.closeAndWait());
    m_ns->exec({QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-w"),
                QStringLiteral("net.ipv4.tcp_ecn=") + ecn});
}

void TestHelperProcess::killedHelperIsRolledBackByTheNextStart()
{
    const QString cork = valueIn(*m_ns, kCork);
    const QString newCork = cork == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    {
        HelperPipe helper(journalArgs());
        QVERIFY(helper.started());
        QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(kCork, newCork, m_ns->name()))));
        helper.process().kill(); // SIGKILL: no chance to roll back
        QVERIFY(helper.process().waitForFinished(5000));
    }
    QCOMPARE(valueIn(*m_ns, kCork), newCork);
    QCOMPARE(QDir(m_journalDir).entryList({QStringLiteral("journal-*.json")}, QDir::Files).size(), 1);

    HelperPipe next(journalArgs());
    QVERIFY(next.started());
    const QJsonObject hello = next.call(QStringLiteral("hello"));
    QVERIFY(isOk(hello));
    const QJsonObject recovered =
        hello.value(QStringLiteral("result")).toObject().value(QStringLiteral("recovered")).toObject();
    QCOMPARE(keysOf(recovered.value(QStringLiteral("restored")).toArray()), QStringList{kCork});
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QVERIFY(next.closeAndWait());
    QVERIFY(QDir(m_journalDir).entryList({QStringLiteral("journal-*")}, QDir::Files).isEmpty());
}

void TestHelperProcess::failedRecoveryIsKeptForTheNextAttempt()
{
    // A dead helper's journal whose rollback cannot work now (the old congestion control is not
    // offered by this kernel, e.g. its module was unloaded): the entry must survive recovery.
    m_ns->exec(
        {QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-w"), kCongestion + QStringLiteral("=reno")});
    const QString orphan = m_journalDir + QStringLiteral("/journal-999999997.json");
    const QByteArray content = R"({"version":1,"boot_id":")" + bootId() +
                               R"(","entries":[{"key":"net.ipv4.tcp_congestion_control","netns":")" +
                               m_ns->name().toUtf8() + R"(","old":"gone_cc","new":"reno"}]})";
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (attempt == 0) {
            QFile file(orphan);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(content);
        }
        HelperPipe helper(journalArgs());
        QVERIFY(helper.started());
        const QJsonObject recovered = helper.call(QStringLiteral("hello"))
                                          .value(QStringLiteral("result"))
                                          .toObject()
                                          .value(QStringLiteral("recovered"))
                                          .toObject();
        const QString warnings = QString::fromUtf8(
            QJsonDocument(recovered.value(QStringLiteral("warnings")).toArray()).toJson(QJsonDocument::Compact));
        QVERIFY2(warnings.contains(QLatin1String("next attempt")), qPrintable(warnings));
        QVERIFY(helper.closeAndWait());
        QFile kept(orphan);
        QVERIFY2(kept.open(QIODevice::ReadOnly), "the failed entry was dropped");
        const QJsonArray entries =
            QJsonDocument::fromJson(kept.readAll()).object().value(QStringLiteral("entries")).toArray();
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries[0].toObject().value(QStringLiteral("old")).toString(), QStringLiteral("gone_cc"));
    }
    QVERIFY(QFile::remove(orphan));
    QFile::remove(m_journalDir + QStringLiteral("/journal-999999997.lock"));
}

// A dead helper's journal cut off in the middle (a full disk, a crash while writing) is neither
// deleted nor rolled back: it is moved aside under a name no later helper claims, the warning names
// it, and the helper starts and serves.
void TestHelperProcess::truncatedOrphanIsKeptAside()
{
    const QString orphan = m_journalDir + QStringLiteral("/journal-999999996.json");
    const QByteArray whole = R"({"version":1,"boot_id":")" + bootId() +
                             R"(","entries":[{"key":"net.ipv4.tcp_congestion_control","netns":")" +
                             m_ns->name().toUtf8() + R"(","old":"cubic","new":"reno"}]})";
    const QByteArray truncated = whole.left(whole.size() / 2);
    {
        QFile file(orphan);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(truncated);
    }
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject hello = helper.call(QStringLiteral("hello"));
    QVERIFY2(isOk(hello), qPrintable(errorOf(hello)));
    const QJsonArray warnings = hello.value(QStringLiteral("result"))
                                    .toObject()
                                    .value(QStringLiteral("recovered"))
                                    .toObject()
                                    .value(QStringLiteral("warnings"))
                                    .toArray();
    QCOMPARE(warnings.size(), 1);
    const QString warning = warnings[0].toString();
    const QStringList aside =
        QDir(m_journalDir).entryList({QStringLiteral("journal-999999996.json.corrupt-*")}, QDir::Files);
    QCOMPARE(aside.size(), 1);
    const QString asidePath = m_journalDir + QLatin1Char('/') + aside.first();
    QVERIFY2(warning.contains(asidePath) && warning.contains(orphan), qPrintable(warning));
    QVERIFY(!QFile::exists(orphan));
    QFile kept(asidePath);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), truncated); // kept as it was, byte for byte
    // The helper serves, and the next one leaves the file aside alone.
    QVERIFY(isOk(helper.call(QStringLiteral("get"), {{QStringLiteral("key"), kCork}})));
    QVERIFY(helper.closeAndWait());
    HelperPipe next(journalArgs());
    QVERIFY(next.started());
    const QJsonObject again = next.call(QStringLiteral("hello"));
    QVERIFY(again.value(QStringLiteral("result"))
                .toObject()
                .value(QStringLiteral("recovered"))
                .toObject()
                .value(QStringLiteral("warnings"))
                .toArray()
                .isEmpty());
    QVERIFY(next.closeAndWait());
    QVERIFY(QFile::exists(asidePath));
    QVERIFY(QFile::remove(asidePath));
}

void TestHelperProcess::coreFeatureOffOnlyWhenConfirmedOnTheHost()
{
    const QString sack = QStringLiteral("net.ipv4.tcp_sack");
    const QString hostSack = hostValue(sack);
    if (hostSack != QLatin1String("1"))
        QSKIP("SACK is already off on this host");
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    // Inside a lab namespace it is an ordinary change.
    QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(sack, QStringLiteral("0"), m_ns->name()))));
    QCOMPARE(valueIn(*m_ns, sack), QStringLiteral("0"));
    const QJsonObject refused = helper.call(QStringLiteral("set"), setParams(sack, QStringLiteral("0")));
    QVERIFY(!isOk(refused));
    QCOMPARE(hostValue(sack), hostSack);
    // Confirmed, it is done on the host (for a moment: restored right away).
    QJsonObject confirmed = setParams(sack, QStringLiteral("0"));
    confirmed.insert(QStringLiteral("confirm"), true);
    const QJsonObject done = helper.call(QStringLiteral("set"), confirmed);
    const QString hostDuring = hostValue(sack);
    const QJsonObject restored = helper.call(QStringLiteral("restore"));
    QCOMPARE(hostValue(sack), hostSack);
    QVERIFY2(isOk(done), qPrintable(errorOf(done)));
    QCOMPARE(hostDuring, QStringLiteral("0"));
    QVERIFY(isOk(restored));
    QCOMPARE(valueIn(*m_ns, sack), QStringLiteral("1"));
    QVERIFY(helper.closeAndWait());
}

void TestHelperProcess::journalOfVanishedNamespaceIsDropped()
{
    {
        ScratchNamespace gone(QStringLiteral("helper2"));
        QVERIFY2(gone.ok(), qPrintable(gone.error()));
        HelperPipe helper(journalArgs());
        QVERIFY(helper.started());
        QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(kCork, QStringLiteral("0"), gone.name()))));
        helper.process().kill();
        QVERIFY(helper.process().waitForFinished(5000));
    } // the namespace is deleted here
    HelperPipe next(journalArgs());
    QVERIFY(next.started());
    const QJsonObject hello = next.call(QStringLiteral("hello"));
    const QJsonObject recovered =
        hello.value(QStringLiteral("result")).toObject().value(QStringLiteral("recovered")).toObject();
    QVERIFY(recovered.value(QStringLiteral("restored")).toArray().isEmpty());
    const QJsonArray warnings = recovered.value(QStringLiteral("warnings")).toArray();
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].toString().contains(QLatin1String("no longer exists")), qPrintable(warnings[0].toString()));
    QVERIFY(next.closeAndWait());
    QVERIFY(QDir(m_journalDir).entryList({QStringLiteral("journal-*")}, QDir::Files).isEmpty());
}

// A helper that ran inside a network namespace (a far end's sshd on this machine, as
// tst_tune_far has it) writes its journal to the same /run/tcptune; its entries without a
// namespace are that namespace's. Killed there, its journal is left alone by a helper on the host
// while the namespace lives (a helper inside it restores the value), and dropped with a warning
// once the namespace is gone: never applied to the host's own knobs.
void TestHelperProcess::journalFromInsideANamespaceIsThatNamespaces()
{
    const QString key = QStringLiteral("net.ipv4.tcp_limit_output_bytes");
    const QString hostBefore = hostValue(key);
    const auto hostHelperHello = [&] {
        HelperPipe helper(journalArgs());
        const QJsonObject recovered = helper.call(QStringLiteral("hello"))
                                          .value(QStringLiteral("result"))
                                          .toObject()
                                          .value(QStringLiteral("recovered"))
                                          .toObject();
        helper.closeAndWait();
        return recovered;
    };
    const QStringList inside = {QStringLiteral("netns"), QStringLiteral("exec")};
    const QString helperPath = helperBinary();
    QString journal;
    {
        ScratchNamespace far(QStringLiteral("helper3"));
        QVERIFY2(far.ok(), qPrintable(far.error()));
        const QString before = valueIn(far, key);
        const QString changed = QString::number(before.toLongLong() / 2);
        {
            HelperPipe helper(inside + QStringList{far.name(), helperPath} + journalArgs(), QStringLiteral("ip"));
            QVERIFY(helper.started());
            QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(key, changed))));
            journal = m_journalDir + QStringLiteral("/journal-%1.json").arg(helper.pid());
            helper.process().kill();
            QVERIFY(helper.process().waitForFinished(5000));
        }
        QVERIFY(QFile::exists(journal));
        QCOMPARE(valueIn(far, key), changed);

        const QJsonObject onHost = hostHelperHello();
        QVERIFY(onHost.value(QStringLiteral("restored")).toArray().isEmpty());
        QVERIFY(onHost.value(QStringLiteral("warnings")).toArray().isEmpty());
        QVERIFY2(QFile::exists(journal), "a helper on the host took a journal of a namespace that still exists");
        QCOMPARE(valueIn(far, key), changed);
        QCOMPARE(hostValue(key), hostBefore);

        // Killed again before it restores, so that the journal outlives the namespace.
        HelperPipe there(inside + QStringList{far.name(), helperPath} + journalArgs(), QStringLiteral("ip"));
        QVERIFY(there.started());
        QVERIFY(isOk(there.call(QStringLiteral("hello"))));
        QCOMPARE(valueIn(far, key), before);
        QVERIFY(!QFile::exists(journal));
        QVERIFY(isOk(there.call(QStringLiteral("set"), setParams(key, changed))));
        journal = m_journalDir + QStringLiteral("/journal-%1.json").arg(there.pid());
        there.process().kill();
        QVERIFY(there.process().waitForFinished(5000));
    } // the namespace is deleted here, the journal of its killed helper stays
    QVERIFY(QFile::exists(journal));
    const QJsonObject after = hostHelperHello();
    QVERIFY(after.value(QStringLiteral("restored")).toArray().isEmpty());
    const QJsonArray warnings = after.value(QStringLiteral("warnings")).toArray();
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].toString().contains(QLatin1String("no longer exists")) &&
                 warnings[0].toString().contains(journal),
             qPrintable(warnings[0].toString()));
    QVERIFY(!QFile::exists(journal));
    QCOMPARE(hostValue(key), hostBefore);
}

void TestHelperProcess::refusesJournalOutsideRunTcptune()
{
    QTemporaryDir tmp;
    const QString outside = tmp.path() + QStringLiteral("/journal");
    HelperPipe helper({QStringLiteral("--journal-dir"), outside});
    QVERIFY(helper.started());
    QVERIFY(helper.process().waitForFinished(10000));
    QVERIFY(helper.process().exitCode() != 0);
    const QJsonObject reply = QJsonDocument::fromJson(helper.readLine(1000)).object();
    QVERIFY2(errorOf(reply).contains(QLatin1String("/run/tcptune")), qPrintable(errorOf(reply)));
    QVERIFY(!QFile::exists(outside));
}

void TestHelperProcess::refusesToRunAsNonRoot()
{
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (setpriv.isEmpty())
        QSKIP("setpriv (util-linux) is not installed");
    // A copy that user nobody may execute (the build tree may not be reachable for it).
    QTemporaryDir tmp;
    QVERIFY(QFile::setPermissions(tmp.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                                                  QFileDevice::ReadOther | QFileDevice::ExeOther));
    const QString copy = tmp.path() + QStringLiteral("/tcptune-helper");
    QVERIFY(QFile::copy(helperBinary(), copy));
    HelperPipe helper(
        {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"), copy},
        setpriv);
    QVERIFY(helper.started());
    QVERIFY(helper.process().waitForFinished(10000));
    QCOMPARE(helper.process().exitCode(), 126);
    const QJsonObject reply = QJsonDocument::fromJson(helper.readLine(1000)).object();
    QVERIFY(!isOk(reply));
    QVERIFY2(errorOf(reply).contains(QLatin1String("must run as root")), qPrintable(errorOf(reply)));
    QVERIFY(errorOf(reply).contains(QLatin1String("pkexec")));
    QVERIFY(QString::fromLocal8Bit(helper.process().readAllStandardError()).contains(QLatin1String("root")));
}

void TestHelperProcess::writesOnlyUnderProcSysNetAndRunTcptune()
{
    const QString strace = QStandardPaths::findExecutable(QStringLiteral("strace"));
    if (strace.isEmpty())
        QSKIP("strace is not installed (scripts/install-deps installs it)");
    QTemporaryDir tmp;
    const QString trace = tmp.path() + QStringLiteral("/trace");
    const QString cork = valueIn(*m_ns, kCork);
    {
        HelperPipe helper({QStringLiteral("-f"), QStringLiteral("-qq"), QStringLiteral("-e"),
                           QStringLiteral("trace=open,openat,openat2,creat,rename,renameat,renameat2,mkdir,mkdirat,"
                                          "unlink,unlinkat,truncate"),
                           QStringLiteral("-o"), trace, helperBinary(), QStringLiteral("--journal-dir"), m_journalDir},
                          strace);
        QVERIFY(helper.started());
        QVERIFY(isOk(helper.call(QStringLiteral("hello"), {}, 30000)));
        QVERIFY(isOk(helper.call(QStringLiteral("set"), setParams(kCork, QStringLiteral("0"), m_ns->name()))));
        QVERIFY(!isOk(helper.call(QStringLiteral("set"),
                                  setParams(QStringLiteral("net/../../etc/passwd"), QStringLiteral("x")))));
        QVERIFY(!isOk(helper.sendRaw("{\"id\":1,\"op\":\"\xff\"}\n")));
        QVERIFY(isOk(helper.call(QStringLiteral("restore"))));
        QVERIFY(helper.closeAndWait(30000));
    }
    QCOMPARE(valueIn(*m_ns, kCork), cork);
    QFile file(trace);
    QVERIFY(file.open(QIODevice::ReadOnly));
    static const QRegularExpression call(QStringLiteral("(open|openat|openat2|creat|rename|renameat|renameat2|mkdir|"
                                                        "mkdirat|unlink|unlinkat|truncate)\\((.*)"));
    static const QRegularExpression quoted(QStringLiteral("\"([^\"]*)\""));
    int writes = 0;
    int procWrites = 0;
    const QStringList lines = QString::fromLocal8Bit(file.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const auto m = call.match(line);
        if (!m.hasMatch())
            continue;
        const QString name = m.captured(1);
        const QString args = m.captured(2);
        const bool opens = name.startsWith(QLatin1String("open"));
        const bool writing = !opens || name == QLatin1String("creat") || args.contains(QLatin1String("O_WRONLY")) ||
                             args.contains(QLatin1String("O_RDWR")) || args.contains(QLatin1String("O_CREAT")) ||
                             args.contains(QLatin1String("O_TRUNC"));
        if (!writing)
            continue;
        auto it = quoted.globalMatch(args);
        while (it.hasNext()) {
            const QString path = QDir::cleanPath(it.next().captured(1));
            ++writes;
            if (path.startsWith(QLatin1String("/proc/sys/net/")))
                ++procWrites;
            QVERIFY2(path.startsWith(QLatin1String("/proc/sys/net/")) || path == QLatin1String("/run/tcptune") ||
                         path.startsWith(QLatin1String("/run/tcptune/")),
                     qPrintable(line));
        }
    }
    QVERIFY(writes > 0);
    QCOMPARE(procWrites, 2); // the set and its rollback
}

QTEST_GUILESS_MAIN(TestHelperProcess)
#include "tst_helper_process.moc"
