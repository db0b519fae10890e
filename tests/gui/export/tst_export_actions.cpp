// ExportActions in a window: File > Export goes before Quit, every chart gets the context menu,
// a chart on screen exports at the asked size, and a report of the newest stored experiment is
// written (or, with an empty store, the user is told to run something first).

#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"
#include "export/export_actions.h"
#include "report_fixture.h"

#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestExportActions final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void menuGoesIntoFileBeforeQuit();
    void chartsGetTheContextMenu();
    void chartOnScreenExportsAtTheAskedSize_data();
    void chartOnScreenExportsAtTheAskedSize();
    void reportOfTheNewestExperiment();
    void emptyStoreSaysWhatToDo();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QMainWindow> m_window;
    QMenu *m_file = nullptr;
    QAction *m_quit = nullptr;
    ThroughputRttView *m_view = nullptr;
    SweepChart *m_sweep = nullptr;
};

void TestExportActions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_window = std::make_unique<QMainWindow>();
    m_file = m_window->menuBar()->addMenu(QStringLiteral("&File"));
    m_file->addAction(QStringLiteral("&Open"));
    m_file->addSeparator();
    m_quit = m_file->addAction(QStringLiteral("&Quit"));
    m_quit->setObjectName(QStringLiteral("actionQuit"));
    auto *central = new QWidget(m_window.get());
    m_view = new ThroughputRttView(central);
    m_sweep = new SweepChart(central);
    m_window->setCentralWidget(central);
    const int run = m_view->addRun(QStringLiteral("run 1"));
    QList<ChartSample> samples;
    for (int i = 0; i < 100; ++i) {
        ChartSample s;
        s.t = i * 0.1;
        s.throughputMbps = 400 + (i % 10) * 20;
        s.rttMs = 5 + (i % 7);
        samples << s;
    }
    m_view->appendSamples(run, samples);
    m_view->replotNow();
    m_sweep->setPoints({{QStringLiteral("64 KiB"), 700, 20, 2}, {QStringLiteral("128 KiB"), 900, 10, 8}});
}

void TestExportActions::cleanup()
{
    m_window.reset();
}

void TestExportActions::menuGoesIntoFileBeforeQuit()
{
    auto *actions = new ExportActions(m_window.get());
    const QList<QAction *> file = m_file->actions();
    const qsizetype exportAt = file.indexOf(actions->menu()->menuAction());
    QVERIFY(exportAt >= 0);
    QVERIFY(exportAt < file.indexOf(m_quit));
    QVERIFY(actions->menu()->findChild<QAction *>(QStringLiteral("actionExportReport")) ||
            !actions->menu()->actions().isEmpty());
    QCOMPARE(actions->menu()->actions().size(), 2);
}

void TestExportActions::chartsGetTheContextMenu()
{
    QCOMPARE(m_view->contextMenuPolicy(), Qt::DefaultContextMenu);
    new ExportActions(m_window.get());
    QCOMPARE(m_view->contextMenuPolicy(), Qt::CustomContextMenu);
    QCOMPARE(m_sweep->contextMenuPolicy(), Qt::CustomContextMenu);
}

void TestExportActions::chartOnScreenExportsAtTheAskedSize_data()
{
    QTest::addColumn<bool>("sweep");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("dpi");
    QTest::addRow("time series") << false << QSize(900, 400) << 96;
    QTest::addRow("sweep at 2x") << true << QSize(1000, 600) << 192;
}

void TestExportActions::chartOnScreenExportsAtTheAskedSize()
{
    QFETCH(bool, sweep);
    QFETCH(QSize, size);
    QFETCH(int, dpi);
    const QString path = m_dir->filePath(QStringLiteral("chart.png"));
    QWidget *chart = sweep ? static_cast<QWidget *>(m_sweep) : m_view;
    const auto ok = ExportActions::exportChart(chart, ChartExporter::Format::Png, path, size, dpi);
    QVERIFY2(ok.has_value(), qPrintable(ok ? QString() : ok.error().message));
    const QImage png(path);
    QCOMPARE(png.size(), size);
}

void TestExportActions::reportOfTheNewestExperiment()
{
    const QString db = m_dir->filePath(QStringLiteral("results.db"));
    qint64 newest = 0;
    {
        ResultStore store;
        QVERIFY(store.open(db).has_value());
        test::fillStory5Sweep(store);
        newest = test::fillStory5Sweep(store);
    }
    auto *actions = new ExportActions(m_window.get());
    actions->setStorePath(db);
    QCOMPARE(actions->currentExperiment(), newest);
    const QString path = m_dir->filePath(QStringLiteral("r.html"));
    const auto written = actions->exportReport(actions->currentExperiment(), ReportExporter::Format::Html, path);
    QVERIFY2(written.has_value(), qPrintable(written ? QString() : written.error().message));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray html = f.readAll();
    QVERIFY(html.contains(QStringLiteral("Experiment</th><td>%1 ").arg(newest).toUtf8()));
    QVERIFY(html.contains("throughput Mbit/s (mean"));

    // The window's charts in MB/s (View > Throughput unit): so is the report's table.
    m_view->setThroughputUnit(ThroughputUnit(ThroughputUnitKind::MByte));
    QVERIFY(actions->exportReport(newest, ReportExporter::Format::Html, path).has_value());
    QFile again(path);
    QVERIFY(again.open(QIODevice::ReadOnly));
    const QByteArray inMb = again.readAll();
    QVERIFY(inMb.contains("throughput MB/s (mean"));
    QVERIFY(!inMb.contains("throughput Mbit/s (mean"));
}

void TestExportActions::emptyStoreSaysWhatToDo()
{
    auto *actions = new ExportActions(m_window.get());
    actions->setStorePath(m_dir->filePath(QStringLiteral("empty.db")));
    QCOMPARE(actions->currentExperiment(), 0);
    const auto written =
        actions->exportReport(0, ReportExporter::Format::Pdf, m_dir->filePath(QStringLiteral("x.pdf")));
    QVERIFY(!written.has_value());
    QVERIFY(written.error().message.contains(QStringLiteral("run an experiment")));
}

QTEST_MAIN(TestExportActions)
#include "tst_export_actions.moc"
