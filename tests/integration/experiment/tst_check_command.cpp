// `tcptune check` as CI runs it, on lab traffic (issue 32's regression gate), as root: story 5's
// lab (50 Mbit/s, 2 MB queue, cubic, the far end sending) with SO_SNDBUF 1 MiB as the baseline,
// tagged. A check of 64 KiB against it keeps the throughput and brings the RTT far down: exit 0,
// the RTT reported as an improvement. Tagged in turn, 64 KiB is the baseline that 1 MiB
// regresses: exit 1, the RTT named with its interval, the JUnit file (valid against Jenkins'
// schema) failing it and the Markdown saying so. Bad input exits 3 before anything runs.

#include "command_runner.h"
#include "lab_cleanup.h"
#include "scratch_namespace.h"
#include "test_paths.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("t-check");

QString writeSpec(const QTemporaryDir &dir, const QString &sndbuf)
{
    const QString path = dir.filePath(QStringLiteral("sndbuf-%1.json").arg(sndbuf));
    const QByteArray spec = QStringLiteral(R"({"name": "SO_SNDBUF %1", "target": {"kind": "lab"},
        "knobs": {"lab.topology": "routed", "lab.rate": "50mbit", "lab.queue": "2M",
                  "socket.TCP_CONGESTION": "cubic", "socket.SO_SNDBUF": "%1"},
        "workload": {"type": "bulk", "streams": 1, "direction": "down"},
        "duration_s": 3, "omit_s": 0.5, "pause_s": 0.2, "sample_ms": 10, "repeats": 3})")
                                .arg(sndbuf)
                                .toUtf8();
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(spec) == spec.size() ? path : QString();
}

QStringList labArgs(const QTemporaryDir &dir)
{
    return {QStringLiteral("--lab"), kLab, QStringLiteral("--db"), dir.filePath(QStringLiteral("results.db"))};
}

CommandResult runLogged(const QStringList &args)
{
    const CommandResult r = runTcptune(args, 180000);
    qInfo().noquote() << args.first() << "exit" << r.exitCode << "\n" << QString::fromUtf8(r.out);
    return r;
}

QString text(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestCheckCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void badInputRunsNothing();
    void smallWindowImprovesOnTheBigOne();

private:
    QTemporaryDir m_dir;
};

void TestCheckCommand::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (!runningAsRoot())
        QSKIP("needs root: the lab is built through tcptune-helper");
    removeLab(kLab);
}

void TestCheckCommand::cleanupTestCase()
{
    if (runningAsRoot())
        removeLab(kLab);
}

void TestCheckCommand::badInputRunsNothing()
{
    const QString spec = writeSpec(m_dir, QStringLiteral("64K"));
    const QStringList check = {QStringLiteral("check"), spec};
    struct Case {
        QStringList args;
        QString says;
    } cases[] = {
        {{}, QStringLiteral("--baseline")},
        {{QStringLiteral("--baselines"), QStringLiteral("1")}, QStringLiteral("baselines")},
        {{QStringLiteral("--baseline"), QStringLiteral("nightly")}, QStringLiteral("tagged 'nightly'")},
        {{QStringLiteral("--baseline"), QStringLiteral("4242")}, QStringLiteral("no experiment 4242")},
        {{QStringLiteral("--baseline"), QStringLiteral("1"), QStringLiteral("--max-regression"),
          QStringLiteral("lots")},
         QStringLiteral("not a regression limit")},
        {{QStringLiteral("--baseline"), QStringLiteral("1"), QStringLiteral("--junit"),
          m_dir.filePath(QStringLiteral("no/such/folder/check.xml"))},
         QStringLiteral("--junit: cannot write")},
    };
    for (const Case &c : cases) {
        const CommandResult r = runTcptune(check + c.args + labArgs(m_dir), 30000);
        QVERIFY2(r.exitCode == 3,
                 qPrintable(c.args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(r.err)));
        QVERIFY2(QString::fromUtf8(r.err).contains(c.says), r.err.constData());
        QVERIFY(labNamespaces(kLab).isEmpty()); // nothing ran
    }
}

void TestCheckCommand::smallWindowImprovesOnTheBigOne()
{
    const QString big = writeSpec(m_dir, QStringLiteral("1M"));
    const QString small = writeSpec(m_dir, QStringLiteral("64K"));
    QVERIFY(!big.isEmpty() && !small.isEmpty());
    QCOMPARE(runLogged(QStringList{QStringLiteral("sweep"), big} + labArgs(m_dir)).exitCode, 0);
    QCOMPARE(runLogged(QStringList{QStringLiteral("results"), QStringLiteral("tag"), QStringLiteral("1"),
                                   QStringLiteral("big-window"), QStringLiteral("--db"),
                                   m_dir.filePath(QStringLiteral("results.db"))})
                 .exitCode,
             0);

    const CommandResult list = runLogged({QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--db"),
                                          m_dir.filePath(QStringLiteral("results.db"))});
    QVERIFY2(list.out.contains("SO_SNDBUF 1M [big-window]"), list.out.constData());

    // 64 KiB against 1 MiB: the RTT far lower (an improvement, not a regression), throughput kept
    // within 10 %. 64 KiB fills the path a little less (measured: -2.2 %, 95 % CI -5.6 .. +1.2 %
    // over 3 runs each), which the default 5 % limit rightly calls undecided.
    const CommandResult better = runLogged(QStringList{QStringLiteral("check"), small, QStringLiteral("--baseline"),
                                                       QStringLiteral("big-window"), QStringLiteral("--max-regression"),
                                                       QStringLiteral("throughput=10")} +
                                           labArgs(m_dir));
    const QString betterOut = QString::fromUtf8(better.out);
    QVERIFY2(betterOut.contains(QStringLiteral("RTT median -")) && betterOut.contains(QStringLiteral("improvement")),
             qPrintable(betterOut));
    QVERIFY2(!betterOut.contains(QStringLiteral("a regression beyond")), qPrintable(betterOut));
    QCOMPARE(better.exitCode, 0);

    // Tagged as the baseline, 64 KiB shows 1 MiB's RTT as the regression, with its interval.
    QCOMPARE(runLogged(QStringList{QStringLiteral("results"), QStringLiteral("tag"), QStringLiteral("2"),
                                   QStringLiteral("small-window"), QStringLiteral("--db"),
                                   m_dir.filePath(QStringLiteral("results.db"))})
                 .exitCode,
             0);
    const QString junit = m_dir.filePath(QStringLiteral("check.xml"));
    const QString markdown = m_dir.filePath(QStringLiteral("check.md"));
    const CommandResult worse = runLogged(QStringList{QStringLiteral("check"), big, QStringLiteral("--baseline"),
                                                      QStringLiteral("small-window"), QStringLiteral("--junit"), junit,
                                                      QStringLiteral("--markdown"), markdown} +
                                          labArgs(m_dir));
    const QString worseOut = QString::fromUtf8(worse.out);
    QVERIFY2(worseOut.contains(QRegularExpression(
                 QStringLiteral("RTT median \\+[0-9.]+ % \\(95 % CI \\+[0-9.]+ % \\.\\. \\+[0-9.]+ %\\): a regression "
                                "beyond the 5 % limit"))),
             qPrintable(worseOut));
    QCOMPARE(worse.exitCode, 1);
    const CommandResult valid =
        runCommand(QStringLiteral("xmllint"), {QStringLiteral("--noout"), QStringLiteral("--schema"),
                                               sourcePath(QStringLiteral("tests/data/junit/junit-10.xsd")), junit});
    QVERIFY2(valid.exitCode == 0, valid.err.constData());
    QVERIFY(text(junit).contains(QStringLiteral("<failure type=\"regression\" message=\"RTT median +")));
    QVERIFY(text(markdown).contains(QStringLiteral("**Regression**")));
}

QTEST_GUILESS_MAIN(TestCheckCommand)
#include "tst_check_command.moc"
