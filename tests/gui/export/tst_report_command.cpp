// `tcptune report` and `tcptune chart` as a user runs them, with no display at all (no DISPLAY,
// WAYLAND_DISPLAY or QT_QPA_PLATFORM): the commands pick the offscreen platform themselves and
// write the HTML and PDF report (the headless default job) and a chart of the asked size.

#include "command_runner.h"
#include "test_paths.h"
#include "export_probe.h"
#include "both_run_fixture.h"
#include "report_fixture.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestReportCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void writesHtmlAndPdfWithoutDisplay();
    void chartOfTheAskedSize_data();
    void chartOfTheAskedSize();
    void chartOfABothRunDrawsEachDirection();
    void unitChangesTheTables_data();
    void unitChangesTheTables();
    void jsonStaysInBitsPerSecond();
    void errorsSayWhatToDo_data();
    void errorsSayWhatToDo();

private:
    test::CommandResult run(const QStringList &args);
    QTemporaryDir m_dir;
    QString m_db;
    qint64 m_id = 0;
};

void TestReportCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("results.db"));
    ResultStore store;
    QVERIFY(store.open(m_db).has_value());
    m_id = test::fillStory5Sweep(store);
}

test::CommandResult TestReportCommand::run(const QStringList &args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    return test::runCommand(test::binary(QStringLiteral("tcptune")), args + QStringList{QStringLiteral("--db"), m_db},
                            60000, {}, env);
}

void TestReportCommand::writesHtmlAndPdfWithoutDisplay()
{
    const QString stem = m_dir.filePath(QStringLiteral("out/story5"));
    const auto r = run({QStringLiteral("report"), QString::number(m_id), QStringLiteral("--format"),
                        QStringLiteral("html,pdf"), QStringLiteral("--out"), stem});
    QVERIFY2(r.exitCode == 0 && !r.crashed, r.err.constData());
    QVERIFY(r.out.contains("story5.html"));
    QVERIFY(r.out.contains("story5.pdf"));
    QVERIFY(r.out.contains("failed")); // the note that runs failed
    QFile html(stem + QStringLiteral(".html"));
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QByteArray text = html.readAll();
    QCOMPARE(test::xmlError(text), QString());
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("FAILED"));
    QVERIFY(test::pdfPages(stem + QStringLiteral(".pdf")) >= 2);
    QVERIFY(test::pdfText(stem + QStringLiteral(".pdf")).contains(QStringLiteral("Story 5")));
}

void TestReportCommand::chartOfTheAskedSize_data()
{
    QTest::addColumn<QString>("subject");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("extra");
    QTest::addRow("sweep png") << QString() << QStringLiteral("sweep.png")
                               << QStringList{QStringLiteral("--size"), QStringLiteral("800x450"),
                                              QStringLiteral("--dpi"), QStringLiteral("144")};
    QTest::addRow("run png") << QStringLiteral("run:1") << QStringLiteral("run.png")
                             << QStringList{QStringLiteral("--size"), QStringLiteral("640x320")};
    QTest::addRow("svg") << QString() << QStringLiteral("sweep.svg")
                         << QStringList{QStringLiteral("--format"), QStringLiteral("svg"), QStringLiteral("--size"),
                                        QStringLiteral("700x300")};
    QTest::addRow("pdf") << QString() << QStringLiteral("sweep.pdf")
                         << QStringList{QStringLiteral("--size"), QStringLiteral("700x300")};
}

void TestReportCommand::chartOfTheAskedSize()
{
    QFETCH(QString, subject);
    QFETCH(QString, file);
    QFETCH(QStringList, extra);
    const QString path = m_dir.filePath(file);
    const auto r = run(QStringList{QStringLiteral("chart"), subject.isEmpty() ? QString::number(m_id) : subject,
                                   QStringLiteral("--out"), path} +
                       extra);
    QVERIFY2(r.exitCode == 0 && !r.crashed, r.err.constData());
    if (file.endsWith(QLatin1String(".png"))) {
        const QImage png(path);
        const QStringList wh = extra.at(extra.indexOf(QStringLiteral("--size")) + 1).split(u'x');
        QCOMPARE(png.size(), QSize(wh.at(0).toInt(), wh.at(1).toInt()));
    } else if (file.endsWith(QLatin1String(".svg"))) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(test::xmlError(f.readAll()), QString());
    } else {
        QCOMPARE(test::pdfPages(path), 1);
    }
}

// `tcptune chart run:ID` of a run in direction both draws a line per direction, each named after
// its sender as the live chart names them (the report's time chart is the same drawing).
void TestReportCommand::chartOfABothRunDrawsEachDirection()
{
    qint64 runId = 0;
    {
        ResultStore store;
        QVERIFY(store.open(m_db).has_value());
        runId = test::storeBothDirectionsRun(store);
    }
    const QString subject = QStringLiteral("run:%1").arg(runId);
    const QString svg = m_dir.filePath(QStringLiteral("both.svg"));
    auto r = run({QStringLiteral("chart"), subject, QStringLiteral("--out"), svg});
    QVERIFY2(r.exitCode == 0 && !r.crashed, r.err.constData());
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY2(text.contains(QStringLiteral("this host sends")), "no line of this host's sending");
    QVERIFY2(text.contains(QStringLiteral("the target sends")), "no line of the target's sending");
    // A picture to look at beside the screenshots.
    QDir().mkpath(tcptune::test::screenshotPath());
    r = run({QStringLiteral("chart"), subject, QStringLiteral("--out"),
             tcptune::test::screenshotPath(QStringLiteral("chart-both-directions.png"))});
    QVERIFY2(r.exitCode == 0 && !r.crashed, r.err.constData());
}

namespace {

// The cell under the heading that starts with HEADING in the first data row of the Markdown table
// in TEXT (`results show`, a report's .md); empty when there is none.
QString firstRowCell(const QString &text, const QString &heading)
{
    QList<QStringList> rows;
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.startsWith(QLatin1String("| ")))
            rows << line.mid(2, line.size() - 4).split(QStringLiteral(" | "));
    if (rows.size() < 2)
        return {};
    for (qsizetype c = 0; c < rows.first().size(); ++c)
        if (rows.first().at(c).startsWith(heading))
            return rows.at(1).value(c);
    return {};
}

} // namespace

// --unit MB: the same stored sweep's table in MB/s, an eighth of its Mbit/s figures, in the
// output of `results show` and in a Markdown report.
void TestReportCommand::unitChangesTheTables_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("heading");
    QTest::addRow("results show") << QStringLiteral("results") << QStringLiteral("throughput %1 (mean");
    QTest::addRow("report md") << QStringLiteral("report") << QStringLiteral("throughput %1 (mean");
}

void TestReportCommand::unitChangesTheTables()
{
    QFETCH(QString, command);
    QFETCH(QString, heading);
    const auto textIn = [&](const QString &unit) {
        const QString md = m_dir.filePath(QStringLiteral("unit-%1.md").arg(unit));
        const QStringList args =
            command == QLatin1String("results")
                ? QStringList{QStringLiteral("results"), QStringLiteral("show"), QString::number(m_id)}
                : QStringList{QStringLiteral("report"), QString::number(m_id), QStringLiteral("--out"), md};
        const auto r = run(args + QStringList{QStringLiteral("--unit"), unit});
        if (r.exitCode != 0 || command == QLatin1String("results"))
            return QString::fromUtf8(r.out + r.err);
        QFile file(md);
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    };
    const QString mbitText = textIn(QStringLiteral("mbit"));
    const QString mbText = textIn(QStringLiteral("MB"));
    const QString mbit = firstRowCell(mbitText, heading.arg(QStringLiteral("Mbit/s")));
    const QString mb = firstRowCell(mbText, heading.arg(QStringLiteral("MB/s")));
    QVERIFY2(!mbit.isEmpty(), qPrintable(mbitText));
    QVERIFY2(!mb.isEmpty(), qPrintable(mbText));
    QVERIFY2(firstRowCell(mbText, heading.arg(QStringLiteral("Mbit/s"))).isEmpty(), qPrintable(mbText));
    const double mbitMean = mbit.section(QLatin1Char(' '), 0, 0).toDouble();
    const double mbMean = mb.section(QLatin1Char(' '), 0, 0).toDouble();
    QVERIFY2(mbitMean > 1, qPrintable(mbit));
    QVERIFY2(qAbs(mbMean * 8 - mbitMean) <= 0.5, qPrintable(mb + QStringLiteral(" vs ") + mbit));
}

// JSON is an API in bit/s: --unit changes nothing in it.
void TestReportCommand::jsonStaysInBitsPerSecond()
{
    const QStringList show{QStringLiteral("results"), QStringLiteral("show"), QString::number(m_id),
                           QStringLiteral("--json")};
    const auto plain = run(show);
    const auto inMb = run(show + QStringList{QStringLiteral("--unit"), QStringLiteral("MB")});
    QCOMPARE(plain.exitCode, 0);
    QCOMPARE(inMb.exitCode, 0);
    QVERIFY(plain.out.startsWith("{"));
    QCOMPARE(inMb.out, plain.out);
}

void TestReportCommand::errorsSayWhatToDo_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("hint");
    QTest::addRow("no out") << QStringList{QStringLiteral("report"), QStringLiteral("1")} << QStringLiteral("--out");
    QTest::addRow("bad id") << QStringList{QStringLiteral("report"), QStringLiteral("latest"), QStringLiteral("--out"),
                                           QStringLiteral("x.html")}
                            << QStringLiteral("tcptune results list");
    QTest::addRow("bad format") << QStringList{QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--out"),
                                               QStringLiteral("x.docx")}
                                << QStringLiteral("html, pdf, md, csv, json");
    QTest::addRow("bad size") << QStringList{QStringLiteral("chart"), QStringLiteral("1"),      QStringLiteral("--out"),
                                             QStringLiteral("x.png"), QStringLiteral("--size"), QStringLiteral("huge")}
                              << QStringLiteral("WIDTHxHEIGHT");
    QTest::addRow("missing experiment") << QStringList{QStringLiteral("report"), QStringLiteral("999"),
                                                       QStringLiteral("--out"), QStringLiteral("x.html")}
                                        << QStringLiteral("999");
    QTest::addRow("bad unit") << QStringList{QStringLiteral("report"), QStringLiteral("1"),
                                             QStringLiteral("--out"),  QStringLiteral("x.md"),
                                             QStringLiteral("--unit"), QStringLiteral("kbit")}
                              << QStringLiteral("'kbit' is not a throughput unit; give mbit (Mbit/s), gbit (Gbit/s)");
}

void TestReportCommand::errorsSayWhatToDo()
{
    QFETCH(QStringList, args);
    QFETCH(QString, hint);
    const auto r = run(args);
    QVERIFY(r.exitCode != 0);
    QVERIFY(!r.crashed);
    QVERIFY2(QString::fromUtf8(r.err).contains(hint), r.err.constData());
}

QTEST_GUILESS_MAIN(TestReportCommand)
#include "tst_report_command.moc"
