#include "default_job.h"

#include "cli/command.h"
#include "cli/console.h"
#include "experiment/result_store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>

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

} // namespace

QString defaultJobDirectory()
{
    return QDir::current().absoluteFilePath(
        QStringLiteral("reports/%1").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

int runDefaultJob(const QString &outDir)
{
    cli::out() << DefaultJob::tr(
                      "No display found: running the default experiment headless (story 5, send window 64 KB .. 4 MB, "
                      "in the built-in lab).")
               << Qt::endl;
    if (!QDir().mkpath(outDir))
        return cli::failWith(DefaultJob::tr("Cannot create %1; run from a directory you can write to.").arg(outDir));

    // Exit code 3 means some runs failed: the table and the report still show them.
    const int sweep = runCommand("sweep", {QStringLiteral("5"), QStringLiteral("--out"), outDir});
    if (sweep != 0 && sweep != 3)
        return sweep;

    ResultStore store;
    if (auto opened = store.open(); !opened)
        return cli::failWith(opened.error().message);
    auto experiments = store.experiments();
    if (!experiments || experiments->isEmpty())
        return cli::failWith(DefaultJob::tr("The sweep stored no experiment; see the messages above."));
    const QString id = QString::number(experiments->first().id);

    const int report = runCommand("report", {id, QStringLiteral("--format"), QStringLiteral("html,pdf"),
                                             QStringLiteral("--out"), outDir + QStringLiteral("/report")});
    if (report != 0)
        return report;
    cli::out() << DefaultJob::tr(
                      "Default job done: table, CSV, JSON and the report (report.html, report.pdf) are in %1.")
                      .arg(outDir)
               << Qt::endl;
    return sweep;
}

} // namespace tcptune
