// The PDF report as a reader sees it (pdftotext, pdfinfo): the verdict, a sentence, is never
// broken mid-word into a column one word wide; the eight rows of story 5's "Why" table stand on
// one page; the whole report of an eight-point sweep stays short; and "Every run" shows a run's
// retransmissions exactly as "Why" does (not 0 in one and 0.01 % in the other). The runs' capture
// files are listed.

#include "export/report_exporter.h"
#include "export_probe.h"
#include "report_fixture.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

namespace {

const QString kVerdict =
    QStringLiteral("Congestion window: cubic's window set the pace for 73 % of the run while the bottleneck queue held "
                   "about 420 kB, which adds 67 ms of RTT.");

// Every Ok run of MODEL gets the sentence above as its verdict, the sender's counters (1 of
// 10000 segments retransmitted, where TCP_INFO's own count says 0) and a capture file.
void diagnose(ReportModel &model)
{
    for (PointResult &point : model.results.points)
        for (RunRecord &run : point.runs) {
            run.verdict = kVerdict;
            run.retransmits = 0;
            EndRecord sender;
            sender.end = RunEnd::Local;
            sender.sender = true;
            sender.countersRead = true;
            sender.counterDeltas = {{QStringLiteral("TcpOutSegs"), 10000}, {QStringLiteral("TcpRetransSegs"), 1}};
            run.ends = {sender};
            run.limiters.busy = 0.99;
            run.limiters.cwndLimited = 0.73;
            CaptureRecord capture;
            capture.path = QStringLiteral("/var/tmp/captures/run-%1.pcapng").arg(run.runIndex + 1);
            capture.interface = QStringLiteral("veth-c");
            capture.packetsReceived = 4000;
            capture.packetsDropped = 0;
            run.captures = {capture};
        }
}

} // namespace

class TestPdfReportLayout final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void verdictIsNeverBrokenMidWord();
    void eightRowsOfWhyOnOnePage();
    void reportStaysShort();
    void retransmitsAgreeBetweenTables();
    void capturesAreListed();

private:
    QTemporaryDir m_dir;
    QString m_pdf;
    QString m_text; // all pages, whitespace folded
    int m_pages = 0;
};

void TestPdfReportLayout::initTestCase()
{
    QVERIFY(m_dir.isValid());
    ResultStore store;
    QVERIFY(store.open(m_dir.filePath(QStringLiteral("results.db"))).has_value());
    test::ReportFixtureOptions options;
    options.repeats = 1;
    options.failPoint = false;
    options.collapse = false;
    const qint64 id = test::fillStory5Sweep(store, options);
    auto model = ReportExporter::load(m_dir.filePath(QStringLiteral("results.db")), QString::number(id));
    QVERIFY2(model.has_value(), qPrintable(model ? QString() : model.error().message));
    diagnose(*model);
    m_pdf = m_dir.filePath(QStringLiteral("report.pdf"));
    auto written = ReportExporter::write(*model, ReportExporter::Format::Pdf, m_pdf);
    QVERIFY2(written.has_value(), qPrintable(written ? QString() : written.error().message));
    m_pages = test::pdfPages(m_pdf);
    m_text = test::squeezed(test::pdfText(m_pdf));
    QVERIFY(m_pages > 0);
    test::pdfPageImage(m_pdf, 1, 50, QStringLiteral("pdf-layout-page1")); // for people to look at
}

void TestPdfReportLayout::verdictIsNeverBrokenMidWord()
{
    // Each word of the sentence whole, in order: once per row of the results table, once per
    // row of "Why".
    QCOMPARE(m_text.count(kVerdict), 16);
}

void TestPdfReportLayout::eightRowsOfWhyOnOnePage()
{
    int whyPage = 0;
    for (int p = 1; p <= m_pages && whyPage == 0; ++p)
        if (test::pdfText(m_pdf, p).contains(QLatin1String("Why: limiters, queue and counters")))
            whyPage = p;
    QVERIFY(whyPage > 0);
    const QString page = test::squeezed(test::pdfText(m_pdf, whyPage));
    const QString section = page.mid(page.indexOf(QLatin1String("Why: limiters, queue and counters")));
    QVERIFY2(section.count(kVerdict) == 8, qPrintable(section));
}

void TestPdfReportLayout::reportStaysShort()
{
    // Title, facts and notes, the results table, two charts, every run, why, captures, host,
    // knobs, the spec: five pages of A4 at most.
    QVERIFY2(m_pages <= 5, qPrintable(QString::number(m_pages)));
}

void TestPdfReportLayout::retransmitsAgreeBetweenTables()
{
    // 8 rows in "Every run" and 8 in "Why", each "1 (0.01 %)"; never a bare 0 in one of them.
    QCOMPARE(m_text.count(QStringLiteral("1 (0.01 %)")), 16);
}

void TestPdfReportLayout::capturesAreListed()
{
    QVERIFY(m_text.contains(QLatin1String("Captures")));
    for (int run = 1; run <= 8; ++run)
        QVERIFY2(test::withoutSpace(test::pdfText(m_pdf))
                     .contains(QStringLiteral("/var/tmp/captures/run-%1.pcapng").arg(run)),
                 qPrintable(QString::number(run)));
}

QTEST_MAIN(TestPdfReportLayout)
#include "tst_pdf_report_layout.moc"
