// Bad input is refused with the range that is allowed, never silently changed, and before
// anything runs: an MTU of 100000, a duration of 0, one set of duration limits for `run` and
// specs, one sampling default, and a `sweep --out` folder that cannot be written, refused before
// the first run rather than after the last.

#include "command_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

namespace {

QProcessEnvironment english()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    return env;
}

CommandResult runEnglish(const QStringList &args, int timeoutMs = 30000)
{
    return runCommand(binary(QStringLiteral("tcptune")), args, timeoutMs, {}, english());
}

QString writeSpec(const QTemporaryDir &dir, const QByteArray &json)
{
    const QString path = dir.filePath(QStringLiteral("spec.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size())
        return {};
    return path;
}

} // namespace

class TestInputLimits final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void mtuOutOfRangeIsRefusedWithTheRange();
    void zeroDurationIsRefusedWithTheRange();
    void runAndSpecShareTheDurationLimits();
    void runAndSpecShareTheSamplingDefault();
    void unwritableOutIsRefusedBeforeAnyRun();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestInputLimits::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestInputLimits::mtuOutOfRangeIsRefusedWithTheRange()
{
    const CommandResult lab =
        runEnglish({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"), QStringLiteral("cli37mtu"),
                    QStringLiteral("--mtu"), QStringLiteral("100000")});
    QCOMPARE(lab.exitCode, 2);
    QVERIFY2(lab.err.contains("give 576 to 65535"), lab.err.constData());
    QVERIFY2(!lab.err.contains("lab.mtu: lab.mtu"), lab.err.constData());
    const CommandResult status = runEnglish({QStringLiteral("lab"), QStringLiteral("status"), QStringLiteral("--name"),
                                             QStringLiteral("cli37mtu"), QStringLiteral("--json")});
    QCOMPARE(QJsonDocument::fromJson(status.out).object().value(QStringLiteral("state")).toString(),
             QStringLiteral("down"));

    const QString spec = writeSpec(*m_dir, R"({"target": "lab:cli37mtu", "knobs": {"lab.mtu": 100000}})");
    const CommandResult sweep = runEnglish({QStringLiteral("sweep"), spec, QStringLiteral("--dry-run")});
    QCOMPARE(sweep.exitCode, 2);
    QVERIFY2(sweep.err.contains("give 576 to 65535"), sweep.err.constData());
}

void TestInputLimits::zeroDurationIsRefusedWithTheRange()
{
    const CommandResult run =
        runEnglish({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:9"),
                    QStringLiteral("--duration"), QStringLiteral("0")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("give 0.2 to 86400 seconds"), run.err.constData());

    const QString spec = writeSpec(*m_dir, R"({"target": "127.0.0.1:9", "duration_s": 0})");
    const CommandResult sweep = runEnglish({QStringLiteral("sweep"), spec, QStringLiteral("--dry-run")});
    QCOMPARE(sweep.exitCode, 2);
    QVERIFY2(sweep.err.contains("0.2 .. 86400"), sweep.err.constData());
    const CommandResult preset = runEnglish({QStringLiteral("sweep"), QStringLiteral("5"), QStringLiteral("--duration"),
                                             QStringLiteral("0"), QStringLiteral("--dry-run")});
    QCOMPARE(preset.exitCode, 2);
    QVERIFY2(preset.err.contains("0.2 .. 86400"), preset.err.constData());
}

// A length `tcptune run` takes is one a spec takes, and the other way round.
void TestInputLimits::runAndSpecShareTheDurationLimits()
{
    const QString spec = writeSpec(*m_dir, R"({"target": "127.0.0.1:9", "duration_s": 5000})");
    const CommandResult sweep = runEnglish({QStringLiteral("sweep"), spec, QStringLiteral("--dry-run")});
    QVERIFY2(sweep.exitCode == 0, sweep.err.constData());
    // Accepted by the checks, refused by the closed port only.
    const CommandResult run = runEnglish(
        {QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:9"), QStringLiteral("--duration"),
         QStringLiteral("5000"), QStringLiteral("--connect-timeout"), QStringLiteral("1")});
    QVERIFY(run.exitCode != 0);
    QVERIFY2(!run.err.contains("out of range"), run.err.constData());
    for (const char *tooLong : {"86401", "0.1"}) {
        const CommandResult r =
            runEnglish({QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:9"),
                        QStringLiteral("--duration"), QString::fromLatin1(tooLong)});
        QVERIFY2(r.exitCode == 2 && r.err.contains("give 0.2 to 86400 seconds"), r.err.constData());
        const QString s = writeSpec(
            *m_dir,
            QStringLiteral(R"({"target": "127.0.0.1:9", "duration_s": %1})").arg(QLatin1String(tooLong)).toUtf8());
        const CommandResult d = runEnglish({QStringLiteral("sweep"), s, QStringLiteral("--dry-run")});
        QVERIFY2(d.exitCode == 2 && d.err.contains("0.2 .. 86400"), d.err.constData());
    }
}

void TestInputLimits::runAndSpecShareTheSamplingDefault()
{
    const CommandResult help = runEnglish({QStringLiteral("run"), QStringLiteral("--help")});
    QVERIFY2(help.out.contains("TCP_INFO sampling interval in ms (default 10)"), help.out.constData());
    const QString spec = writeSpec(*m_dir, R"({"target": "127.0.0.1:9"})");
    const CommandResult plan =
        runEnglish({QStringLiteral("sweep"), spec, QStringLiteral("--dry-run"), QStringLiteral("--json")});
    QVERIFY2(plan.exitCode == 0, plan.err.constData());
    QCOMPARE(QJsonDocument::fromJson(plan.out).object().value(QStringLiteral("sample_ms")).toInt(), 10);
}

void TestInputLimits::unwritableOutIsRefusedBeforeAnyRun()
{
    // A folder below a file can never be made, not even by root.
    QFile file(m_dir->filePath(QStringLiteral("a-file")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const QString out = m_dir->filePath(QStringLiteral("a-file/out"));
    const QString db = m_dir->filePath(QStringLiteral("results.db"));
    // Runs against a closed loopback port fail at once: without the check the sweep would go
    // through them and fail only when it writes the files.
    const QString spec = writeSpec(
        *m_dir,
        R"({"target": "127.0.0.1:9", "duration_s": 0.5, "sweep": {"axes": [{"parameter": "socket.SO_SNDBUF", "values": ["64K", "128K"]}]}})");
    const CommandResult sweep =
        runEnglish({QStringLiteral("sweep"), spec, QStringLiteral("--out"), out, QStringLiteral("--db"), db}, 60000);
    QCOMPARE(sweep.exitCode, 2);
    QVERIFY2(sweep.err.contains("--out") && sweep.err.contains("give a folder you can write to"),
             sweep.err.constData());
    QVERIFY2(!sweep.err.contains("Experiment "), sweep.err.constData()); // nothing started
    const CommandResult list = runEnglish(
        {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--json"), QStringLiteral("--db"), db});
    QCOMPARE(list.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(list.out).array().size(), 0);
}

QTEST_GUILESS_MAIN(TestInputLimits)
#include "tst_input_limits.moc"
