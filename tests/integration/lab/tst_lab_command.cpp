// `tcptune lab` and `tcptune run` against the lab, as a user runs them (root): the shaped
// routed lab delivers its rate, a big send buffer bloats the bottleneck queue (cubic), knobs set
// inside the lab leave the host alone, --delay is refused without netem and applied with it, and
// `lab down` leaves no namespace or link behind. Every test uses its own lab name and always
// removes it.

#include "both_directions.h"
#include "command_runner.h"
#include "scratch_namespace.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTest>

using namespace tcptune::test;

namespace {

QString netnsList()
{
    return QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("list")}).out);
}

QString hostValue(const char *path)
{
    QFile f(QString::fromLatin1(path));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).trimmed() : QString();
}

struct Lab {
    QString name;
    explicit Lab(QString n)
        : name(std::move(n))
    {
        runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), name},
                   30000); // a leftover of a crashed run
    }
    ~Lab() { runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), name}, 30000); }
    CommandResult up(const QStringList &options) const
    {
        return runTcptune(
            QStringList{QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"), name} + options, 60000);
    }
};

QJsonObject runJson(const QString &lab, const QStringList &options, QString *error)
{
    const CommandResult r =
        runTcptune(QStringList{QStringLiteral("run"), QStringLiteral("--lab"), lab, QStringLiteral("--duration"),
                               QStringLiteral("3"), QStringLiteral("--json")} +
                       options,
                   60000);
    if (r.exitCode != 0) {
        *error = QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromLocal8Bit(r.err));
        return {};
    }
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestLabCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runStartsALabThatIsDown();
    void routedRateIsDelivered();
    void bothDirectionsAtOnce();
    void bigSendBufferBloatsTheQueue();
    void knobsInsideTheLabLeaveTheHostAlone();
    void delayFollowsNetem();
    void downLeavesNothingBehind();
    void statusJson();
    void labTrafficWithoutHelperIsRefused();
    void badArguments_data();
    void badArguments();
};

void TestLabCommand::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("the lab needs root");
}

void TestLabCommand::runStartsALabThatIsDown()
{
    Lab lab(QStringLiteral("t-lab13"));
    const CommandResult r = runTcptune({QStringLiteral("run"), QStringLiteral("--lab"), lab.name,
                                        QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("--json")},
                                       60000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("throughput_bps")).toDouble() > 0);
    // Started with the defaults: routed and unshaped.
    const QJsonObject status =
        QJsonDocument::fromJson(runTcptune({QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--name"),
                                            lab.name, QStringLiteral("--json")})
                                    .out)
            .object();
    QCOMPARE(status.value(QStringLiteral("state")).toString(), QStringLiteral("up"));
    QCOMPARE(status.value(QStringLiteral("spec")).toObject().value(QStringLiteral("topology")).toString(),
             QStringLiteral("routed"));
    QCOMPARE(status.value(QStringLiteral("spec")).toObject().value(QStringLiteral("rate_bps")).toDouble(), 0.0);
}

void TestLabCommand::routedRateIsDelivered()
{
    Lab lab(QStringLiteral("t-lab6"));
    const CommandResult up = lab.up({QStringLiteral("--rate"), QStringLiteral("50mbit")});
    QVERIFY2(up.exitCode == 0, up.err.constData());
    QString error;
    const QJsonObject result = runJson(lab.name, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const double mbps = result.value(QStringLiteral("throughput_bps")).toDouble() / 1e6;
    qInfo("routed lab at 50 Mbit/s: %.2f Mbit/s receiver goodput", mbps);
    QVERIFY2(mbps >= 45 && mbps <= 50, qPrintable(QString::number(mbps)));
    // Every byte went through the router's tbf: its counter covers what the receiver got.
    const QJsonObject status =
        QJsonDocument::fromJson(runTcptune({QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--name"),
                                            lab.name, QStringLiteral("--json")})
                                    .out)
            .object();
    const QJsonObject bottleneck = status.value(QStringLiteral("bottleneck")).toObject();
    QCOMPARE(bottleneck.value(QStringLiteral("kind")).toString(), QStringLiteral("tbf"));
    const double receiverBytes = result.value(QStringLiteral("receiver_bytes")).toDouble();
    QVERIFY(receiverBytes > 0);
    QVERIFY2(
        bottleneck.value(QStringLiteral("bytes")).toDouble() >= receiverBytes,
        qPrintable(
            QStringLiteral("%1 < %2").arg(bottleneck.value(QStringLiteral("bytes")).toDouble()).arg(receiverBytes)));

    // The far end sending (direction down) meets the same limit on the way back, and the queue
    // watched is the one its data goes through: the router's link towards the client.
    const QJsonObject down = runJson(lab.name, {QStringLiteral("--direction"), QStringLiteral("down")}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const double downMbps = down.value(QStringLiteral("throughput_bps")).toDouble() / 1e6;
    qInfo("routed lab at 50 Mbit/s, direction down: %.2f Mbit/s receiver goodput", downMbps);
    QVERIFY2(downMbps >= 45 && downMbps <= 50, qPrintable(QString::number(downMbps)));
    QStringList queues;
    for (const QJsonValue &end :
         down.value(QStringLiteral("diagnosis")).toObject().value(QStringLiteral("ends")).toArray())
        if (end.toObject().contains(QStringLiteral("queue")))
            queues << end.toObject()
                          .value(QStringLiteral("queue"))
                          .toObject()
                          .value(QStringLiteral("interface"))
                          .toString();
    QCOMPARE(queues, QStringList{QStringLiteral("tcpt-r0")});
}

// Direction both: the lab shapes each way alike, so each direction gets the rate on its own.
// Each direction's sender samples (this host's, the lab agent's streamed back), and the result
// keeps them apart: per stream, per direction, and the run's total as their sum.
void TestLabCommand::bothDirectionsAtOnce()
{
    Lab lab(QStringLiteral("t-lab14"));
    const CommandResult up = lab.up({QStringLiteral("--rate"), QStringLiteral("50mbit")});
    QVERIFY2(up.exitCode == 0, up.err.constData());
    QString error;
    const QJsonObject result = runJson(
        lab.name,
        {QStringLiteral("--direction"), QStringLiteral("both"), QStringLiteral("--streams"), QStringLiteral("2")},
        &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(result.value(QStringLiteral("direction")).toString(), QStringLiteral("both"));
    // The sender's TCP_INFO for the whole run (10 ms for 3 s; a loaded machine drops ticks).
    // Each direction also carries the other's ACKs and starts slowly in a 3 s run: one measured
    // 39.8 Mbit/s beside the other's 45.5 on a quiet machine. 35 (70 % of the rate) still tells
    // a direction shaped on its own from two sharing one 50 Mbit/s link (25 each).
    const QString problem = checkBothDirections(result, "routed lab at 50 Mbit/s, direction both",
                                                {35e6, 50e6, QStringLiteral("local sender"), 120},
                                                {35e6, 50e6, QStringLiteral("target sender"), 120});
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    double sum = 0;
    for (const QJsonValue &v : result.value(QStringLiteral("directions")).toArray()) {
        const QJsonObject d = v.toObject();
        QCOMPARE(d.value(QStringLiteral("received_by")).toString(),
                 QLatin1String(d.value(QStringLiteral("direction")).toString() == QLatin1String("up")
                                   ? "target receiver"
                                   : "local receiver"));
        QVERIFY(d.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble() > 0);
        sum += d.value(QStringLiteral("throughput_bps")).toDouble();
    }
    QVERIFY(qAbs(result.value(QStringLiteral("throughput_bps")).toDouble() - sum) < 1);
    // Two streams each way, in order: this host's first, then the lab agent's.
    const QJsonArray streams = result.value(QStringLiteral("per_stream")).toArray();
    QCOMPARE(streams.size(), 4);
    for (int i = 0; i < 4; ++i) {
        const QJsonObject s = streams.at(i).toObject();
        QCOMPARE(s.value(QStringLiteral("direction")).toString(), QLatin1String(i < 2 ? "up" : "down"));
        QVERIFY2(s.value(QStringLiteral("sender_bytes")).toDouble() > 0, qPrintable(QString::number(i)));
        QVERIFY(!s.value(QStringLiteral("samples")).toArray().isEmpty());
    }
}

void TestLabCommand::bigSendBufferBloatsTheQueue()
{
    Lab lab(QStringLiteral("t-lab7"));
    const CommandResult up =
        lab.up({QStringLiteral("--rate"), QStringLiteral("50mbit"), QStringLiteral("--queue"), QStringLiteral("2M")});
    QVERIFY2(up.exitCode == 0, up.err.constData());
    QString error;
    const QJsonObject small = runJson(
        lab.name, {QStringLiteral("--cc"), QStringLiteral("cubic"), QStringLiteral("--sndbuf"), QStringLiteral("64K")},
        &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const double smallRtt = small.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble();
    QVERIFY(smallRtt > 0);
    // A window larger than the path holds overfills the queue, and a 3 s run can end while cubic
    // still climbs back from the drops, the RTT low most of the run (CI: 26 ms against 19.5): up
    // to three runs, one of which must show the bloat.
    double bigRtt = 0;
    for (int attempt = 1; attempt <= 3 && bigRtt < 3 * smallRtt; ++attempt) {
        const QJsonObject big =
            runJson(lab.name,
                    {QStringLiteral("--cc"), QStringLiteral("cubic"), QStringLiteral("--sndbuf"), QStringLiteral("1M")},
                    &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        bigRtt = big.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble();
        qInfo("median RTT: %.2f ms with --sndbuf 64K, %.2f ms with --sndbuf 1M (ratio %.1f, run %d)", smallRtt, bigRtt,
              bigRtt / smallRtt, attempt);
    }
    QVERIFY2(bigRtt >= 3 * smallRtt, qPrintable(QStringLiteral("%1 vs %2").arg(bigRtt).arg(smallRtt)));
}

void TestLabCommand::knobsInsideTheLabLeaveTheHostAlone()
{
    Lab lab(QStringLiteral("t-lab8"));
    const CommandResult up = lab.up({});
    QVERIFY2(up.exitCode == 0, up.err.constData());
    const char *path = "/proc/sys/net/ipv4/tcp_autocorking";
    const QString hostBefore = hostValue(path);
    QVERIFY(!hostBefore.isEmpty());
    const QString flipped = hostBefore == QLatin1String("0") ? QStringLiteral("1") : QStringLiteral("0");
    const QString client = QStringLiteral("tcptune-t-lab8-client");
    const auto inLab = [&client, path] {
        return QString::fromLocal8Bit(
                   runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), client,
                                                     QStringLiteral("cat"), QString::fromLatin1(path)})
                       .out)
            .trimmed();
    };
    const QString labBefore = inLab();
    // While the knob is changed in the lab's client namespace, print it there and on the host;
    // the namespace named as every other command names a lab (--lab), and by its own name.
    for (const QStringList &where : {QStringList{QStringLiteral("--lab"), QStringLiteral("t-lab8")},
                                     QStringList{QStringLiteral("--netns"), client}}) {
        const CommandResult r = runTcptune(
            QStringList{QStringLiteral("knobs"), QStringLiteral("set"),
                        QStringLiteral("net.ipv4.tcp_autocorking=") + flipped} +
                where +
                QStringList{QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                            QStringLiteral("ip netns exec %1 cat %2; cat %2").arg(client, QString::fromLatin1(path))},
            30000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList lines = QString::fromLocal8Bit(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0), flipped);    // inside the lab
        QCOMPARE(lines.at(1), hostBefore); // the host, meanwhile
        QCOMPARE(hostValue(path), hostBefore);
        QCOMPARE(inLab(), labBefore); // put back when the command ended
    }
}

void TestLabCommand::delayFollowsNetem()
{
    Lab lab(QStringLiteral("t-lab9"));
    const CommandResult probe =
        lab.up({QStringLiteral("--rate"), QStringLiteral("10mbit")}); // also makes sure the qdiscs are probed
    QVERIFY2(probe.exitCode == 0, probe.err.constData());
    const auto status = [&lab] {
        return QJsonDocument::fromJson(runTcptune({QStringLiteral("lab"), QStringLiteral("status"),
                                                   QStringLiteral("--name"), lab.name, QStringLiteral("--json")})
                                           .out)
            .object();
    };
    const QJsonObject qdiscs = status().value(QStringLiteral("qdiscs")).toObject();
    const bool netem = qdiscs.value(QStringLiteral("available")).toArray().contains(QStringLiteral("netem"));
    QVERIFY2(netem != qdiscs.value(QStringLiteral("missing")).toArray().contains(QStringLiteral("netem")),
             "netem was not probed");
    const CommandResult r = lab.up({QStringLiteral("--delay"), QStringLiteral("20")});
    const QJsonObject after = status();
    QCOMPARE(after.value(QStringLiteral("state")).toString(), QStringLiteral("up")); // the lab works either way
    if (!netem) {
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("netem is not in this kernel"), r.err.constData());
        QCOMPARE(after.value(QStringLiteral("spec")).toObject().value(QStringLiteral("delay_ms")).toInt(), 0);
        return;
    }
    // With netem the delay is applied: recorded, and netem sits on the router's client side.
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(after.value(QStringLiteral("spec")).toObject().value(QStringLiteral("delay_ms")).toInt(), 20);
    const QString qdisc = QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"),
                   {QStringLiteral("netns"), QStringLiteral("exec"), QStringLiteral("tcptune-t-lab9-router"),
                    QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("show"), QStringLiteral("dev"),
                    QStringLiteral("tcpt-r0")})
            .out);
    QVERIFY2(qdisc.contains(QStringLiteral("netem")) && qdisc.contains(QStringLiteral("delay 20")), qPrintable(qdisc));
}

void TestLabCommand::downLeavesNothingBehind()
{
    const QString hostLinksBefore = QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), {QStringLiteral("-o"), QStringLiteral("link"), QStringLiteral("show")}).out);
    {
        Lab lab(QStringLiteral("t-lab10"));
        const CommandResult up = lab.up(
            {QStringLiteral("--rate"), QStringLiteral("20mbit"), QStringLiteral("--mtu"), QStringLiteral("9000")});
        QVERIFY2(up.exitCode == 0, up.err.constData());
        QCOMPARE(netnsList().count(QStringLiteral("tcptune-t-lab10-")), 3);
        const CommandResult down =
            runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), lab.name}, 30000);
        QVERIFY2(down.exitCode == 0, down.err.constData());
    }
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-lab10-")));
    QVERIFY(!QFile::exists(QStringLiteral("/run/tcptune/labs/t-lab10.json")));
    const QString hostLinks = QString::fromLocal8Bit(
        runCommand(QStringLiteral("ip"), {QStringLiteral("-o"), QStringLiteral("link"), QStringLiteral("show")}).out);
    QVERIFY(!hostLinks.contains(QStringLiteral("tcpt-")));
    QCOMPARE(hostLinks.count(QLatin1Char('\n')), hostLinksBefore.count(QLatin1Char('\n')));
}

void TestLabCommand::statusJson()
{
    Lab lab(QStringLiteral("t-lab11"));
    QCOMPARE(QJsonDocument::fromJson(runTcptune({QStringLiteral("lab"), QStringLiteral("status"),
                                                 QStringLiteral("--name"), lab.name, QStringLiteral("--json")})
                                         .out)
                 .object()
                 .value(QStringLiteral("state"))
                 .toString(),
             QStringLiteral("down"));
    const CommandResult up = lab.up({QStringLiteral("--topology"), QStringLiteral("direct")});
    QVERIFY2(up.exitCode == 0, up.err.constData());
    const QJsonObject o =
        QJsonDocument::fromJson(runTcptune({QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--name"),
                                            lab.name, QStringLiteral("--json")})
                                    .out)
            .object();
    QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("up"));
    QCOMPARE(o.value(QStringLiteral("spec")).toObject().value(QStringLiteral("topology")).toString(),
             QStringLiteral("direct"));
    const QJsonObject e = o.value(QStringLiteral("endpoints")).toObject();
    QCOMPARE(e.value(QStringLiteral("client_netns")).toString(), QStringLiteral("tcptune-t-lab11-client"));
    QCOMPARE(e.value(QStringLiteral("server_netns")).toString(), QStringLiteral("tcptune-t-lab11-server"));
    QCOMPARE(o.value(QStringLiteral("namespaces")).toArray().size(), 2);
    const QString text = QString::fromUtf8(runTcptune({QStringLiteral("lab"), QStringLiteral("status")}).out);
    QVERIFY2(text.contains(QStringLiteral("Lab t-lab11 is up: direct")), qPrintable(text));

    // Without root (whether or not it may read the records) an up lab is never called a leftover.
    if (!QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty()) {
        const CommandResult asNobody =
            runCommand(QStringLiteral("setpriv"),
                       {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                        QStringLiteral("--clear-groups"), binary(QStringLiteral("tcptune")), QStringLiteral("lab"),
                        QStringLiteral("status"), QStringLiteral("--name"), lab.name, QStringLiteral("--json")});
        QCOMPARE(asNobody.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(asNobody.out).object().value(QStringLiteral("state")).toString(),
                 QStringLiteral("up"));
    }
}

void TestLabCommand::labTrafficWithoutHelperIsRefused()
{
    if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
        QSKIP("setpriv (util-linux) is missing");
    // As an unprivileged user (nobody) whom neither polkit nor sudo lets start tcptune-helper, the
    // run refuses before touching any lab, and says what would let it.
    const CommandResult r =
        runCommand(QStringLiteral("setpriv"),
                   {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                    binary(QStringLiteral("tcptune")), QStringLiteral("run"), QStringLiteral("--lab"),
                    QStringLiteral("t-lab12"), QStringLiteral("--duration"), QStringLiteral("1")},
                   30000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("tcptune-helper") && r.err.contains("pkexec") && r.err.contains("sudo"), r.err.constData());
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-lab12-")));
}

void TestLabCommand::badArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("no action") << QStringList{QStringLiteral("lab")} << QStringLiteral("tcptune lab up");
    QTest::addRow("unknown action") << QStringList{QStringLiteral("lab"), QStringLiteral("sideways")}
                                    << QStringLiteral("up, down or status");
    QTest::addRow("bad name") << QStringList{QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"),
                                             QStringLiteral("../etc")}
                              << QStringLiteral("lab name");
    QTest::addRow("bad rate") << QStringList{QStringLiteral("lab"),    QStringLiteral("up"),
                                             QStringLiteral("--name"), QStringLiteral("t-bad"),
                                             QStringLiteral("--rate"), QStringLiteral("fast")}
                              << QStringLiteral("lab.rate");
    QTest::addRow("bad mtu") << QStringList{QStringLiteral("lab"),   QStringLiteral("up"),    QStringLiteral("--name"),
                                            QStringLiteral("t-bad"), QStringLiteral("--mtu"), QStringLiteral("70000")}
                             << QStringLiteral("lab.mtu");
    QTest::addRow("bad topology") << QStringList{QStringLiteral("lab"),        QStringLiteral("up"),
                                                 QStringLiteral("--name"),     QStringLiteral("t-bad"),
                                                 QStringLiteral("--topology"), QStringLiteral("ring")}
                                  << QStringLiteral("lab.topology");
    QTest::addRow("shaping on down") << QStringList{QStringLiteral("lab"), QStringLiteral("down"),
                                                    QStringLiteral("--rate"), QStringLiteral("1mbit")}
                                     << QStringLiteral("lab up");
}

void TestLabCommand::badArguments()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const CommandResult r = runTcptune(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromLocal8Bit(r.err).contains(mentions), r.err.constData());
    QVERIFY(!netnsList().contains(QStringLiteral("tcptune-t-bad-")));
}

QTEST_GUILESS_MAIN(TestLabCommand)
#include "tst_lab_command.moc"
