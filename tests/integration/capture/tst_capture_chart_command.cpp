// `tcptune chart capture:FILE#FLOW --graph KIND` as a user runs it: each stream graph of the main
// flow of a public capture written as a PNG of the asked size and as an SVG titled with the flow;
// a flow or graph that does not exist gets a message and an exit code, and no file. A capture a
// run in the --db store recorded has the run's TCP_INFO lines on its bytes in flight graph (their
// colour on the PNG), one no run recorded has none.

#include "command_runner.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "test_data.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");

QString subject(const QString &flow = QStringLiteral("#1"))
{
    return QStringLiteral("capture:") + captureFile(kCapture) + flow;
}

// Pixels of IMAGE in the orange of StreamGraphPlot's unacked line (#ff7f0e), or nearly (antialiased
// on white); the graph's blue and the cwnd line's red are far from it.
int orangePixels(const QImage &image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            n += qRed(p) > 200 && qGreen(p) > 90 && qGreen(p) < 170 && qBlue(p) < 90 ? 1 : 0;
        }
    return n;
}

// A store at PATH with a run that recorded the capture: 140 s of samples, 50 segments unacked.
bool storeRecordingRun(const QString &path)
{
    tcptune::ResultStore store;
    tcptune::ExperimentSpec spec;
    spec.name = QStringLiteral("recorded");
    if (!store.open(path))
        return false;
    const auto experiment = store.createExperiment(tcptune::SweepPlan(spec));
    tcptune::RunRecord run;
    run.experimentId = experiment.value_or(0);
    const auto id = store.beginRun(run);
    if (!experiment || !id)
        return false;
    run.id = *id;
    run.status = tcptune::RunStatus::Ok;
    QList<tcptune::RunSample> samples;
    for (int k = 1; k <= 14000; ++k) {
        tcptune::RunSample s;
        s.t = k * 0.01;
        s.unacked = 50;
        s.cwnd = 60;
        samples << s;
    }
    tcptune::CaptureRecord capture;
    capture.path = captureFile(kCapture);
    return store.finishRun(run, samples) && store.addCapture(run.id, capture);
}

} // namespace

class TestCaptureChartCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writesEachGraphAsPng_data();
    void writesEachGraphAsPng();
    void writesSvgTitledWithTheFlow();
    void wrongFlowOrGraphSaysSo();
    void recordedCaptureHasTheRunsTcpInfo();

private:
    QTemporaryDir m_dir;
};

void TestCaptureChartCommand::writesEachGraphAsPng_data()
{
    QTest::addColumn<QString>("graph");
    QTest::addColumn<QString>("direction");
    QTest::addRow("tcptrace") << QStringLiteral("tcptrace") << QStringLiteral("c2s");
    QTest::addRow("tcptrace of the ACK side") << QStringLiteral("tcptrace") << QStringLiteral("s2c");
    QTest::addRow("inflight") << QStringLiteral("inflight") << QStringLiteral("c2s");
    QTest::addRow("rtt") << QStringLiteral("rtt") << QStringLiteral("c2s");
    QTest::addRow("throughput") << QStringLiteral("throughput") << QStringLiteral("c2s");
}

void TestCaptureChartCommand::writesEachGraphAsPng()
{
    QFETCH(QString, graph);
    QFETCH(QString, direction);
    QVERIFY(m_dir.isValid());
    const QString png = m_dir.filePath(graph + direction + QStringLiteral(".png"));
    const CommandResult r =
        runTcptune({QStringLiteral("chart"), subject(), QStringLiteral("--graph"), graph, QStringLiteral("--direction"),
                    direction, QStringLiteral("--size"), QStringLiteral("800x400"), QStringLiteral("--out"), png},
                   120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QImage image;
    QVERIFY2(image.load(png, "PNG"), qPrintable(png));
    QCOMPARE(image.size(), QSize(800, 400));
    // Something was drawn besides the white background: the axes, the title and the series.
    int dark = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            dark += qGray(image.pixel(x, y)) < 128 ? 1 : 0;
    QVERIFY(dark > 100);
}

void TestCaptureChartCommand::writesSvgTitledWithTheFlow()
{
    const QString svg = m_dir.filePath(QStringLiteral("tcptrace.svg"));
    const CommandResult r = runTcptune({QStringLiteral("chart"), subject(QString()), QStringLiteral("--graph"),
                                        QStringLiteral("tcptrace"), QStringLiteral("--out"), svg},
                                       120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.startsWith("<?xml"));
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("</svg>"));
    QVERIFY2(text.contains("132.235.3.145:1024 -&gt; 132.235.3.157:5001") ||
                 text.contains("132.235.3.145:1024 -> 132.235.3.157:5001"),
             "the title names the flow");
}

void TestCaptureChartCommand::wrongFlowOrGraphSaysSo()
{
    const QString out = m_dir.filePath(QStringLiteral("none.png"));
    CommandResult r =
        runTcptune({QStringLiteral("chart"), subject(QStringLiteral("#2")), QStringLiteral("--out"), out});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no flow 2"), r.err.constData());
    r = runTcptune({QStringLiteral("chart"), subject(), QStringLiteral("--graph"), QStringLiteral("stevens"),
                    QStringLiteral("--out"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("tcptrace, inflight, rtt, throughput"), r.err.constData());
    r = runTcptune({QStringLiteral("chart"), subject(QStringLiteral("#x")), QStringLiteral("--out"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(!QFile::exists(out));
}

void TestCaptureChartCommand::recordedCaptureHasTheRunsTcpInfo()
{
    const QString db = m_dir.filePath(QStringLiteral("results.db"));
    QVERIFY(storeRecordingRun(db));
    QList<int> unackedPixels;
    for (const QString &store : {db, m_dir.filePath(QStringLiteral("none.db"))}) {
        const QString png = m_dir.filePath(QStringLiteral("overlay-%1.png").arg(unackedPixels.size()));
        const CommandResult r =
            runTcptune({QStringLiteral("chart"), subject(), QStringLiteral("--graph"), QStringLiteral("inflight"),
                        QStringLiteral("--db"), store, QStringLiteral("--out"), png},
                       120000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QImage image;
        QVERIFY(image.load(png));
        unackedPixels << orangePixels(image);
    }
    qInfo() << "pixels of the unacked line's colour, with and without the run:" << unackedPixels;
    QVERIFY2(unackedPixels[0] > 500, qPrintable(QString::number(unackedPixels[0])));
    QCOMPARE(unackedPixels[1], 0);
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.db")))); // not created by looking
}

QTEST_GUILESS_MAIN(TestCaptureChartCommand)
#include "tst_capture_chart_command.moc"
