// Reports of a story 5 sweep stored in a real SQLite ResultStore, written in every format and read
// back with the tools a reader uses: the PDF's pages and text (pdftotext), a page rendered
// (pdftoppm) is not blank, table rows are never cut at a page break; the HTML is well-formed and
// holds the table and inline SVG charts; Markdown writes its images beside it; CSV and JSON carry
// every run and sample; and the failed point is stated in every format.

#include "export/report_chart_renderer.h"
#include "test_paths.h"
#include "export/report_exporter.h"
#include "export_probe.h"
#include "report/report_format.h"
#include "both_run_fixture.h"
#include "report_fixture.h"
#include "screenshot.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace tcptune;

class TestReportExporter final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pdfPagesTextAndPicture();
    void pdfNeverCutsARow();
    void htmlIsWellFormedWithTableAndSvg();
    void markdownWritesImagesBeside();
    void csvAndJsonCarryEverything();
    void samplesSayTheirDirection();
    void failedPointIsStated_data();
    void failedPointIsStated();
    void unknownFormatSaysWhatToUse();

private:
    QString write(ReportExporter::Format format, const QString &name, const ReportModel &model);
    static QByteArray read(const QString &path);
    QTemporaryDir m_dir;
    ReportModel m_model; // 8 points x 2 repeats, one failed point, one collapsed run
    ReportModel m_long;  // 8 points x 6 repeats: the run table spans pages
};

void TestReportExporter::initTestCase()
{
    QVERIFY(m_dir.isValid());
    for (auto [repeats, model, db] :
         {std::tuple{2, &m_model, QStringLiteral("a.db")}, std::tuple{6, &m_long, QStringLiteral("b.db")}}) {
        ResultStore store;
        QVERIFY(store.open(m_dir.filePath(db)).has_value());
        test::ReportFixtureOptions options;
        options.repeats = repeats;
        const qint64 id = test::fillStory5Sweep(store, options);
        auto loaded = ReportExporter::load(m_dir.filePath(db), QString::number(id));
        QVERIFY2(loaded.has_value(), qPrintable(loaded ? QString() : loaded.error().message));
        *model = *loaded;
    }
    QCOMPARE(m_model.charts.size(), 2);
}

QByteArray TestReportExporter::read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString TestReportExporter::write(ReportExporter::Format format, const QString &name, const ReportModel &model)
{
    const QString path = m_dir.filePath(name);
    auto written = ReportExporter::write(model, format, path);
    if (!written) {
        qWarning("%s", qPrintable(written.error().message));
        return {};
    }
    // Keep a copy beside the screenshots for people to look at.
    QDir().mkpath(tcptune::test::screenshotPath(QStringLiteral("report")));
    for (const QString &file : *written) {
        const QString copy = tcptune::test::screenshotPath(QStringLiteral("report/") + QFileInfo(file).fileName());
        QFile::remove(copy);
        QFile::copy(file, copy);
    }
    return path;
}

void TestReportExporter::pdfPagesTextAndPicture()
{
    const QString pdf = write(ReportExporter::Format::Pdf, QStringLiteral("report.pdf"), m_model);
    QVERIFY(!pdf.isEmpty());
    const int pages = test::pdfPages(pdf);
    QVERIFY2(pages >= 2 && pages <= 8, qPrintable(QString::number(pages)));
    const QString text = test::squeezed(test::pdfText(pdf));
    QVERIFY(text.contains(m_model.title));
    QVERIFY(text.contains(QStringLiteral("Results")));
    QVERIFY(text.contains(QStringLiteral("64 KiB")));
    QVERIFY(text.contains(QStringLiteral("4 MiB")));
    const PointStatistics &second = m_model.results.points.at(1).stats;
    QVERIFY(text.contains(reportformat::meanSd(second.mean, second.sd)));
    QVERIFY(text.contains(m_model.host.kernel));
    QVERIFY(text.contains(QStringLiteral("tcptune sweep")));
    QVERIFY(text.contains(QStringLiteral("\"SO_SNDBUF\"")) || text.contains(QStringLiteral("socket.SO_SNDBUF")));
    // Page 1 (facts, flags, table) and the page with the charts are drawn, not blank.
    QVERIFY(test::looksDrawn(test::pdfPageImage(pdf, 1, 60, QStringLiteral("report-pdf-page1")), 8, 0.97));
    int chartPage = 0;
    for (int p = 1; p <= pages && chartPage == 0; ++p)
        if (test::pdfText(pdf, p).contains(QStringLiteral("Charts")))
            chartPage = p;
    QVERIFY(chartPage > 0);
    const QImage charts = test::pdfPageImage(pdf, chartPage, 60, QStringLiteral("report-pdf-charts"));
    QVERIFY(test::looksDrawn(charts, 16, 0.95));
}

void TestReportExporter::pdfNeverCutsARow()
{
    const QString pdf = write(ReportExporter::Format::Pdf, QStringLiteral("long.pdf"), m_long);
    QVERIFY(!pdf.isEmpty());
    const int pages = test::pdfPages(pdf);
    QVERIFY(pages >= 3);
    QStringList pageTexts;
    for (int p = 1; p <= pages; ++p)
        pageTexts << test::squeezed(test::pdfText(pdf, p, true));
    // Every run's row (run number, point, repeat, status, and for failures the wrapped error)
    // is whole on one page.
    int runTablePages = 0;
    QSet<int> pagesWithRuns;
    for (const RunRecord *run : m_long.runs()) {
        const RunRecord &r = *run;
        const QString start = QStringLiteral("%1 %2 %3 %4")
                                  .arg(r.runIndex + 1)
                                  .arg(m_long.pointLabel(r))
                                  .arg(r.repeat + 1)
                                  .arg(runStatusName(r.status));
        int found = -1;
        for (int p = 0; p < pageTexts.size() && found < 0; ++p)
            if (pageTexts.at(p).contains(start))
                found = p;
        QVERIFY2(found >= 0, qPrintable(start));
        pagesWithRuns.insert(found);
        // A wrapped cell may break inside a word: compare without any whitespace.
        if (!r.error.isEmpty())
            QVERIFY2(test::withoutSpace(pageTexts.at(found))
                         .contains(test::withoutSpace(start + QStringLiteral("----") + r.error)),
                     qPrintable(start));
    }
    runTablePages = int(pagesWithRuns.size());
    QVERIFY2(runTablePages >= 2, "the run table should span pages for this test to mean anything");
    // The header is repeated on each page the table continues on.
    for (int p : pagesWithRuns)
        QVERIFY(pageTexts.at(p).contains(QStringLiteral("retrans.")));
}

void TestReportExporter::htmlIsWellFormedWithTableAndSvg()
{
    const QString html = write(ReportExporter::Format::Html, QStringLiteral("report.html"), m_model);
    QVERIFY(!html.isEmpty());
    const QByteArray text = read(html);
    QCOMPARE(test::xmlError(text), QString());
    QCOMPARE(test::xmllintError(html), QString());
    // Walk it: the results table's body rows, and SVG charts inline (nothing linked from outside).
    QXmlStreamReader xml(text);
    int resultRows = 0;
    int svgs = 0;
    bool inResults = false;
    bool externalReference = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("table"))
                inResults = xml.attributes().value(QStringLiteral("class")) == QLatin1String("results");
            if (inResults && xml.name() == QLatin1String("tr"))
                ++resultRows;
            if (xml.name() == QLatin1String("svg"))
                ++svgs;
            if (xml.name() == QLatin1String("img") || xml.name() == QLatin1String("link") ||
                xml.name() == QLatin1String("script"))
                externalReference = true;
        }
        if (xml.isEndElement() && xml.name() == QLatin1String("table"))
            inResults = false;
    }
    QCOMPARE(resultRows, 1 + 8);
    QCOMPARE(svgs, 2);
    QVERIFY(!externalReference);
    QVERIFY(text.contains("<polyline") || text.contains("<path"));
}

void TestReportExporter::markdownWritesImagesBeside()
{
    const QString md = write(ReportExporter::Format::Markdown, QStringLiteral("sub/report.md"), m_model);
    QVERIFY(!md.isEmpty());
    const QString text = QString::fromUtf8(read(md));
    static const QRegularExpression image(QStringLiteral(R"(!\[[^\]]*\]\(([^)]+)\))"));
    int images = 0;
    for (auto it = image.globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured(1);
        const QImage png(QFileInfo(md).dir().filePath(name));
        QVERIFY2(!png.isNull(), qPrintable(name));
        QCOMPARE(png.size(), ReportChartRenderer::kDefaultSize);
        QVERIFY(test::looksDrawn(png));
        ++images;
    }
    QCOMPARE(images, 2);
    QVERIFY(text.contains(QStringLiteral("| 64 KiB |")));
    QVERIFY(text.contains(QStringLiteral("```json")));
}

void TestReportExporter::csvAndJsonCarryEverything()
{
    const QString csv = write(ReportExporter::Format::Csv, QStringLiteral("data.csv"), m_model);
    QVERIFY(!csv.isEmpty());
    const QStringList points = QString::fromUtf8(read(csv)).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(points.size(), 1 + 8);
    // The result table's one CSV writer, as `tcptune sweep --out` writes points.csv.
    QVERIFY2(points.first().startsWith(QStringLiteral(
                 "socket.SO_SNDBUF,point,planned_runs,ok_runs,failed_runs,cancelled_runs,throughput_mean_bps")),
             qPrintable(points.first()));
    QCOMPARE(points.at(5).section(u',', 0, 1), QStringLiteral("524288,512 KiB"));
    QCOMPARE(points.at(5).section(u',', 6, 6), QString()); // the failed point has no throughput, not 0
    const QStringList runs =
        QString::fromUtf8(read(m_dir.filePath(QStringLiteral("data-runs.csv")))).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(runs.size(), 1 + 16);
    const QStringList samples =
        QString::fromUtf8(read(m_dir.filePath(QStringLiteral("data-samples.csv")))).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(samples.size(), 1 + 14 * 40); // 14 finished runs of 40 samples

    const QString json = write(ReportExporter::Format::Json, QStringLiteral("data.json"), m_model);
    QJsonParseError error{};
    const QJsonObject o = QJsonDocument::fromJson(read(json), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray jsonPoints = o.value(QStringLiteral("points")).toArray();
    QCOMPARE(jsonPoints.size(), 8);
    int jsonRuns = 0;
    for (const QJsonValue &p : jsonPoints)
        jsonRuns += int(p.toObject().value(QStringLiteral("runs")).toArray().size());
    QCOMPARE(jsonRuns, 16);
    const QJsonObject firstRun = jsonPoints.at(0).toObject().value(QStringLiteral("runs")).toArray().at(0).toObject();
    QCOMPARE(firstRun.value(QStringLiteral("samples")).toArray().size(), 40);
    QCOMPARE(jsonPoints.at(4).toObject().value(QStringLiteral("failed_runs")).toInt(), 2);
    QVERIFY(jsonPoints.at(4)
                .toObject()
                .value(QStringLiteral("runs"))
                .toArray()
                .at(0)
                .toObject()
                .value(QStringLiteral("throughput_bps"))
                .isNull());
}

// A run in direction both: every sample in the raw data says whose sending it is (the two
// aggregate series are told apart by it, not by their time).
void TestReportExporter::samplesSayTheirDirection()
{
    const QString db = m_dir.filePath(QStringLiteral("both.db"));
    qint64 run = 0;
    {
        ResultStore store;
        QVERIFY(store.open(db).has_value());
        run = test::storeBothDirectionsRun(store, 10);
    }
    auto model = ReportExporter::load(db, QStringLiteral("run:%1").arg(run));
    QVERIFY2(model.has_value(), qPrintable(model ? QString() : model.error().message));
    const QString csv = write(ReportExporter::Format::Csv, QStringLiteral("both.csv"), *model);
    QVERIFY(!csv.isEmpty());
    const QStringList lines =
        QString::fromUtf8(read(m_dir.filePath(QStringLiteral("both-samples.csv")))).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 4 * 10); // both aggregates and a stream each way
    const QStringList header = lines.first().split(u',');
    const qsizetype stream = header.indexOf(QStringLiteral("stream"));
    const qsizetype direction = header.indexOf(QStringLiteral("direction"));
    QVERIFY2(stream >= 0 && direction >= 0, qPrintable(lines.first()));
    // Counted from the end: the point label before them may hold a comma (quoted).
    QMap<QString, int> aggregates;
    for (const QString &line : lines.mid(1)) {
        const QStringList fields = line.split(u',');
        const auto field = [&](qsizetype column) { return fields.at(fields.size() - (header.size() - column)); };
        if (field(stream) == QLatin1String("-1"))
            ++aggregates[field(direction)];
    }
    QCOMPARE(aggregates, (QMap<QString, int>{{QStringLiteral("up"), 10}, {QStringLiteral("down"), 10}}));

    const QString json = write(ReportExporter::Format::Json, QStringLiteral("both.json"), *model);
    const QJsonValue o = QJsonDocument::fromJson(read(json)).object();
    const QJsonArray samples =
        o[QLatin1String("points")][0][QLatin1String("runs")][0][QLatin1String("samples")].toArray();
    QCOMPARE(samples.size(), 40);
    int down = 0;
    for (const QJsonValue &v : samples)
        down += v.toObject().value(QStringLiteral("direction")).toString() == QLatin1String("down") ? 1 : 0;
    QCOMPARE(down, 20);
}

void TestReportExporter::failedPointIsStated_data()
{
    QTest::addColumn<int>("format");
    QTest::addRow("html") << int(ReportExporter::Format::Html);
    QTest::addRow("pdf") << int(ReportExporter::Format::Pdf);
    QTest::addRow("md") << int(ReportExporter::Format::Markdown);
}

void TestReportExporter::failedPointIsStated()
{
    QFETCH(int, format);
    const auto f = ReportExporter::Format(format);
    const QString path = write(f, QStringLiteral("failed.") + ReportExporter::extension(f), m_model);
    QVERIFY(!path.isEmpty());
    const QString text =
        test::squeezed(f == ReportExporter::Format::Pdf ? test::pdfText(path) : QString::fromUtf8(read(path)));
    QVERIFY(text.contains(QStringLiteral("FAILED runs: 2 of 16")));
    QVERIFY(text.contains(QStringLiteral("FAILED: 2 of 2 runs")));
    QVERIFY(text.contains(test::kFixtureError));
    QVERIFY(text.contains(QStringLiteral("collapse")));
}

void TestReportExporter::unknownFormatSaysWhatToUse()
{
    const auto f = ReportExporter::formatFromName(QStringLiteral("docx"));
    QVERIFY(!f.has_value());
    QVERIFY(f.error().message.contains(QStringLiteral("html, pdf, md, csv, json")));
    QCOMPARE(*ReportExporter::formatFromName(QStringLiteral("out/x.md")), ReportExporter::Format::Markdown);
}

QTEST_MAIN(TestReportExporter)
#include "tst_report_exporter.moc"
