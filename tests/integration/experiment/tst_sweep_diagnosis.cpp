// The verdict of real lab runs (docs/diagnosis.md), through `tcptune sweep` as a user runs it:
// story 5's small send buffer names the send buffer and its big windows the standing queue, whose
// series is stored and rises with the window; a 16 KB bottleneck queue names the loss with the
// drops `tc -s qdisc` counts; story 1 says whether autocorking engaged; a 16 KiB receive buffer
// names the receiver window; with direction down the far sender's own counters are the ones
// judged.

#include "command_runner.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-diag");

// The sweep's results.json after running SPEC (a preset or a spec file) with ARGS added.
QJsonObject sweep(const QTemporaryDir &dir, const QStringList &args, bool labDown = true)
{
    const QString outDir = dir.filePath(QStringLiteral("out"));
    QStringList all = {QStringLiteral("sweep")};
    all << args << QStringLiteral("--lab") << kLab << QStringLiteral("--db")
        << dir.filePath(QStringLiteral("results.db")) << QStringLiteral("--out") << outDir;
    if (labDown)
        all << QStringLiteral("--lab-down");
    const CommandResult r = runTcptune(all, 170000);
    qInfo().noquote() << QString::fromUtf8(r.err);
    if (r.exitCode != 0)
        return {};
    QFile json(outDir + QStringLiteral("/results.json"));
    if (!json.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(json.readAll()).object();
}

// A one-point spec in the routed lab: KNOBS added to the lab's, SO_RCVBUF etc. as knobs; a bulk
// stream sent by this end (DIRECTION "up") or by the lab's agent ("down").
QString writeSpec(const QTemporaryDir &dir, const QJsonObject &knobs, const QString &direction = QStringLiteral("up"))
{
    const QJsonObject spec{
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), QStringLiteral("diagnosis")},
        {QStringLiteral("target"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("lab")}}},
        {QStringLiteral("knobs"), knobs},
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), QStringLiteral("bulk")},
                                                 {QStringLiteral("streams"), 1},
                                                 {QStringLiteral("direction"), direction}}},
        {QStringLiteral("capture"), false},
        {QStringLiteral("duration_s"), 3},
        {QStringLiteral("omit_s"), 0.5},
        {QStringLiteral("repeats"), 1},
        {QStringLiteral("sample_ms"), 10},
    };
    const QString path = dir.filePath(QStringLiteral("spec.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(spec).toJson()) <= 0)
        return QString();
    return path;
}

QJsonArray points(const QJsonObject &results)
{
    return results.value(QStringLiteral("points")).toArray();
}

QJsonObject firstRun(const QJsonObject &point)
{
    return point.value(QStringLiteral("runs")).toArray().first().toObject();
}

// The end record of RUN named END ("local", "remote", "router").
QJsonObject endOf(const QJsonObject &run, const QString &end)
{
    for (const QJsonValue &e : run.value(QStringLiteral("ends")).toArray())
        if (e.toObject().value(QStringLiteral("end")).toString() == end)
            return e.toObject();
    return {};
}

// The queue samples ([t, backlog_bytes, backlog_packets, drops, overlimits]) of RUN.
QJsonArray queueOf(const QJsonObject &run)
{
    for (const QJsonValue &e : run.value(QStringLiteral("ends")).toArray()) {
        const QJsonArray samples =
            e.toObject().value(QStringLiteral("queue")).toObject().value(QStringLiteral("samples")).toArray();
        if (!samples.isEmpty())
            return samples;
    }
    return {};
}

// VERDICT without its leading "the flow filled the path" sentence (rule 0): what comes after it
// is the limiter the chronographs showed, said as what it cost.
QString afterPathFull(const QString &verdict)
{
    if (!verdict.startsWith(QStringLiteral("The flow filled the path: ")))
        return verdict;
    const qsizetype end = verdict.indexOf(QStringLiteral("). "));
    return end < 0 ? QString() : verdict.mid(end + 3);
}

double meanBacklog(const QJsonArray &samples)
{
    double sum = 0;
    for (const QJsonValue &s : samples)
        sum += s.toArray().at(1).toDouble();
    return samples.isEmpty() ? -1 : sum / double(samples.size());
}

// `tc -s qdisc` of the lab's bottleneck (the router's link towards the server): its drops.
qint64 tcDrops(const QString &interface)
{
    const CommandResult tc = runCommand(QStringLiteral("tc"),
                                        {QStringLiteral("-n"), QStringLiteral("tcptune-%1-router").arg(kLab),
                                         QStringLiteral("-s"), QStringLiteral("-j"), QStringLiteral("qdisc"),
                                         QStringLiteral("show"), QStringLiteral("dev"), interface},
                                        10000);
    for (const QJsonValue &q : QJsonDocument::fromJson(tc.out).array())
        if (q.toObject().value(QStringLiteral("root")).toBool())
            return qint64(q.toObject().value(QStringLiteral("drops")).toDouble(-1));
    return -1;
}

} // namespace

class TestSweepDiagnosis final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void storyFiveNamesSendBufferThenQueue();
    void tinyQueueNamesLossWithTheQdiscsDrops();
    void storyOneSaysWhetherAutocorkingEngaged();
    void smallReceiveBufferNamesTheReceiverWindow();
    void farSenderIsJudgedByItsOwnCounters();
};

void TestSweepDiagnosis::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestSweepDiagnosis::cleanup()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestSweepDiagnosis::storyFiveNamesSendBufferThenQueue()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QJsonObject results = sweep(dir, {QStringLiteral("5"), QStringLiteral("--duration"), QStringLiteral("2")});
    const QJsonArray all = points(results);
    QCOMPARE(all.size(), 8);
    QList<double> backlog;
    QList<bool> cubicPaced;
    int bigWindowsNamingTheQueue = 0;
    for (const QJsonValue &v : all) {
        const QJsonObject point = v.toObject();
        const QString label = point.value(QStringLiteral("label")).toString();
        const QJsonObject run = firstRun(point);
        const QString fullVerdict = run.value(QStringLiteral("verdict")).toString();
        qInfo().noquote() << label << fullVerdict;
        QCOMPARE(point.value(QStringLiteral("verdict")).toString(), fullVerdict);
        const QString verdict = afterPathFull(fullVerdict);
        const QJsonArray queue = queueOf(run);
        // Every 100 ms over a 2.5 s run (0.5 s omitted start included).
        QVERIFY2(queue.size() >= 15, qPrintable(label));
        backlog << meanBacklog(queue);
        const QJsonObject limiters =
            run.value(QStringLiteral("limiters")).toObject().value(QStringLiteral("run")).toObject();
        QVERIFY(limiters.contains(QStringLiteral("busy")));
        // A short run can end while cubic climbs back from drops, its own window setting the pace
        // and the RTT low (CI: 1 MiB at 22 ms, cwnd-limited 73 %); the verdict then says that.
        cubicPaced << (limiters.value(QStringLiteral("cwnd_limited")).toDouble() > 0.5);
        QVERIFY(endOf(run, QStringLiteral("local")).value(QStringLiteral("counters_read")).toBool());
        QVERIFY(endOf(run, QStringLiteral("router")).value(QStringLiteral("counters_read")).toBool());
        // The send buffer is named, first or second: a receiver that a loaded machine starves
        // of CPU may be named first for a while, but the 64 KiB buffer still held the sender.
        if (label == QStringLiteral("64 KiB"))
            QVERIFY2((verdict.contains(QStringLiteral("Sender limited by its send buffer")) &&
                      verdict.contains(QStringLiteral("(SO_SNDBUF 64 KiB)"))) ||
                         verdict.contains(QStringLiteral("The send buffer held the window at 64 KiB")),
                     qPrintable(verdict));
        if (point.value(QStringLiteral("index")).toInt() >= 5) { // 1 MiB, 2 MiB, 4 MiB
            // Behind the path-full sentence the limiter is the one most often named (from 25 %), so
            // a run whose verdict names cubic is excused even below 50 % (CI: 1 MiB at 44 %).
            const bool namesCubic = verdict.startsWith(QStringLiteral("Congestion window limited ")) ||
                                    verdict.startsWith(QStringLiteral("Congestion control set the pace "));
            if (namesCubic && (cubicPaced.last() || verdict != fullVerdict))
                continue;
            QVERIFY2(verdict.startsWith(QStringLiteral("The bottleneck queue held ")), qPrintable(verdict));
            QVERIFY2(verdict.contains(QStringLiteral(" ms of RTT.")), qPrintable(verdict));
            ++bigWindowsNamingTheQueue;
        }
    }
    QVERIFY2(bigWindowsNamingTheQueue >= 2, "from 1 MiB on, at least two of the three verdicts name the queue");
    // The standing queue grows with the window: 64 KiB < 256 KiB (unless cubic set its pace) < the
    // largest from 1 MiB on.
    const double bigBacklog = *std::max_element(backlog.cbegin() + 5, backlog.cend());
    QVERIFY2((cubicPaced.at(2) || backlog.at(0) < backlog.at(2)) && backlog.at(0) < bigBacklog &&
                 backlog.at(2) < bigBacklog,
             qPrintable(QStringLiteral("%1 %2 %3").arg(backlog.at(0)).arg(backlog.at(2)).arg(bigBacklog)));
    QVERIFY(labNamespaces(kLab).isEmpty());
}

void TestSweepDiagnosis::tinyQueueNamesLossWithTheQdiscsDrops()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = writeSpec(dir, {{QStringLiteral("lab.topology"), QStringLiteral("routed")},
                                         {QStringLiteral("lab.rate"), QStringLiteral("50mbit")},
                                         {QStringLiteral("lab.queue"), QStringLiteral("16K")}});
    QVERIFY(!spec.isEmpty());
    // The lab stays up so that tc can be asked afterwards.
    const QJsonObject run = firstRun(points(sweep(dir, {spec}, false)).first().toObject());
    const QString verdict = run.value(QStringLiteral("verdict")).toString();
    QVERIFY2(verdict.contains(QStringLiteral(" of segments retransmitted; the bottleneck dropped ")),
             qPrintable(verdict));
    const QJsonObject router = endOf(run, QStringLiteral("router"));
    const QJsonObject queue = router.value(QStringLiteral("queue")).toObject();
    const QJsonArray samples = queue.value(QStringLiteral("samples")).toArray();
    QVERIFY(!samples.isEmpty());
    const qint64 drops = qint64(samples.last().toArray().at(3).toDouble());
    QVERIFY(drops > 0);
    // Nothing but the run went through the fresh lab's bottleneck: its total is the run's.
    QCOMPARE(drops, tcDrops(queue.value(QStringLiteral("interface")).toString()));
    QVERIFY2(verdict.contains(QLocale(QLocale::English).toString(drops)) || verdict.contains(QString::number(drops)),
             qPrintable(verdict));
}

void TestSweepDiagnosis::storyOneSaysWhetherAutocorkingEngaged()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QJsonObject results = sweep(dir, {QStringLiteral("1"), QStringLiteral("--duration"), QStringLiteral("1"),
                                            QStringLiteral("--repeats"), QStringLiteral("1")});
    const QJsonArray all = points(results);
    QCOMPARE(all.size(), 2);
    const QJsonObject on = firstRun(all.at(0).toObject()); // tcp_autocorking 1
    const QJsonObject local = endOf(on, QStringLiteral("local"));
    QVERIFY(local.value(QStringLiteral("counters_read")).toBool());
    QVERIFY(local.value(QStringLiteral("sender")).toBool());
    const qint64 corked = qint64(
        local.value(QStringLiteral("counters")).toObject().value(QStringLiteral("TcpExtTCPAutoCorking")).toDouble(0));
    const QString verdict = on.value(QStringLiteral("verdict")).toString();
    qInfo().noquote() << QStringLiteral("TcpExtTCPAutoCorking") << corked << verdict;
    if (corked == 0)
        QVERIFY2(verdict.contains(QStringLiteral("Autocorking never engaged in this set-up")), qPrintable(verdict));
    else
        QVERIFY2(verdict.contains(QStringLiteral("Autocorking held writes back")), qPrintable(verdict));
    // The off arm never claims autocorking engaged.
    const QString off = firstRun(all.at(1).toObject()).value(QStringLiteral("verdict")).toString();
    QVERIFY2(!off.contains(QStringLiteral("Autocorking never engaged")), qPrintable(off));
}

// SO_RCVBUF 16 KiB at the receiver (the lab's agent), over the unshaped direct link: the receive
// window holds the sender back, and the kernel's rwnd-limited timer shows it (docs/diagnosis.md
// rules 3 and 6a). With cubic the sender fills every window it gets (97 % rwnd-limited on a quiet
// machine); bbr, this machine's default, paces below it and shows only ~29 %, near rule 6a's edge.
void TestSweepDiagnosis::smallReceiveBufferNamesTheReceiverWindow()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = writeSpec(dir, {{QStringLiteral("lab.topology"), QStringLiteral("direct")},
                                         {QStringLiteral("socket.SO_RCVBUF"), QStringLiteral("16K")},
                                         {QStringLiteral("socket.TCP_CONGESTION"), QStringLiteral("cubic")}});
    QVERIFY(!spec.isEmpty());
    const QJsonObject run = firstRun(points(sweep(dir, {spec})).first().toObject());
    const QString verdict = run.value(QStringLiteral("verdict")).toString();
    qInfo().noquote() << verdict;
    QVERIFY2(verdict.startsWith(QStringLiteral("Receiver window limited ")) &&
                 verdict.contains(QStringLiteral("(SO_RCVBUF 16 KiB at the receiver)")),
             qPrintable(verdict));
}

// Direction down in the lab: the agent in the server namespace sends with a 64 KiB send buffer.
// Its TCP_INFO gives the limiters and its namespace's counters are the sender's; this end's
// (the client namespace) only acknowledged.
void TestSweepDiagnosis::farSenderIsJudgedByItsOwnCounters()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = writeSpec(dir,
                                   {{QStringLiteral("lab.topology"), QStringLiteral("routed")},
                                    {QStringLiteral("lab.rate"), QStringLiteral("50mbit")},
                                    {QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("64K")}},
                                   QStringLiteral("down"));
    QVERIFY(!spec.isEmpty());
    const QJsonObject run = firstRun(points(sweep(dir, {spec})).first().toObject());
    const QString verdict = run.value(QStringLiteral("verdict")).toString();
    qInfo().noquote() << verdict;
    QVERIFY(!verdict.isEmpty());
    // The limiters are the far sender's TCP_INFO (this end only received), and its 64 KiB send
    // buffer was set on its own socket (the kernel doubles it).
    const QJsonObject limiters =
        run.value(QStringLiteral("limiters")).toObject().value(QStringLiteral("run")).toObject();
    QVERIFY(limiters.value(QStringLiteral("busy")).toDouble() > 0);
    QCOMPARE(run.value(QStringLiteral("sndbuf_actual")).toDouble(), 131072.0);
    const QJsonObject far = endOf(run, QStringLiteral("remote"));
    const QJsonObject near = endOf(run, QStringLiteral("local"));
    QVERIFY(far.value(QStringLiteral("sender")).toBool());
    QVERIFY(!near.value(QStringLiteral("sender")).toBool());
    QVERIFY2(far.value(QStringLiteral("counters_read")).toBool(),
             qPrintable(far.value(QStringLiteral("counters_note")).toString()));
    QVERIFY(near.value(QStringLiteral("counters_read")).toBool());
    QCOMPARE(far.value(QStringLiteral("where")).toString(), QStringLiteral("tcptune-%1-server").arg(kLab));
    // Every byte that arrived left the server namespace in segments of at most one MSS.
    const double received = run.value(QStringLiteral("receiver_bytes")).toDouble();
    const auto dataSent = [](const QJsonObject &end) {
        return end.value(QStringLiteral("counters"))
            .toObject()
            .value(QStringLiteral("TcpExtTCPOrigDataSent"))
            .toDouble(0);
    };
    QVERIFY2(received > 0 && dataSent(far) >= received / 1500,
             qPrintable(QStringLiteral("%1 bytes, %2 segments").arg(received).arg(dataSent(far))));
    QVERIFY(dataSent(near) < dataSent(far) / 10);
}

QTEST_GUILESS_MAIN(TestSweepDiagnosis)
#include "tst_sweep_diagnosis.moc"
