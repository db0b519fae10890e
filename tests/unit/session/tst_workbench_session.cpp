// A session file (*.tcptune) through the real writer and reader: everything comes back equal, the
// file is written whole (no temporary left beside it), and a broken, foreign, newer or cut-short
// file gives a sentence that says what to do, never a half-read session.

#include "session/session_chart_json.h"
#include "session/session_file.h"
#include "session/workbench_session.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tcptune;

namespace {

WorkbenchSession sampleSession()
{
    WorkbenchSession s;
    s.form.name = QStringLiteral("session test");
    s.form.target.kind = TargetSpec::Kind::Lab;
    s.form.target.labName = QStringLiteral("s37");
    s.form.durationS = 2.5;
    s.form.sampleMs = 50;
    s.form.capture = true;
    s.form.workload.streams = 3;
    s.form.workload.writeSize = 65536;
    if (!s.form.setParameter(QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("256K")) ||
        !s.form.setParameter(QStringLiteral("lab.rate"), QStringLiteral("50mbit")))
        qFatal("the test's own knobs were refused");
    s.knobs.netns = QStringLiteral("tcptune-s37-client");
    s.knobs.local.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"));
    s.knobs.remote.insert(QStringLiteral("net.ipv4.tcp_congestion_control"), QStringLiteral("cubic"));
    s.sweep = SessionSweep{QStringLiteral("socket.SO_SNDBUF"), QStringLiteral("16K 64K 1M"), 2, 5.0, 6};
    SessionChartRun run;
    run.label = QStringLiteral("#12 · 256 KiB");
    run.toolTip = QStringLiteral("net.ipv4.tcp_autocorking=0");
    run.runId = 12;
    run.experimentId = 4;
    run.visible = false;
    run.series.insert(QStringLiteral("throughput_mbps"), {{0.1, 48.25}, {0.2, 49.5}, {0.3, 47.125}});
    run.series.insert(QStringLiteral("rtt_ms"), {{0.1, 21.5}, {0.2, std::nan("")}, {0.3, 23.0}});
    s.charts = {run};
    return s;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(text), text.size());
}

} // namespace

class TestWorkbenchSession final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void refusesWithWhatToDo_data();
    void refusesWithWhatToDo();
    void unknownSeriesAreLeftOut();
    void writeFailureLeavesTheOldFile();

private:
    QTemporaryDir m_dir;
};

void TestWorkbenchSession::roundTrip()
{
    const QString path = m_dir.filePath(QStringLiteral("round.tcptune"));
    const WorkbenchSession saved = sampleSession();
    QVERIFY(sessionfile::write(path, saved));
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("round.tcptune")});
    const QJsonObject json = QJsonDocument::fromJson(readAll(path)).object();
    QCOMPARE(json.value(QStringLiteral("kind")).toString(), QStringLiteral("tcptune-session"));
    QCOMPARE(json.value(QStringLiteral("schema_version")).toInt(), WorkbenchSession::kSchemaVersion);

    auto read = sessionfile::read(path);
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    QCOMPARE(read->form.toJson(), saved.form.toJson());
    QCOMPARE(read->form.knobs.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("262144"));
    QCOMPARE(read->knobs, saved.knobs);
    QVERIFY(read->sweep);
    QCOMPARE(*read->sweep, *saved.sweep);
    QCOMPARE(read->charts.size(), 1);
    const SessionChartRun &run = read->charts.first();
    QCOMPARE(run.label, saved.charts.first().label);
    QCOMPARE(run.toolTip, saved.charts.first().toolTip);
    QCOMPARE(run.runId, 12);
    QCOMPARE(run.experimentId, 4);
    QVERIFY(!run.visible);
    QCOMPARE(run.series.value(QStringLiteral("throughput_mbps")),
             saved.charts.first().series.value(QStringLiteral("throughput_mbps")));
    const QList<QPointF> rtt = run.series.value(QStringLiteral("rtt_ms"));
    QCOMPARE(rtt.size(), 3);
    QVERIFY(std::isnan(rtt.at(1).y())); // a missing value stays missing, never 0
    QCOMPARE(rtt.at(2), QPointF(0.3, 23.0));
}

void TestWorkbenchSession::refusesWithWhatToDo_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected"); // a part of the message
    const QByteArray good = sampleSession().toJsonText();
    QTest::addRow("truncated") << good.left(good.size() / 2) << QStringLiteral("damaged or cut short");
    QTest::addRow("empty") << QByteArray() << QStringLiteral("damaged or cut short");
    QTest::addRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("not a JSON object");
    QJsonObject json = sampleSession().toJson();
    json.insert(QStringLiteral("schema_version"), WorkbenchSession::kSchemaVersion + 1);
    QTest::addRow("newer") << QJsonDocument(json).toJson() << QStringLiteral("Update tcptune");
    json = sampleSession().toJson();
    json.insert(QStringLiteral("kind"), QStringLiteral("tcptune-spec"));
    QTest::addRow("foreign") << QJsonDocument(json).toJson() << QStringLiteral("not a tcptune session");
    json = sampleSession().toJson();
    json.remove(QStringLiteral("schema_version"));
    QTest::addRow("no version") << QJsonDocument(json).toJson() << QStringLiteral("schema_version");
    json = sampleSession().toJson();
    json.insert(QStringLiteral("knobs"),
                QJsonObject{{QStringLiteral("local"), QJsonObject{{QStringLiteral("net.ipv4.no_such"), 1}}}});
    QTest::addRow("unknown knob") << QJsonDocument(json).toJson() << QStringLiteral("knobs.local.net.ipv4.no_such");
    json = sampleSession().toJson();
    json.insert(QStringLiteral("charts"),
                QJsonArray{QJsonObject{
                    {QStringLiteral("label"), QStringLiteral("x")},
                    {QStringLiteral("series"), QJsonObject{{QStringLiteral("rtt_ms"), QJsonArray{QJsonArray{1}}}}}}});
    QTest::addRow("broken point") << QJsonDocument(json).toJson() << QStringLiteral("charts[0]");
}

void TestWorkbenchSession::refusesWithWhatToDo()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const QString path = m_dir.filePath(QStringLiteral("broken.tcptune"));
    writeText(path, text);
    auto read = sessionfile::read(path);
    QVERIFY(!read);
    QVERIFY2(read.error().message.contains(expected), qPrintable(read.error().message));
    QVERIFY2(read.error().message.contains(path), qPrintable(read.error().message)); // names the file
}

void TestWorkbenchSession::unknownSeriesAreLeftOut()
{
    QJsonObject json = sampleSession().toJson();
    QJsonArray charts = json.value(QStringLiteral("charts")).toArray();
    QJsonObject run = charts.first().toObject();
    QJsonObject series = run.value(QStringLiteral("series")).toObject();
    series.insert(QStringLiteral("a_future_metric"), QJsonArray{QJsonArray{0.1, 1.0}});
    run.insert(QStringLiteral("series"), series);
    run.remove(QStringLiteral("visible")); // a line of a file without the field is drawn
    charts.replace(0, run);
    json.insert(QStringLiteral("charts"), charts);
    auto read = WorkbenchSession::fromJson(json);
    QVERIFY(read);
    QCOMPARE(read->charts.first().series.keys(),
             (QStringList{QStringLiteral("rtt_ms"), QStringLiteral("throughput_mbps")}));
    QVERIFY(read->charts.first().visible);
}

void TestWorkbenchSession::writeFailureLeavesTheOldFile()
{
    const QString path = m_dir.filePath(QStringLiteral("kept.tcptune"));
    QVERIFY(sessionfile::write(path, sampleSession()));
    const QByteArray before = readAll(path);
    // A folder in the way of QSaveFile's rename target's folder: the write fails, the file stays.
    auto failed = sessionfile::write(m_dir.filePath(QStringLiteral("kept.tcptune/inside.tcptune")), sampleSession());
    QVERIFY(!failed);
    QVERIFY(failed.error().message.contains(QStringLiteral("choose another place")));
    QCOMPARE(readAll(path), before);
}

QTEST_GUILESS_MAIN(TestWorkbenchSession)
#include "tst_workbench_session.moc"
