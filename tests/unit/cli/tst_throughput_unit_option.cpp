// --unit of the commands, for real: `tcptune run` against a `tcptune serve` on loopback prints
// its receiver's throughput in MB/s, an eighth of the bit/s its --json gives (JSON stays in bit/s,
// whatever --unit says), and a sweep of two 0.3 s runs prints its table and each run's line in
// Gbit/s. A unit that is none is refused before anything runs, with the names to give.

#include "command_runner.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune::test;

class TestThroughputUnitOption final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void runPrintsItsRateInTheUnit();
    void sweepPrintsItsTableInTheUnit();
    void aBadUnitIsRefusedBeforeAnythingRuns_data();
    void aBadUnitIsRefusedBeforeAnythingRuns();

private:
    QTemporaryDir m_dir;
    QProcess m_serve;
    QString m_target;
};

namespace {

// A loopback port nobody listens on right now.
quint16 freeLoopbackPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof a;
    quint16 port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &length) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

} // namespace

void TestThroughputUnitOption::initTestCase()
{
    qputenv("LANGUAGE", "en");
    QVERIFY(m_dir.isValid());
    const quint16 port = freeLoopbackPort();
    QVERIFY(port > 0);
    m_target = QStringLiteral("127.0.0.1:%1").arg(port);
    m_serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_serve.start(binary(QStringLiteral("tcptune")),
                  {QStringLiteral("serve"), QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
                   QStringLiteral("--port"), QString::number(port)});
    QVERIFY(m_serve.waitForStarted());
    bool ran = false; // the agent listens once it answers a run; a few tries on a loaded machine
    for (int attempt = 0; attempt < 10 && !ran; ++attempt) {
        ran = runTcptune({QStringLiteral("run"), QStringLiteral("--target"), m_target, QStringLiteral("--duration"),
                          QStringLiteral("0.2"), QStringLiteral("--json")})
                  .exitCode == 0;
        if (!ran)
            QTest::qWait(300);
    }
    QVERIFY2(ran, "tcptune serve on loopback did not answer a run");
}

void TestThroughputUnitOption::cleanupTestCase()
{
    m_serve.terminate();
    if (!m_serve.waitForFinished(10000))
        m_serve.kill();
}

void TestThroughputUnitOption::runPrintsItsRateInTheUnit()
{
    const QStringList run{QStringLiteral("run"),        QStringLiteral("--target"), m_target,
                          QStringLiteral("--duration"), QStringLiteral("0.5"),      QStringLiteral("--unit"),
                          QStringLiteral("MB")};
    const CommandResult text = runTcptune(run);
    QVERIFY2(text.exitCode == 0, text.err.constData());
    static const QRegularExpression line(QStringLiteral(R"(throughput +([0-9.]+) MB/s \(receiver\))"));
    const QRegularExpressionMatch m = line.match(QString::fromUtf8(text.out));
    QVERIFY2(m.hasMatch(), text.out.constData());
    QVERIFY(!text.out.contains("Mbit/s") && !text.out.contains("Gbit/s"));
    const double mb = m.captured(1).toDouble();
    QVERIFY(mb > 0);

    const CommandResult json = runTcptune(run + QStringList{QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const double bps = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("throughput_bps")).toDouble();
    QVERIFY2(bps > 1e6, json.out.left(300).constData()); // bit/s, not MB/s
    // Two runs of the same loopback: the same order of magnitude, not a factor 8 or 1e6 apart.
    QVERIFY2(bps / 8e6 / mb > 0.25 && bps / 8e6 / mb < 4, qPrintable(QStringLiteral("%1 vs %2").arg(bps).arg(mb)));
}

void TestThroughputUnitOption::sweepPrintsItsTableInTheUnit()
{
    const QString spec = m_dir.filePath(QStringLiteral("spec.json"));
    QFile file(spec);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral(R"({"name": "unit test", "target": "%1", "duration_s": 0.3,
        "sweep": {"axes": [{"parameter": "workload.streams", "values": ["1", "2"]}]}})")
                   .arg(m_target)
                   .toUtf8());
    file.close();
    const CommandResult r =
        runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--db"), m_dir.filePath(QStringLiteral("r.db")),
                    QStringLiteral("--unit"), QStringLiteral("g")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("throughput Gbit/s (mean ± sd)"), r.out.constData());
    QVERIFY2(r.out.contains("per run Gbit/s"), r.out.constData());
    QVERIFY2(!r.out.contains("Mbit/s"), r.out.constData());
    QVERIFY2(QString::fromUtf8(r.err).contains(QRegularExpression(QStringLiteral(R"(\(repeat 1\): [0-9.]+ Gbit/s)"))),
             r.err.constData());
}

void TestThroughputUnitOption::aBadUnitIsRefusedBeforeAnythingRuns_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addRow("run") << QStringList{QStringLiteral("run"), QStringLiteral("--target"),
                                        QStringLiteral("127.0.0.1:9"), QStringLiteral("--unit"),
                                        QStringLiteral("kbit")};
    QTest::addRow("results show") << QStringList{QStringLiteral("results"), QStringLiteral("show"), QStringLiteral("1"),
                                                 QStringLiteral("--unit"), QStringLiteral("G")};
    QTest::addRow("sweep") << QStringList{QStringLiteral("sweep"), QStringLiteral("5"), QStringLiteral("--unit"),
                                          QStringLiteral("mb")};
}

void TestThroughputUnitOption::aBadUnitIsRefusedBeforeAnythingRuns()
{
    QFETCH(QStringList, args);
    if (args.first() != QLatin1String("run"))
        args << QStringLiteral("--db") << m_dir.filePath(QStringLiteral("none.db"));
    const CommandResult r = runTcptune(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("is not a throughput unit; give mbit (Mbit/s), gbit (Gbit/s) or MB (MB/s)."),
             r.err.constData());
    QVERIFY(!r.err.contains("Connecting"));
}

QTEST_GUILESS_MAIN(TestThroughputUnitOption)
#include "tst_throughput_unit_option.moc"
