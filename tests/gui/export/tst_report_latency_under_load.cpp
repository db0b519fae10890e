// Latency under load in reports (issue 34): a real rrul run on loopback (1 s idle, 2 s loaded, 4
// streams each way), stored as the runner stores it. Its report has the run's time series and
// CDF (LatencyUnderLoadChart, also as PNGs: build/screenshots/report-latency-under-load*.png) and
// the table of its figures (idle median, loaded median, p95, p99, increase, probes lost, goodput
// up and down), in HTML, Markdown and PDF alike.

#include "experiment/store/result_store.h"
#include "export/report_chart_renderer.h"
#include "export/report_exporter.h"
#include "export_probe.h"
#include "report/report_tables.h"
#include "rrul_run.h"
#include "screenshot.h"
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;
using namespace tcptune::test;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestReportLatencyUnderLoad final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void chartsAreInTheReport();
    void tableHoldsTheFigures();
    void everyFormatCarriesThem();

private:
    QTemporaryDir m_dir;
    TrafficResult m_result;
    ReportModel m_model;
};

void TestReportLatencyUnderLoad::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_result = rrulRunOnLoopback(1, 2);
    QVERIFY2(m_result.ok(), qPrintable(m_result.error));
    QVERIFY(m_result.underLoad.measured);
    const QString db = m_dir.filePath(QStringLiteral("results.db"));
    ResultStore store;
    QVERIFY(store.open(db));
    const qint64 runId = storeRrulRun(store, m_result, QStringLiteral("latency under load"));
    QVERIFY(runId > 0);
    const auto run = store.run(runId);
    QVERIFY(run);
    QVERIFY(run->underLoad().measured);
    auto loaded = ReportExporter::load(db, QString::number(run->experimentId));
    QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().message));
    m_model = *loaded;
}

void TestReportLatencyUnderLoad::chartsAreInTheReport()
{
    const QStringList ids{QStringLiteral("latency-under-load-1"), QStringLiteral("latency-cdf-1")};
    for (const QString &id : ids) {
        QVERIFY2(ReportChartRenderer::availableCharts(m_model).contains(id),
                 qPrintable(ReportChartRenderer::availableCharts(m_model).join(QStringLiteral(", "))));
        const ReportChart *chart = nullptr;
        for (const ReportChart &c : m_model.charts)
            if (c.id == id)
                chart = &c;
        QVERIFY(chart);
        QVERIFY2(chart->title.contains(QStringLiteral("Latency under load")), qPrintable(chart->title));
        QVERIFY(chart->svg.contains("<svg"));
        QImage png;
        QVERIFY(png.loadFromData(chart->png, "PNG"));
        QCOMPARE(png.size(), ReportChartRenderer::kDefaultSize);
        QVERIFY(looksDrawn(png, 16, 0.95));
        QDir().mkpath(screenshotPath());
        QVERIFY(png.save(screenshotPath(QStringLiteral("report-%1.png").arg(id))));
    }
}

void TestReportLatencyUnderLoad::tableHoldsTheFigures()
{
    const ReportTable t = reporttables::underLoad(m_model);
    QCOMPARE(t.rows.size(), 1);
    QCOMPARE(t.header.size(), t.rows.first().size());
    const QStringList &row = t.rows.first();
    const LatencyUnderLoad &u = m_result.underLoad;
    const auto ms = [](double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); };
    QCOMPARE(row.at(2), ms(u.idleMs.median));
    QCOMPARE(row.at(3), ms(u.loadedMs.median));
    QCOMPARE(row.at(4), ms(u.loadedMs.p95));
    QCOMPARE(row.at(5), ms(u.loadedMs.p99));
    QCOMPARE(row.at(7), QStringLiteral("%1 of %2").arg(u.udpLoadedLost).arg(u.udpLoadedSent));
    // Both directions' goodput, as the run's details keep it.
    QVERIFY2(row.at(8) != QLatin1String("-") && row.at(9) != QLatin1String("-"), qPrintable(row.join(u'|')));
    QVERIFY(row.at(8).toDouble() > 0 && row.at(9).toDouble() > 0);
}

void TestReportLatencyUnderLoad::everyFormatCarriesThem()
{
    const reporttables::Headings hd = reporttables::headings(m_model);
    const QString cdfTitle = ReportChartRenderer::chartTitle(m_model, QStringLiteral("latency-cdf-1"));
    const QString htmlPath = m_dir.filePath(QStringLiteral("r.html"));
    QVERIFY(ReportExporter::write(m_model, ReportExporter::Format::Html, htmlPath));
    const QString html = QString::fromUtf8(readAll(htmlPath));
    QVERIFY(html.contains(QStringLiteral("<h2 id=\"latency-under-load\">%1</h2>").arg(hd.underLoad)));
    QVERIFY(html.contains(QStringLiteral("<table class=\"latency-under-load\">")));
    QVERIFY(html.contains(cdfTitle.toHtmlEscaped()));
    QVERIFY(xmlError(html.toUtf8()).isEmpty());

    const QString mdPath = m_dir.filePath(QStringLiteral("md/r.md"));
    QVERIFY(ReportExporter::write(m_model, ReportExporter::Format::Markdown, mdPath));
    const QString md = QString::fromUtf8(readAll(mdPath));
    QVERIFY(md.contains(QStringLiteral("## %1").arg(hd.underLoad)));
    QVERIFY(md.contains(QStringLiteral("![%1](").arg(cdfTitle)));
    QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral("md/r-latency-cdf-1.png"))));

    const QString pdf = m_dir.filePath(QStringLiteral("r.pdf"));
    QVERIFY(ReportExporter::write(m_model, ReportExporter::Format::Pdf, pdf));
    QVERIFY2(squeezed(pdfText(pdf)).contains(QStringLiteral("idle median ms")), qPrintable(squeezed(pdfText(pdf))));
}

QTEST_MAIN(TestReportLatencyUnderLoad)
#include "tst_report_latency_under_load.moc"
