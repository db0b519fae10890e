// The command line as a newcomer meets it: help names the program "tcptune" (not the path it was
// started by) and not the command twice; a typo'd command gets "did you mean"; the drawing
// commands run headless without Qt's "XDG_RUNTIME_DIR not set"; bare `tcptune` without a display
// says what the default job would do instead of building a lab; `analyze` prints sizes in the
// largest fitting unit and each flow's RTT sample count.

#include "command_runner.h"
#include "test_paths.h"
#include "test_data.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {

// The environment of a session without display and without a runtime folder (cron, ssh, CI).
QProcessEnvironment headless()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_RUNTIME_DIR"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    return env;
}

CommandResult runHeadless(const QStringList &args, int timeoutMs = 30000)
{
    return runCommand(binary(QStringLiteral("tcptune")), args, timeoutMs, {}, headless());
}

} // namespace

class TestCliUsage final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void usageNamesTheProgramOnce_data();
    void usageNamesTheProgramOnce();
    void typoGetsDidYouMean();
    void drawingCommandsDoNotWarnAboutTheRuntimeFolder_data();
    void drawingCommandsDoNotWarnAboutTheRuntimeFolder();
    void bareTcptuneWithoutDisplayExplainsItself();
    void analyzeTableSizesAndRttCount();
    void iperf3LayoutRefusesWhatItCannotHold();
};

void TestCliUsage::usageNamesTheProgramOnce_data()
{
    QTest::addColumn<QString>("command");
    for (const char *c : {"knobs", "run", "sweep", "results", "report", "chart", "lab", "analyze", "serve", "check"})
        QTest::addRow("%s", c) << QString::fromLatin1(c);
}

void TestCliUsage::usageNamesTheProgramOnce()
{
    QFETCH(QString, command);
    const CommandResult r = runHeadless({command, QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    const QString help = QString::fromUtf8(r.out);
    const QString usage = help.section(QLatin1Char('\n'), 0, 0);
    QVERIFY2(usage.startsWith(QStringLiteral("Usage: tcptune %1").arg(command)), qPrintable(usage));
    QVERIFY2(!usage.contains(binPath()), qPrintable(usage));
    QVERIFY2(!usage.contains(QLatin1String("/tcptune")), qPrintable(usage));
    // The command once: as the program's first word, never again as an argument of itself.
    const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(command));
    QCOMPARE(usage.count(word), 1);
    QVERIFY2(!help.contains(QRegularExpression(QStringLiteral("\n  %1 +\\S").arg(command))), qPrintable(help));
}

void TestCliUsage::typoGetsDidYouMean()
{
    const CommandResult r = runHeadless({QStringLiteral("knbos")});
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QLatin1String("Did you mean 'tcptune knobs'?")), qPrintable(err));
    // One line that helps, not the whole usage.
    QVERIFY2(!QString::fromUtf8(r.out + r.err).contains(QLatin1String("Commands:")), r.out.constData());
    const CommandResult far = runHeadless({QStringLiteral("frobnicate")});
    QCOMPARE(far.exitCode, 2);
    QVERIFY2(QString::fromUtf8(far.err).contains(QLatin1String("'tcptune --help' lists the commands")),
             far.err.constData());
    QVERIFY(!QString::fromUtf8(far.err).contains(QLatin1String("Did you mean")));
}

void TestCliUsage::drawingCommandsDoNotWarnAboutTheRuntimeFolder_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("file");
    QTest::addRow("report") << QStringLiteral("report") << QStringLiteral("out.html");
    QTest::addRow("chart") << QStringLiteral("chart") << QStringLiteral("out.svg");
}

void TestCliUsage::drawingCommandsDoNotWarnAboutTheRuntimeFolder()
{
    QFETCH(QString, command);
    QFETCH(QString, file);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // An empty store: the command starts its (offscreen) application, then refuses the id.
    const CommandResult r = runHeadless({command, QStringLiteral("7"), QStringLiteral("--out"), dir.filePath(file),
                                         QStringLiteral("--db"), dir.filePath(QStringLiteral("results.db"))});
    QVERIFY2(!r.timedOut && !r.crashed, r.err.constData());
    QVERIFY2(r.exitCode != 0, r.err.constData());
    QVERIFY2(r.err.contains("no experiment 7") || r.err.contains("experiment 7"), r.err.constData());
    QVERIFY2(!r.err.contains("XDG_RUNTIME_DIR"), r.err.constData());
}

void TestCliUsage::bareTcptuneWithoutDisplayExplainsItself()
{
    QTemporaryDir cwd;
    QVERIFY(cwd.isValid());
    QProcess p;
    p.setProcessEnvironment(headless());
    p.setWorkingDirectory(cwd.path());
    p.start(binary(QStringLiteral("tcptune")), {});
    QVERIFY(p.waitForStarted());
    const bool ended = p.waitForFinished(20000);
    if (!ended) {
        p.kill();
        p.waitForFinished();
    }
    QVERIFY2(ended, "bare tcptune without a display went on (building a lab, sweeping) instead of explaining");
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(QLatin1String("tcptune --default-job")), qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("No display found")), qPrintable(err));
    QVERIFY2(!QDir(cwd.filePath(QStringLiteral("reports"))).exists(), "it wrote a report folder");
}

void TestCliUsage::analyzeTableSizesAndRttCount()
{
    const QString file = captureFile(QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap"));
    const CommandResult table = runHeadless({QStringLiteral("analyze"), file});
    QCOMPARE(table.exitCode, 0);
    const CommandResult json = runHeadless({QStringLiteral("analyze"), file, QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonArray flows = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("flows")).toArray();
    QVERIFY(!flows.isEmpty());
    const QStringList lines = QString::fromUtf8(table.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.size() >= 3, table.out.constData());
    QVERIFY2(lines.at(1).contains(QLatin1String("rtt n")), qPrintable(lines.at(1)));
    // No "1218.0 kB": a size of 1000 units or more goes to the next unit.
    QVERIFY2(!QString::fromUtf8(table.out).contains(QRegularExpression(QStringLiteral("\\b\\d{4,}\\.\\d [kMG]B\\b"))),
             table.out.constData());
    // The largest flow's row: its c2s bytes in the unit that fits, and its RTT sample count.
    const QJsonObject first = flows.first().toObject();
    const qint64 bytes = qint64(first.value(QStringLiteral("bytes_c2s")).toDouble());
    const QString expected = bytes >= 1000000 ? QStringLiteral("%1 MB").arg(double(bytes) / 1e6, 0, 'f', 1)
                                              : QStringLiteral("%1 kB").arg(double(bytes) / 1e3, 0, 'f', 1);
    QVERIFY2(lines.at(2).contains(expected), qPrintable(lines.at(2) + QStringLiteral(" / ") + expected));
    const qint64 count =
        qint64(first.value(QStringLiteral("rtt_ms")).toObject().value(QStringLiteral("count")).toDouble());
    QVERIFY(count > 0);
    QVERIFY2(lines.at(2).contains(QRegularExpression(QStringLiteral("\\s%1\\s").arg(count))),
             qPrintable(lines.at(2) + QStringLiteral(" / ") + QString::number(count)));
}

// iperf3's layout holds one direction of one end: the rest is refused before anything connects.
void TestCliUsage::iperf3LayoutRefusesWhatItCannotHold()
{
    const QStringList run = {QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:9"),
                             QStringLiteral("--json-iperf3")};
    const struct {
        QStringList more;
        const char *says;
    } cases[] = {
        {{QStringLiteral("--json")}, "either --json or --json-iperf3"},
        {{QStringLiteral("--direction"), QStringLiteral("both")}, "use --json for --direction both"},
        {{QStringLiteral("--target"), QStringLiteral("127.0.0.2:9")}, "use --json for several --target"},
    };
    for (const auto &c : cases) {
        const CommandResult r = runHeadless(run + c.more);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(c.says), r.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestCliUsage)
#include "tst_cli_usage.moc"
