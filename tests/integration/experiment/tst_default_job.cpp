// The headless default job (`tcptune --default-job --lab NAME`, also what `tcptune --lab NAME`
// does without a display): its sweep runs in lab NAME, the report is of its own experiment (not
// of the newest one in the store, which another process may have written meanwhile), and the lab
// is left as the job found it: removed again when it was down, still up when it was up. Short
// runs (--duration, --repeats) keep it to about half a minute per case.

#include "command_runner.h"
#include "lab_cleanup.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("cli37job");

struct JobOutcome {
    int exitCode = -1;
    QString out;
    QString err;
    QString reportDir; // reports/<date-time>
};

// Runs the default job without a display in a folder of its own, with a store of its own;
// DURING_SWEEP runs once the job's sweep has started.
JobOutcome runJob(const QTemporaryDir &home, const QStringList &args, const std::function<void()> &duringSweep = {})
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(home.path());
    p.start(binary(QStringLiteral("tcptune")), args);
    JobOutcome o;
    QByteArray err;
    if (duringSweep && p.waitForStarted()) {
        QDeadlineTimer started(90000);
        while (!err.contains("Experiment ") && !started.hasExpired() && p.state() == QProcess::Running)
            if (p.waitForReadyRead(500))
                err += p.readAllStandardError();
        duringSweep();
    }
    if (!p.waitForStarted() || !p.waitForFinished(200000)) {
        p.kill();
        p.waitForFinished();
        o.err = QStringLiteral("the default job did not end in time");
        return o;
    }
    o.exitCode = p.exitCode();
    o.out = QString::fromUtf8(p.readAllStandardOutput());
    o.err = QString::fromUtf8(err + p.readAllStandardError());
    const QStringList dirs =
        QDir(home.filePath(QStringLiteral("reports"))).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    if (!dirs.isEmpty())
        o.reportDir = home.filePath(QStringLiteral("reports/") + dirs.last());
    return o;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject{};
}

// Another process's experiment, stored while the job's sweep runs: newer than the job's, and
// the job must not report it.
void storeAnotherExperiment(const QTemporaryDir &home)
{
    QFile spec(home.filePath(QStringLiteral("other.json")));
    QVERIFY(spec.open(QIODevice::WriteOnly));
    spec.write(R"({"name": "another process: its experiment", "target": "127.0.0.1:9", "duration_s": 0.3})");
    spec.close();
    const CommandResult r = runTcptune({QStringLiteral("sweep"), spec.fileName(), QStringLiteral("--db"),
                                        home.filePath(QStringLiteral("data/tcptune/results.db"))});
    QVERIFY2(r.exitCode == 3, r.err.constData()); // its one run fails on the closed port: stored anyway
}

} // namespace

class TestDefaultJob final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { removeLab(kLab); }
    void cleanup() { removeLab(kLab); }
    void labDownBeforeIsDownAfter();
    void labUpBeforeStaysUp();

private:
    void checkOwnReport(const JobOutcome &job);
};

void TestDefaultJob::checkOwnReport(const JobOutcome &job)
{
    QVERIFY2(job.exitCode == 0 || job.exitCode == 3, qPrintable(job.err.right(3000)));
    QVERIFY2(!job.reportDir.isEmpty(), qPrintable(job.out));
    const QJsonObject results = readJson(job.reportDir + QStringLiteral("/results.json"));
    const qint64 id = qint64(results.value(QStringLiteral("experiment")).toDouble());
    QVERIFY(id > 0);
    // The sweep ran in lab NAME.
    const QJsonObject target =
        results.value(QStringLiteral("plan")).toObject().value(QStringLiteral("target")).toObject();
    QCOMPARE(target.value(QStringLiteral("lab")).toString(), kLab);
    QVERIFY(results.value(QStringLiteral("points")).toArray().size() >= 8);
    // The report is of that experiment.
    QFile html(job.reportDir + QStringLiteral("/report.html"));
    QVERIFY2(html.open(QIODevice::ReadOnly), qPrintable(job.out));
    const QString text = QString::fromUtf8(html.readAll());
    QVERIFY2(text.contains(QRegularExpression(QStringLiteral("<th>Experiment</th><td>%1 \\(").arg(id))),
             qPrintable(text.left(2000)));
    QVERIFY(QFile::exists(job.reportDir + QStringLiteral("/report.pdf")));
    QVERIFY2(job.out.contains(QStringLiteral("experiment %1").arg(id)), qPrintable(job.out));
}

void TestDefaultJob::labDownBeforeIsDownAfter()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QVERIFY(labNamespaces(kLab).isEmpty());
    const JobOutcome job =
        runJob(home, {QStringLiteral("--default-job"), QStringLiteral("--lab"), kLab, QStringLiteral("--duration"),
                      QStringLiteral("0.3"), QStringLiteral("--repeats"), QStringLiteral("1")});
    checkOwnReport(job);
    QVERIFY2(labNamespaces(kLab).isEmpty(), qPrintable(labNamespaces(kLab).join(QLatin1Char(' '))));
    QVERIFY2(labNamespaces(QStringLiteral("lab")).isEmpty() || !job.err.contains(QLatin1String("lab 'lab'")),
             qPrintable(job.err));
}

void TestDefaultJob::labUpBeforeStaysUp()
{
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const CommandResult up =
        runTcptune({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"), kLab}, 90000);
    QVERIFY2(up.exitCode == 0, up.err.constData());
    // `tcptune --lab NAME` without a display is the default job too.
    const JobOutcome job = runJob(home,
                                  {QStringLiteral("--lab"), kLab, QStringLiteral("--duration"), QStringLiteral("0.3"),
                                   QStringLiteral("--repeats"), QStringLiteral("1")},
                                  [&home] { storeAnotherExperiment(home); });
    checkOwnReport(job);
    QVERIFY2(!labNamespaces(kLab).isEmpty(), "the job removed a lab that was up before it");
}

QTEST_GUILESS_MAIN(TestDefaultJob)
#include "tst_default_job.moc"
