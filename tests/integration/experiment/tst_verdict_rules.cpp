// Rules 0 and 2a of docs/diagnosis.md on real lab runs, as a user runs them: story 5's 64 KiB
// point and stories 1 and 2 lead with "the flow filled the path" (findings and path_full say so
// too), a 4 KiB SO_RCVBUF far below 10 Gbit/s does not; 1 KiB split writes with Nagle on name Nagle and
// the receiver's delayed ACKs, with TCP_NODELAY they do not, and request/response traffic that
// idles stays application-limited.

#include "command_runner.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"
#include "story_five_spec.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-vrules");
const QString kPathFull = QStringLiteral("The flow filled the path: ");

// The runs of the sweep's results.json after running SPEC (a preset or a spec file) with ARGS.
QList<QJsonObject> sweepRuns(const QTemporaryDir &dir, const QStringList &args)
{
    const QString outDir = dir.filePath(QStringLiteral("out"));
    QStringList all = {QStringLiteral("sweep")};
    all << args << QStringLiteral("--repeats") << QStringLiteral("1") << QStringLiteral("--lab") << kLab
        << QStringLiteral("--db") << dir.filePath(QStringLiteral("results.db")) << QStringLiteral("--out") << outDir
        << QStringLiteral("--lab-down");
    const CommandResult r = runTcptune(all, 120000);
    if (r.exitCode != 0)
        qInfo().noquote() << QString::fromUtf8(r.err);
    QFile json(outDir + QStringLiteral("/results.json"));
    if (!json.open(QIODevice::ReadOnly))
        return {};
    QList<QJsonObject> runs;
    for (const QJsonValue &p :
         QJsonDocument::fromJson(json.readAll()).object().value(QStringLiteral("points")).toArray())
        for (const QJsonValue &run : p.toObject().value(QStringLiteral("runs")).toArray())
            runs << run.toObject();
    return runs;
}

QString writeJson(const QTemporaryDir &dir, const QString &name, const QJsonObject &json)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(json).toJson()) <= 0)
        return QString();
    return path;
}

// A one-point spec in the routed lab with KNOBS added and WORKLOAD as its workload.
QString oneRun(const QTemporaryDir &dir, const QJsonObject &knobs, const QJsonObject &workload)
{
    const QJsonObject spec{
        {QStringLiteral("version"), 1},
        {QStringLiteral("name"), QStringLiteral("verdict rules")},
        {QStringLiteral("target"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("lab")}}},
        {QStringLiteral("knobs"), knobs},
        {QStringLiteral("workload"), workload},
        {QStringLiteral("capture"), false},
        {QStringLiteral("duration_s"), 1.5},
        {QStringLiteral("repeats"), 1},
        {QStringLiteral("sample_ms"), 10},
    };
    return writeJson(dir, QStringLiteral("spec.json"), spec);
}

bool hasFinding(const QJsonObject &run, const QString &rule)
{
    for (const QJsonValue &f : run.value(QStringLiteral("findings")).toArray())
        if (f.toObject().value(QStringLiteral("rule")).toString() == rule)
            return true;
    return false;
}

// RUN leads with the path-full sentence, and its findings and flag say so.
void verifyPathFull(const QJsonObject &run)
{
    const QString verdict = run.value(QStringLiteral("verdict")).toString();
    qInfo().noquote() << verdict;
    QVERIFY2(verdict.startsWith(kPathFull), qPrintable(verdict));
    QVERIFY(run.value(QStringLiteral("path_full")).toBool());
    const QJsonObject first = run.value(QStringLiteral("findings")).toArray().first().toObject();
    QCOMPARE(first.value(QStringLiteral("rule")).toString(), QStringLiteral("path-full"));
    // The figures it quotes are the run's own against the lab's rate.
    QCOMPARE(first.value(QStringLiteral("throughput_bps")).toDouble(),
             run.value(QStringLiteral("throughput_bps")).toDouble());
    // At 90 % of the lab's rate or more, or with its bottleneck backlogged nearly all the time.
    QVERIFY(first.value(QStringLiteral("share")).toDouble() >= 0.9 ||
            first.value(QStringLiteral("queue_busy_share")).toDouble() >= 0.95);
}

} // namespace

class TestVerdictRules final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void storyFiveSmallWindowFilledThePath();
    void storiesOneAndTwoFilledThePath();
    void smallReceiveBufferIsFarBelowThePath();
    void splitWritesNameNagle();
    void idleRequestsStayApplicationLimited();
};

void TestVerdictRules::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestVerdictRules::cleanup()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestVerdictRules::storyFiveSmallWindowFilledThePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = storyFiveSpec(dir, {QStringLiteral("64K")}, QStringLiteral("story5-64k.json"));
    QVERIFY(!spec.isEmpty());
    // A 1.5 s run's settled goodput is 47.3 of 50 Mbit/s on a quiet machine (full at 94-95 % of the
    // shaped rate: headers take the rest); on a busy one the lab's tbf passes 44-46 (CI: 43.9)
    // while its queue stays backlogged, which is full too. A run whose queue drained while cubic
    // recovered from a drop gets another try, up to four.
    QList<QJsonObject> runs;
    for (int attempt = 0; attempt < 4; ++attempt) {
        QTemporaryDir sweepDir;
        QVERIFY(sweepDir.isValid());
        runs = sweepRuns(sweepDir, {spec, QStringLiteral("--duration"), QStringLiteral("1.5")});
        QCOMPARE(runs.size(), 1);
        qInfo().noquote() << runs.first().value(QStringLiteral("throughput_bps")).toDouble() / 1e6
                          << runs.first().value(QStringLiteral("verdict")).toString();
        if (runs.first().value(QStringLiteral("verdict")).toString().startsWith(kPathFull))
            break;
    }
    verifyPathFull(runs.first());
    // The limiter the chronographs show stays as the second sentence, and it cost nothing. On a busy
    // machine the writer kept its buffer full while the slow shaper passed less (no limiter).
    const QString verdict = runs.first().value(QStringLiteral("verdict")).toString();
    QVERIFY2(!verdict.contains(QStringLiteral("Sender limited by its send buffer")), qPrintable(verdict));
    if (hasFinding(runs.first(), QStringLiteral("send-buffer")))
        QVERIFY2(verdict.contains(QStringLiteral("The send buffer held the window at 64 KiB")) &&
                     verdict.contains(QStringLiteral("which cost no throughput here.")),
                 qPrintable(verdict));
    else
        QVERIFY2(hasFinding(runs.first(), QStringLiteral("no-limiter")), qPrintable(verdict));
}

void TestVerdictRules::storiesOneAndTwoFilledThePath()
{
    // A 2 s run can fall short of 90 % of the path while cubic recovers from a drop (CI: 42 % and
    // 50 % cwnd-limited below it; alone they measure 92.6-95.5 of 100 Mbit/s): each point must
    // fill it in one of up to four sweeps.
    for (const QString &preset : {QStringLiteral("1"), QStringLiteral("2")}) {
        QMap<int, QJsonObject> lastRunOfPoint;
        QSet<int> filled;
        for (int attempt = 0; attempt < 4 && (filled.isEmpty() || filled.size() < lastRunOfPoint.size()); ++attempt) {
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            const QList<QJsonObject> runs = sweepRuns(dir, {preset, QStringLiteral("--duration"), QStringLiteral("2")});
            QCOMPARE(runs.size(), 2);
            for (const QJsonObject &run : runs) {
                const int point = run.value(QStringLiteral("point_index")).toInt();
                if (filled.contains(point))
                    continue;
                lastRunOfPoint.insert(point, run);
                if (run.value(QStringLiteral("verdict")).toString().startsWith(kPathFull))
                    filled.insert(point);
            }
        }
        QCOMPARE(lastRunOfPoint.size(), 2);
        for (const QJsonObject &run : lastRunOfPoint)
            verifyPathFull(run);
    }
}

// SO_RCVBUF 4 KiB at the receiver over the direct link, unshaped (the path's rate is what the
// delivery-rate samples show, and those of a flow held by its receive window do not count) and
// at 10 Gbit/s (the lab's rate). At 1 Gbit/s the lab's RTT of 0.1-0.25 ms lets a 16 KiB window
// carry 0.88-0.96 Gbit/s (measured: cubic and bbr, direct and routed), so there it does fill the
// path and rule 0 rightly fires; and at 10 Gbit/s a 16 KiB window carried 8.1-9.5 Gbit/s, close
// to full. 4 KiB carried 1.3-2.3 Gbit/s, far below the path, so neither run may be called full.
// Both name the receive window. Over a veth the kernel's rwnd-limited timer stops at every
// transmit attempt that ends for another reason, so the same run read "receiver window limited
// 28 %" once and "busy 100 %" three times by the timer alone; the samples that find the window
// full (docs/diagnosis.md) are what makes the verdict hold.
void TestVerdictRules::smallReceiveBufferIsFarBelowThePath()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QJsonObject spec =
        QJsonDocument::fromJson([&] {
            QFile f(oneRun(dir,
                           {{QStringLiteral("lab.topology"), QStringLiteral("direct")},
                            {QStringLiteral("socket.SO_RCVBUF"), QStringLiteral("4K")}},
                           {{QStringLiteral("type"), QStringLiteral("bulk")}, {QStringLiteral("streams"), 1}}));
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }())
            .object();
    spec.insert(
        QStringLiteral("sweep"),
        QJsonObject{{QStringLiteral("axes"),
                     QJsonArray{QJsonObject{{QStringLiteral("parameter"), QStringLiteral("lab.rate")},
                                            {QStringLiteral("values"), QJsonArray{0, QStringLiteral("10gbit")}}}}}});
    const QList<QJsonObject> runs = sweepRuns(dir, {writeJson(dir, QStringLiteral("rcvbuf.json"), spec)});
    QCOMPARE(runs.size(), 2);
    for (const QJsonObject &run : runs) {
        const QString verdict = run.value(QStringLiteral("verdict")).toString();
        const double bps = run.value(QStringLiteral("throughput_bps")).toDouble();
        qInfo().noquote() << bps / 1e6 << verdict;
        QVERIFY2(bps > 0 && bps < 5e9, qPrintable(QString::number(bps)));
        QVERIFY2(!verdict.contains(kPathFull), qPrintable(verdict));
        QVERIFY(!run.value(QStringLiteral("path_full")).toBool());
        QVERIFY(!hasFinding(run, QStringLiteral("path-full")));
        QVERIFY2(verdict.startsWith(QStringLiteral("Receiver window limited")), qPrintable(verdict));
    }
}

// 1 KiB of data after a 48-byte header, each message answered: with Nagle on the data waits
// for the header's ACK, which the receiver delays (it waits for the whole message to answer).
void TestVerdictRules::splitWritesNameNagle()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QJsonObject spec = QJsonDocument::fromJson([&] {
                           QFile f(oneRun(dir, {{QStringLiteral("lab.topology"), QStringLiteral("routed")}},
                                          {{QStringLiteral("type"), QStringLiteral("split-write")},
                                           {QStringLiteral("write_size"), 1024},
                                           {QStringLiteral("header_size"), 48},
                                           {QStringLiteral("response_size"), 64}}));
                           return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
                       }())
                           .object();
    spec.insert(QStringLiteral("sweep"),
                QJsonObject{{QStringLiteral("axes"),
                             QJsonArray{QJsonObject{{QStringLiteral("parameter"), QStringLiteral("socket.TCP_NODELAY")},
                                                    {QStringLiteral("values"), QJsonArray{0, 1}}}}}});
    const QList<QJsonObject> runs = sweepRuns(dir, {writeJson(dir, QStringLiteral("nagle.json"), spec)});
    QCOMPARE(runs.size(), 2);
    const QString nagle = runs.at(0).value(QStringLiteral("verdict")).toString();
    const QString nodelay = runs.at(1).value(QStringLiteral("verdict")).toString();
    qInfo().noquote() << nagle << "|" << nodelay;
    QVERIFY2(
        nagle.startsWith(QStringLiteral("Small writes (1 KiB) waited for delayed ACKs: Nagle held each write up to ")),
        qPrintable(nagle));
    QVERIFY2(nagle.contains(QStringLiteral(" delayed ACKs at the receiver.")), qPrintable(nagle));
    QVERIFY2(!nagle.contains(QStringLiteral("Application-limited")), qPrintable(nagle));
    QVERIFY(hasFinding(runs.at(0), QStringLiteral("nagle-stall")));
    QVERIFY2(!nodelay.contains(QStringLiteral("Nagle")), qPrintable(nodelay));
    QVERIFY(!hasFinding(runs.at(1), QStringLiteral("nagle-stall")));
    // Nagle's stall costs the throughput: TCP_NODELAY is far faster.
    QVERIFY(runs.at(1).value(QStringLiteral("throughput_bps")).toDouble() >
            10 * runs.at(0).value(QStringLiteral("throughput_bps")).toDouble());
}

void TestVerdictRules::idleRequestsStayApplicationLimited()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString spec = oneRun(dir, {{QStringLiteral("lab.topology"), QStringLiteral("routed")}},
                                {{QStringLiteral("type"), QStringLiteral("rr")},
                                 {QStringLiteral("request_size"), 64},
                                 {QStringLiteral("response_size"), 64}});
    const QList<QJsonObject> runs = sweepRuns(dir, {spec});
    QCOMPARE(runs.size(), 1);
    const QString verdict = runs.first().value(QStringLiteral("verdict")).toString();
    qInfo().noquote() << verdict;
    QVERIFY2(verdict.startsWith(QStringLiteral("Application-limited ")), qPrintable(verdict));
    QVERIFY(!hasFinding(runs.first(), QStringLiteral("nagle-stall")));
}

QTEST_GUILESS_MAIN(TestVerdictRules)
#include "tst_verdict_rules.moc"
