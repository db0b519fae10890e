#include "cli/sweep/sweep_output.h"

#include "cli/console.h"
#include "experiment/store/result_store.h"
#include "experiment/tables/sweep_table.h"
#include "experiment/tables/sweep_table_csv.h"
#include "experiment/tables/sweep_table_json.h"
#include "experiment/tables/sweep_table_markdown.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>
#include <QTemporaryFile>
#include <QJsonDocument>

namespace tcptune::cli {

namespace {

// SweepCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class SweepCommand final {
    Q_DECLARE_TR_FUNCTIONS(SweepCommand)
};

} // namespace

Result<SweepTable> loadSweepTable(const ResultStore &store, qint64 experimentId)
{
    auto experiment = store.experiment(experimentId);
    if (!experiment)
        return std::unexpected(experiment.error());
    auto plan = SweepPlan::fromJson(experiment->plan);
    if (!plan)
        return fail(SweepCommand::tr("The stored plan of experiment %1 does not parse: %2")
                        .arg(experimentId)
                        .arg(plan.error().message));
    auto runs = store.runs(experimentId);
    if (!runs)
        return std::unexpected(runs.error());
    // A tune's plan is its baseline alone: its trials are points of the runs' own.
    if (experiment->plan.contains(QStringLiteral("tune")))
        return tableOfRuns(*experiment, *runs, 1);
    return buildSweepTable(*experiment, *plan, *runs);
}

Result<void> checkOutputFolder(const QString &dir)
{
    if (!QDir().mkpath(dir))
        return fail(SweepCommand::tr("--out %1: cannot create this folder; give a folder you can write to.").arg(dir));
    // Writing is the only sure test: as root access() says yes on a read-only file system.
    QTemporaryFile probe(QDir(dir).filePath(QStringLiteral(".tcptune-write-test-XXXXXX")));
    if (!probe.open())
        return fail(SweepCommand::tr("--out %1: cannot write into this folder (%2); give a folder you can "
                                     "write to.")
                        .arg(dir, probe.errorString()));
    return {};
}

Result<void> writeSweepFiles(const SweepTable &table, const QString &dir, ThroughputUnit unit)
{
    if (!QDir().mkpath(dir))
        return fail(SweepCommand::tr("Cannot create the folder %1; pick another --out.").arg(dir));
    const QList<std::pair<QString, QByteArray>> files = {
        {QStringLiteral("table.md"), SweepTableMarkdown::toMarkdown(table, unit).toUtf8()},
        {QStringLiteral("points.csv"), pointsCsv(table).toUtf8()},
        {QStringLiteral("runs.csv"), runsCsv(table).toUtf8()},
        {QStringLiteral("results.json"), QJsonDocument(toJson(table)).toJson(QJsonDocument::Indented)},
    };
    for (const auto &[name, content] : files) {
        QSaveFile file(QDir(dir).filePath(name)); // never a half-written file
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size() || !file.commit())
            return fail(SweepCommand::tr("Cannot write %1: %2.").arg(file.fileName(), file.errorString()));
    }
    return {};
}

void printSweepTable(const SweepTable &table, bool json, ThroughputUnit unit)
{
    if (json)
        out() << QString::fromUtf8(QJsonDocument(toJson(table)).toJson(QJsonDocument::Indented));
    else
        out() << SweepTableMarkdown::toMarkdown(table, unit);
    out().flush();
}

} // namespace tcptune::cli
