// From a real short sweep to the report: `tcptune sweep` runs two SO_SNDBUF points in a lab of
// its own (tcptune-t-report1-*, removed afterwards), then `tcptune report` without a display
// writes HTML and PDF whose table, charts and numbers come from those runs.

#include "command_runner.h"
#include "export_probe.h"
#include "screenshot.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace tcptune;

class TestReportEndToEnd final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void reportOfARealSweep();

private:
    QProcessEnvironment headless() const;
    QTemporaryDir m_dir;
};

static const QString kLab = QStringLiteral("t-report1");

void TestReportEndToEnd::initTestCase()
{
    if (geteuid() != 0)
        QSKIP("needs root: the lab is built in network namespaces");
    QVERIFY(m_dir.isValid());
}

void TestReportEndToEnd::cleanupTestCase()
{
    if (geteuid() == 0)
        test::runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), kLab}, 60000);
}

QProcessEnvironment TestReportEndToEnd::headless() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    return env;
}

void TestReportEndToEnd::reportOfARealSweep()
{
    const QString spec = m_dir.filePath(QStringLiteral("spec.json"));
    QFile f(spec);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({
  "version": 1,
  "name": "report end to end",
  "target": {"kind": "lab"},
  "knobs": {"lab.topology": "routed", "lab.rate": "50mbit", "lab.queue": "2M", "socket.TCP_CONGESTION": "cubic"},
  "workload": {"type": "bulk", "streams": 1},
  "duration_s": 1.5,
  "omit_s": 0.2,
  "repeats": 1,
  "sample_ms": 20,
  "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF", "values": ["64K", "1M"]}]}
})");
    f.close();
    const QString db = m_dir.filePath(QStringLiteral("results.db"));
    const auto sweep = test::runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--lab"), kLab,
                                         QStringLiteral("--lab-down"), QStringLiteral("--db"), db},
                                        120000);
    QVERIFY2(sweep.exitCode == 0 && !sweep.timedOut, sweep.err.constData());

    const QString stem = m_dir.filePath(QStringLiteral("report"));
    const auto report =
        test::runCommand(test::binary(QStringLiteral("tcptune")),
                         {QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--format"),
                          QStringLiteral("html,pdf"), QStringLiteral("--out"), stem, QStringLiteral("--db"), db},
                         60000, {}, headless());
    QVERIFY2(report.exitCode == 0, report.err.constData());

    QVERIFY(test::pdfPages(stem + QStringLiteral(".pdf")) >= 2);
    const QString text = test::squeezed(test::pdfText(stem + QStringLiteral(".pdf"), 0, true));
    QVERIFY(text.contains(QStringLiteral("report end to end")));
    QVERIFY(text.contains(QStringLiteral("No run failed.")));
    // Both rows carry a measured throughput near the 50 Mbit/s bottleneck.
    for (const QString &point : {QStringLiteral("64 KiB"), QStringLiteral("1 MiB")}) {
        const QRegularExpression row(QRegularExpression::escape(point) + QStringLiteral(R"( (\d+\.\d\d) ± )"));
        const auto m = row.match(text);
        QVERIFY2(m.hasMatch(), qPrintable(point));
        const double mbps = m.captured(1).toDouble();
        QVERIFY2(mbps > 20 && mbps < 60, qPrintable(QStringLiteral("%1: %2").arg(point).arg(mbps)));
    }
    QFile html(stem + QStringLiteral(".html"));
    QVERIFY(html.open(QIODevice::ReadOnly));
    const QByteArray h = html.readAll();
    QCOMPARE(test::xmlError(h), QString());
    // Time series from the real samples, the sweep chart and the sender limiters run by run.
    QCOMPARE(h.count("<svg"), 3);
    QVERIFY(
        test::looksDrawn(test::pdfPageImage(stem + QStringLiteral(".pdf"), 2, 60, QStringLiteral("report-e2e-p2"))));
}

QTEST_GUILESS_MAIN(TestReportEndToEnd)
#include "tst_report_end_to_end.moc"
