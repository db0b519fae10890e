// Several ends at once for real (issue 12, point 9): the routed lab at 50 Mbit/s, two OpenSSH
// servers in its server namespace (ports 2222 and 2223, each with its own generated keys, one
// client config that knows both), and `tcptune run --target ssh://...:2222 --target ssh://...:2223
// --direction down`: two far agents send to the client namespace at once through the one
// bottleneck. Together they fill it (40-50 Mbit/s), each end has its own samples from its own far
// sender and its own progress during the run, and Jain's index over their throughput is in the
// result, with this end's kernel counters and the verdict. A sweep of a spec whose target lists
// both ends stores each end's samples, totals and knobs with the run, and this end's kernel
// counters as a run of one end has them, and names the ends and the fairness in its verdict. A list
// naming one end twice, too many ends, and an end that cannot be reached are refused with one line,
// the last before any traffic flows. A knob something else changes on the second end during a run
// (a third sshd in the router namespace, so the second end's kernel is not the first's) is flagged
// naming that end.

#include "command_runner.h"
#include "scratch_namespace.h"
#include "ssh_server.h"

#include "experiment/store/result_store.h"
#include "lab/lab_layout.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tcptune::test;

class TestSeveralEnds final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void twoSshEndsIntoOneReceiver();
    void sweepStoresEachEnd();
    void knobChangedOnTheSecondEndIsFlagged();
    void badLists_data();
    void badLists();
    void unreachableEndStopsTheOthers();

private:
    QString endAt(int port) const { return QStringLiteral("ssh://root@%1:%2").arg(m_serverAddress).arg(port); }
    CommandResult runEnds(const QStringList &targets, const QStringList &more = {}) const;
    QString farAutocorking(const QString &netns = {}) const; // net.ipv4.tcp_autocorking there (default: the server's)
    QString writeSpec(const QString &name, const QJsonObject &spec) const;

    QTemporaryDir m_dir;
    QString m_clientNetns;
    QString m_serverAddress;
    QString m_serverNetns;
    std::unique_ptr<SshServer> m_first;
    std::unique_ptr<SshServer> m_second;
    std::unique_ptr<SshServer> m_router; // in the router namespace, on its address towards the client
    tcptune::LabLayout m_layout;
    static constexpr QLatin1StringView kLab{"t-ends"};
};

static QJsonObject labStatus()
{
    return QJsonDocument::fromJson(
               runTcptune({QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--name"),
                           QStringLiteral("t-ends"), QStringLiteral("--json")})
                   .out)
        .object();
}

void TestSeveralEnds::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for the lab and sshd");
    runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), kLab},
               30000); // a leftover of a crashed run
    const CommandResult up = runTcptune({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"), kLab,
                                         QStringLiteral("--rate"), QStringLiteral("50mbit")},
                                        60000);
    QVERIFY2(up.exitCode == 0, up.err.constData());
    const QJsonObject endpoints = labStatus().value(QStringLiteral("endpoints")).toObject();
    m_clientNetns = endpoints.value(QStringLiteral("client_netns")).toString();
    m_serverAddress = endpoints.value(QStringLiteral("server_address")).toString();
    m_serverNetns = endpoints.value(QStringLiteral("server_netns")).toString();
    const QString &serverNetns = m_serverNetns;
    QVERIFY2(!m_clientNetns.isEmpty() && !serverNetns.isEmpty() &&
                 m_serverAddress.startsWith(QStringLiteral("198.18.")),
             QJsonDocument(endpoints).toJson().constData());
    m_first = std::make_unique<SshServer>(serverNetns, m_serverAddress, 2222);
    m_second = std::make_unique<SshServer>(serverNetns, m_serverAddress, 2223);
    for (SshServer *server : {m_first.get(), m_second.get()}) {
        const QString problem = server->start();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    QVERIFY(writeSharedClientConfig(m_dir.filePath(QStringLiteral("ssh_config")), {m_first.get(), m_second.get()}));
    m_layout = tcptune::layoutFor(QString(kLab), tcptune::LabTopology::Routed);
    m_router = std::make_unique<SshServer>(m_layout.routerNetns, m_layout.routerClientAddress, 2224);
    const QString problem = m_router->start();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(
        writeSharedClientConfig(m_dir.filePath(QStringLiteral("ssh_config_router")), {m_first.get(), m_router.get()}));
}

void TestSeveralEnds::cleanupTestCase()
{
    m_first.reset();
    m_second.reset();
    m_router.reset();
    if (runningAsRoot())
        runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), kLab}, 30000);
}

CommandResult TestSeveralEnds::runEnds(const QStringList &targets, const QStringList &more) const
{
    QStringList args{QStringLiteral("run"), QStringLiteral("--ssh-config"),
                     m_dir.filePath(QStringLiteral("ssh_config"))};
    for (const QString &t : targets)
        args << QStringLiteral("--target") << t;
    return runCommand(QStringLiteral("ip"), tcptuneOverSsh(m_clientNetns, args + more), 90000);
}

QString TestSeveralEnds::farAutocorking(const QString &netns) const
{
    const QString where = netns.isEmpty() ? m_serverNetns : netns;
    return QString::fromUtf8(runCommand(QStringLiteral("ip"),
                                        {QStringLiteral("netns"), QStringLiteral("exec"), where, QStringLiteral("cat"),
                                         QStringLiteral("/proc/sys/net/ipv4/tcp_autocorking")})
                                 .out)
        .trimmed();
}

QString TestSeveralEnds::writeSpec(const QString &name, const QJsonObject &spec) const
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(spec).toJson()) <= 0)
        return {};
    return path;
}

void TestSeveralEnds::twoSshEndsIntoOneReceiver()
{
    const QStringList ends{endAt(2222), endAt(2223)};
    const CommandResult r =
        runEnds(ends, {QStringLiteral("--direction"), QStringLiteral("down"), QStringLiteral("--duration"),
                       QStringLiteral("4"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonArray targets = o.value(QStringLiteral("targets")).toArray();
    QCOMPARE(targets.size(), 2);
    const double total = o.value(QStringLiteral("throughput_bps")).toDouble();
    const double a = targets.at(0).toObject().value(QStringLiteral("throughput_bps")).toDouble();
    const double b = targets.at(1).toObject().value(QStringLiteral("throughput_bps")).toDouble();
    const double jain = o.value(QStringLiteral("jain_fairness_index")).toDouble();
    qInfo("two ends down: %.1f + %.1f = %.1f Mbit/s, Jain's index %.3f, started %.1f ms apart", a / 1e6, b / 1e6,
          total / 1e6, jain, o.value(QStringLiteral("start_spread_ms")).toDouble());
    // One bottleneck of 50 Mbit/s carries both: together they fill it, neither can exceed it.
    QVERIFY2(total > 40e6 && total < 50.5e6, qPrintable(QString::number(total)));
    QCOMPARE(total, a + b);
    // Jain's index of two shares lies between 1/2 (one end took all) and 1 (equal shares).
    QVERIFY2(jain >= 0.5 && jain <= 1.0, qPrintable(QString::number(jain)));
    QVERIFY(std::abs(jain - (a + b) * (a + b) / (2 * (a * a + b * b))) < 1e-9);
    // This end's kernel counters around the run and the verdict, as `tcptune run` has them for one end.
    const QJsonObject diagnosis = o.value(QStringLiteral("diagnosis")).toObject();
    QVERIFY2(diagnosis.value(QStringLiteral("verdict")).toString().contains(QStringLiteral("Jain's fairness index")),
             r.out.constData());
    const QJsonObject local = diagnosis.value(QStringLiteral("ends")).toArray().at(0).toObject();
    QCOMPARE(local.value(QStringLiteral("end")).toString(), QStringLiteral("local"));
    QVERIFY2(local.value(QStringLiteral("counters_read")).toBool(),
             qPrintable(local.value(QStringLiteral("counters_note")).toString()));
    QVERIFY(local.value(QStringLiteral("counters")).toObject().value(QStringLiteral("TcpInSegs")).toDouble() > 1000);
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const QJsonObject end = targets.at(i).toObject();
        QCOMPARE(end.value(QStringLiteral("target")).toString(), ends.at(i));
        QVERIFY2(end.value(QStringLiteral("throughput_bps")).toDouble() > 0, qPrintable(ends.at(i)));
        // Its own far sender's TCP_INFO, in time order (a loaded 2-core machine drops ticks).
        QCOMPARE(end.value(QStringLiteral("samples_from")).toString(), QStringLiteral("target sender"));
        const QJsonArray samples = end.value(QStringLiteral("samples")).toArray();
        QVERIFY2(samples.size() >= 100, qPrintable(QString::number(samples.size())));
        for (qsizetype k = 1; k < samples.size(); ++k)
            QVERIFY(samples.at(k).toObject().value(QStringLiteral("t")).toDouble() >
                    samples.at(k - 1).toObject().value(QStringLiteral("t")).toDouble());
        QVERIFY(samples.at(samples.size() / 2).toObject().value(QStringLiteral("cwnd")).toDouble() > 0);
        QVERIFY(end.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("median")).toDouble() > 0);
        // Live: the end's progress lines came while the run went, not at its end.
        const qsizetype lines = QString::fromUtf8(r.err).count(ends.at(i) + QStringLiteral("  "));
        QVERIFY2(lines >= 2, r.err.constData());
    }
}

// The same two ends through a spec file and the runner, with a far knob: the store keeps both.
void TestSeveralEnds::sweepStoresEachEnd()
{
    // A far knob applies at every ssh end (here both agents share the server namespace).
    const QString original = farAutocorking();
    const QJsonObject spec{
        {QStringLiteral("version"), 1},
        {QStringLiteral("target"), QJsonArray{endAt(2222), endAt(2223)}},
        {QStringLiteral("knobs"),
         QJsonObject{{QStringLiteral("remote:net.ipv4.tcp_autocorking"), original == QStringLiteral("1") ? 0 : 1}}},
        {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), QStringLiteral("bulk")},
                                                 {QStringLiteral("direction"), QStringLiteral("down")}}},
        {QStringLiteral("duration_s"), 3},
        {QStringLiteral("sample_ms"), 50}};
    const QString specPath = m_dir.filePath(QStringLiteral("two-ends.json"));
    QFile f(specPath);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(spec).toJson()) > 0);
    f.close();
    const QString db = m_dir.filePath(QStringLiteral("results.db"));
    const CommandResult r = runCommand(
        QStringLiteral("ip"),
        tcptuneOverSsh(m_clientNetns, {QStringLiteral("sweep"), specPath, QStringLiteral("--ssh-config"),
                                       m_dir.filePath(QStringLiteral("ssh_config")), QStringLiteral("--db"), db}),
        90000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    tcptune::ResultStore store;
    QVERIFY(store.open(db).has_value());
    const auto runs = store.runs(1);
    QVERIFY(runs.has_value() && runs->size() == 1);
    const tcptune::RunRecord &run = runs->first();
    QCOMPARE(run.status, tcptune::RunStatus::Ok);
    const QJsonArray ends = run.details.value(QStringLiteral("targets")).toArray();
    QCOMPARE(ends.size(), 2);
    double sum = 0;
    int untouchedBefore = 0;
    int setAfter = 0;
    for (qsizetype i = 0; i < ends.size(); ++i) {
        const QJsonObject end = ends.at(i).toObject();
        QCOMPARE(end.value(QStringLiteral("target")).toString(), endAt(i == 0 ? 2222 : 2223));
        QVERIFY(end.value(QStringLiteral("throughput_bps")).toDouble() > 0);
        // Each far agent reported its own knobs: before it set the far knob and at the run's end (the
        // other agent, in the same namespace, may have set it already or put it back already).
        const QString before = end.value(QStringLiteral("knobs_before"))
                                   .toObject()
                                   .value(QStringLiteral("net.ipv4.tcp_autocorking"))
                                   .toString();
        QVERIFY2(!before.isEmpty(), qPrintable(end.value(QStringLiteral("target")).toString()));
        untouchedBefore += before == original ? 1 : 0;
        setAfter += end.value(QStringLiteral("knobs_after"))
                        .toObject()
                        .value(QStringLiteral("net.ipv4.tcp_autocorking"))
                        .toString() != original;
        sum += end.value(QStringLiteral("throughput_bps")).toDouble();
    }
    QVERIFY(untouchedBefore >= 1); // the first agent to set it saw the original
    QVERIFY(setAfter >= 1);        // the first to end saw it set (then put it back before the other looked)
    QCOMPARE(run.throughputBps, sum);
    QVERIFY2(sum > 40e6 && sum < 50.5e6, qPrintable(QString::number(sum)));
    const double jain = run.details.value(QStringLiteral("jain_fairness_index")).toDouble();
    QVERIFY2(jain >= 0.5 && jain <= 1.0, qPrintable(QString::number(jain)));
    QVERIFY2(run.verdict.contains(QStringLiteral("Jain's fairness index")), qPrintable(run.verdict));
    // This end's kernel counters, read around the run as for a run of one end: it received here.
    const auto local = std::ranges::find(run.ends, tcptune::RunEnd::Local, &tcptune::EndRecord::end);
    QVERIFY(local != run.ends.end());
    QVERIFY2(local->countersRead, qPrintable(local->countersNote));
    QVERIFY(!local->sender);
    const qint64 inSegs = local->counter(QStringLiteral("TcpInSegs"));
    QVERIFY2(inSegs > 1000, qPrintable(QString::number(inSegs)));
    // Each end's own samples, told apart by the end they came from.
    const auto samples = store.samples(run.id);
    QVERIFY(samples.has_value());
    QList<int> perEnd(2, 0);
    for (const tcptune::RunSample &s : *samples)
        if (s.stream < 0 && s.end >= 0 && s.end < 2)
            ++perEnd[s.end];
    QCOMPARE(farAutocorking(), original); // put back after the run
    QVERIFY2(perEnd.at(0) >= 20 && perEnd.at(1) >= 20,
             qPrintable(QStringLiteral("%1 %2").arg(perEnd.at(0)).arg(perEnd.at(1))));
}

// Both ends set the far knob; while the run goes, something else puts it back on the second end
// only. The run keeps that end's drift under its name, the verdict and the log say so, and the
// first end (its own kernel, untouched) has none.
void TestSeveralEnds::knobChangedOnTheSecondEndIsFlagged()
{
    const QString second = m_router->target();
    const QString original = farAutocorking(m_layout.routerNetns);
    const QString firstOriginal = farAutocorking();
    QCOMPARE(firstOriginal, original); // both namespaces are new: the kernel's default
    const QString set = original == QStringLiteral("1") ? QStringLiteral("0") : QStringLiteral("1");
    const QString specPath = writeSpec(
        QStringLiteral("drift.json"),
        {{QStringLiteral("version"), 1},
         {QStringLiteral("target"), QJsonArray{endAt(2222), second}},
         {QStringLiteral("knobs"), QJsonObject{{QStringLiteral("remote:net.ipv4.tcp_autocorking"), set.toInt()}}},
         {QStringLiteral("workload"), QJsonObject{{QStringLiteral("type"), QStringLiteral("bulk")},
                                                  {QStringLiteral("direction"), QStringLiteral("down")}}},
         {QStringLiteral("duration_s"), 5},
         {QStringLiteral("sample_ms"), 100}});
    QVERIFY(!specPath.isEmpty());
    const QString db = m_dir.filePath(QStringLiteral("drift.db"));
    QProcess sweep;
    sweep.setProcessChannelMode(QProcess::MergedChannels);
    sweep.start(QStringLiteral("ip"),
                tcptuneOverSsh(m_clientNetns,
                               {QStringLiteral("sweep"), specPath, QStringLiteral("--ssh-config"),
                                m_dir.filePath(QStringLiteral("ssh_config_router")), QStringLiteral("--db"), db}));
    QVERIFY(sweep.waitForStarted(5000));
    QTRY_COMPARE_WITH_TIMEOUT(farAutocorking(m_layout.routerNetns), set, 30000); // the second end set it
    QVERIFY(runCommand(QStringLiteral("ip"),
                       {QStringLiteral("netns"), QStringLiteral("exec"), m_layout.routerNetns, QStringLiteral("sysctl"),
                        QStringLiteral("-qw"), QStringLiteral("net.ipv4.tcp_autocorking=") + original})
                .exitCode == 0);
    QVERIFY(sweep.waitForFinished(90000));
    const QByteArray log = sweep.readAll();
    QVERIFY2(sweep.exitCode() == 0, log.constData());
    QVERIFY2(log.contains(
                 (QStringLiteral("net.ipv4.tcp_autocorking changed during the run on the far end ") + second).toUtf8()),
             log.constData());
    tcptune::ResultStore store;
    QVERIFY(store.open(db).has_value());
    const auto runs = store.runs(1);
    QVERIFY(runs.has_value() && runs->size() == 1);
    const tcptune::RunRecord &run = runs->first();
    const QJsonArray drift = run.details.value(QStringLiteral("knobs_changed_during_run")).toArray();
    QVERIFY2(drift.size() == 1, QJsonDocument(drift).toJson().constData());
    const QJsonObject d = drift.at(0).toObject();
    QCOMPARE(d.value(QStringLiteral("end")).toString(), QStringLiteral("remote"));
    QCOMPARE(d.value(QStringLiteral("target")).toString(), second);
    QCOMPARE(d.value(QStringLiteral("key")).toString(), QStringLiteral("net.ipv4.tcp_autocorking"));
    QCOMPARE(d.value(QStringLiteral("expected")).toString(), set);
    QCOMPARE(d.value(QStringLiteral("after")).toString(), original);
    // The verdict (History, report, the sweep's output) names the end; so does the run list's.
    QVERIFY2(run.verdict.contains(QStringLiteral("the far end ") + second), qPrintable(run.verdict));
    const auto list = store.runList();
    QVERIFY(list.has_value() && !list->isEmpty());
    QVERIFY2(list->first().verdict.contains(QStringLiteral("the far end ") + second),
             qPrintable(list->first().verdict));
    QCOMPARE(farAutocorking(m_layout.routerNetns), original);
    QCOMPARE(farAutocorking(), firstOriginal); // the first end put its own back
}

void TestSeveralEnds::badLists_data()
{
    QTest::addColumn<QStringList>("targets");
    QTest::addColumn<QString>("says");
    QTest::addRow("the same end twice") << QStringList{QStringLiteral("ssh://root@198.18.2.1:2222"),
                                                       QStringLiteral("ssh://198.18.2.1:2222")}
                                        << QStringLiteral("same end");
    QStringList nine;
    for (int port = 2300; port < 2309; ++port)
        nine << QStringLiteral("ssh://198.18.2.1:%1").arg(port);
    QTest::addRow("too many") << nine << "at most 8";
    QTest::addRow("a bad one") << QStringList{QStringLiteral("ssh://198.18.2.1:2222"), QStringLiteral("iperf3://")}
                               << "iperf3://";
}

// Refused at once, as one line, before anything connects.
void TestSeveralEnds::badLists()
{
    QFETCH(QStringList, targets);
    QFETCH(QString, says);
    const CommandResult r = runEnds(targets);
    QCOMPARE(r.exitCode, 2);
    const QStringList lines = QString::fromUtf8(r.err).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 1 && lines.front().contains(says), r.err.constData());
}

// No sshd on 2299: that end fails to log in, and the reachable one sends nothing.
void TestSeveralEnds::unreachableEndStopsTheOthers()
{
    const CommandResult r = runEnds({endAt(2222), endAt(2299)},
                                    {QStringLiteral("--direction"), QStringLiteral("down"),
                                     QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--json")});
    QVERIFY(r.exitCode != 0);
    QVERIFY2(r.err.contains(endAt(2299).toUtf8()), r.err.constData());
    QVERIFY2(!r.err.contains("/3.0 s"), r.err.constData()); // no end reported traffic
}

QTEST_GUILESS_MAIN(TestSeveralEnds)
#include "tst_several_ends.moc"
