#include "default_job.h"

#include "cli/command.h"
#include "cli/console.h"
#include "lab/lab_manager.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace tcptune {
namespace {

// DefaultJob::tr(): lupdate files this file's text under the context that tr() looks it up in.
class DefaultJob final {
    Q_DECLARE_TR_FUNCTIONS(DefaultJob)
};

int runCommand(const char *name, const QStringList &arguments)
{
    const cli::Command *command = cli::findCommand(QString::fromLatin1(name));
    if (!command)
        return cli::failWith(DefaultJob::tr("This build lacks the '%1' command.").arg(QString::fromLatin1(name)));
    return command->run(QStringList{QCoreApplication::applicationFilePath(), QString::fromLatin1(name)} + arguments);
}

// The experiment the sweep wrote into OUT_DIR/results.json: this job's own, whatever else
// another process stored meanwhile.
qint64 sweptExperiment(const QString &outDir)
{
    QFile file(outDir + QStringLiteral("/results.json"));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return qint64(QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("experiment")).toDouble());
}

QStringList sweepArguments(const QString &outDir, const DefaultJobOptions &options, bool labWasUp)
{
    QStringList args{QStringLiteral("5"), QStringLiteral("--out"), outDir, QStringLiteral("--lab"), options.labName};
    if (!options.durationS.isEmpty())
        args << QStringLiteral("--duration") << options.durationS;
    if (!options.repeats.isEmpty())
        args << QStringLiteral("--repeats") << options.repeats;
    if (!labWasUp)
        args << QStringLiteral("--lab-down"); // leave the lab as it was found
    return args;
}

} // namespace

std::optional<DefaultJobOptions> parseDefaultJobArguments(const QStringList &args)
{
    DefaultJobOptions options;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args.at(i);
        if (arg == QLatin1String("--default-job"))
            continue;
        QString *value = arg == QLatin1String("--lab")        ? &options.labName
                         : arg == QLatin1String("--duration") ? &options.durationS
                         : arg == QLatin1String("--repeats")  ? &options.repeats
                                                              : nullptr;
        if (!value) {
            cli::failWith(
                DefaultJob::tr("Unknown argument '%1'; 'tcptune --help' lists the commands and options.").arg(arg), 2);
            return std::nullopt;
        }
        if (i + 1 >= args.size()) {
            cli::failWith(DefaultJob::tr("%1 needs a value.").arg(arg), 2);
            return std::nullopt;
        }
        *value = args.at(++i);
    }
    return options;
}

QString defaultJobDescription()
{
    return DefaultJob::tr(
        "No display found. 'tcptune --default-job [--lab NAME]' runs the default experiment headless: story 5's "
        "send-window sweep (64 KB .. 4 MB) in the local lab NAME (default 'lab'; built for the sweep and removed "
        "afterwards if it was down), then writes its table and report to reports/<date-time>. 'tcptune --help' "
        "lists the commands.");
}

QString defaultJobDirectory()
{
    return QDir::current().absoluteFilePath(
        QStringLiteral("reports/%1").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

int runDefaultJob(const QString &outDir, const DefaultJobOptions &options)
{
    const bool labWasUp = labStatus(options.labName).state != LabStatus::State::Down;
    cli::out() << DefaultJob::tr("Running the default experiment headless: story 5, send window 64 KB .. 4 MB, in "
                                 "lab '%1' (%2).")
                      .arg(options.labName, labWasUp ? DefaultJob::tr("up already; it stays up")
                                                     : DefaultJob::tr("built now and removed afterwards"))
               << Qt::endl;
    if (!QDir().mkpath(outDir))
        return cli::failWith(DefaultJob::tr("Cannot create %1; run from a directory you can write to.").arg(outDir));

    // Exit code 3 means some runs failed: the table and the report still show them.
    const int sweep = runCommand("sweep", sweepArguments(outDir, options, labWasUp));
    if (sweep != 0 && sweep != 3)
        return sweep;
    const qint64 id = sweptExperiment(outDir);
    if (id <= 0)
        return cli::failWith(DefaultJob::tr("The sweep stored no experiment; see the messages above."));

    const int report =
        runCommand("report", {QString::number(id), QStringLiteral("--format"), QStringLiteral("html,pdf"),
                              QStringLiteral("--out"), outDir + QStringLiteral("/report")});
    if (report != 0)
        return report;
    cli::out() << DefaultJob::tr(
                      "Default job done: table, CSV, JSON and the report (report.html, report.pdf) of experiment %1 "
                      "are in %2.")
                      .arg(id)
                      .arg(outDir)
               << Qt::endl;
    return sweep;
}

} // namespace tcptune
