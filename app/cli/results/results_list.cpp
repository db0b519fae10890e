#include "cli/results/results_list.h"

#include "cli/console.h"
#include "common/json_schema_version.h"
#include "experiment/record/experiment_name.h"
#include "experiment/store/experiment_filter.h"
#include "experiment/store/result_store.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>

namespace tcptune::cli {
namespace {

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

void printJson(const QList<ExperimentRecord> &experiments, const QHash<qint64, QStringList> &tagsOf)
{
    QJsonArray array;
    for (const ExperimentRecord &e : experiments)
        array.append(QJsonObject{{QStringLiteral("id"), double(e.id)},
                                 {QStringLiteral("name"), e.name},
                                 {QStringLiteral("created"), e.created.toString(Qt::ISODateWithMs)},
                                 {QStringLiteral("status"), experimentStatusName(e.status)},
                                 {QStringLiteral("planned_runs"), e.plannedRuns},
                                 {QStringLiteral("finished_runs"), e.finishedRuns},
                                 {QStringLiteral("host"), orNull(e.host)},
                                 {QStringLiteral("user"), e.host.isEmpty() ? QJsonValue() : QJsonValue(e.user)},
                                 {QStringLiteral("kernel"), orNull(e.kernel)},
                                 {QStringLiteral("tags"), QJsonArray::fromStringList(tagsOf.value(e.id))},
                                 {jsonschema::kField, jsonschema::kResultsList}});
    out() << QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
    out().flush();
}

// "alice@lab1", or what is known of the two.
QString whereItRan(const ExperimentRecord &e)
{
    if (e.host.isEmpty())
        return QStringLiteral("-");
    return e.user.isEmpty() ? e.host : QStringLiteral("%1@%2").arg(e.user, e.host);
}

void printTable(const QList<ExperimentRecord> &experiments, const QHash<qint64, QStringList> &tagsOf)
{
    out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7")
                 .arg(ResultsList::tr("id"), 5)
                 .arg(ResultsList::tr("created (UTC)"), -19)
                 .arg(ResultsList::tr("status"), -9)
                 .arg(ResultsList::tr("runs"), -9)
                 .arg(ResultsList::tr("ran on"), -20)
                 .arg(ResultsList::tr("kernel"), -16)
                 .arg(ResultsList::tr("name"))
          << '\n';
    for (const ExperimentRecord &e : experiments) {
        // Tags after the name, as a baseline is found by them: "SO_SNDBUF 1M [nightly]".
        const QStringList tags = tagsOf.value(e.id);
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7")
                     .arg(e.id, 5)
                     .arg(e.created.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), -19)
                     .arg(experimentStatusName(e.status), -9)
                     .arg(QStringLiteral("%1/%2").arg(e.finishedRuns).arg(e.plannedRuns), -9)
                     .arg(whereItRan(e), -20)
                     .arg(e.kernel.isEmpty() ? QStringLiteral("-") : e.kernel, -16)
                     .arg(experimentName(e) +
                          (tags.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(tags.join(QStringLiteral(", ")))))
              << '\n';
    }
    out().flush();
}

} // namespace

QList<QCommandLineOption> ResultsList::filterOptions()
{
    return {
        {QStringLiteral("host"), tr("list: only experiments run on HOST (any case)."), QStringLiteral("HOST")},
        {QStringLiteral("user"), tr("list: only experiments USER ran."), QStringLiteral("USER")},
        {QStringLiteral("kernel"),
         tr("list: only experiments run on a kernel release starting with RELEASE (e.g. 6.1)."),
         QStringLiteral("RELEASE")},
        {QStringLiteral("tag"), tr("list: only experiments tagged TAG."), QStringLiteral("TAG")},
    };
}

// The options are found by their names (filterOptions()).
ExperimentFilter ResultsList::filterFrom(const QCommandLineParser &parser)
{
    ExperimentFilter filter;
    filter.host = parser.value(QStringLiteral("host"));
    filter.user = parser.value(QStringLiteral("user"));
    filter.kernel = parser.value(QStringLiteral("kernel"));
    filter.tag = parser.value(QStringLiteral("tag"));
    return filter;
}

int ResultsList::print(const ResultStore &store, const ExperimentFilter &filter, bool json)
{
    auto experiments = store.experimentList(filter);
    if (!experiments)
        return failWith(experiments.error().message, 1);
    const QHash<qint64, QStringList> tagsOf = store.tags().value_or(QHash<qint64, QStringList>{});
    if (json) {
        printJson(*experiments, tagsOf);
        return 0;
    }
    if (experiments->isEmpty()) {
        out() << (filter.narrows() ? tr("No experiment in %1 matches; 'tcptune results list' without --host, --user, "
                                        "--kernel or --tag shows them all.")
                                   : tr("The result store %1 holds no experiments yet; 'tcptune sweep 5' runs one."))
                     .arg(store.path())
              << Qt::endl;
        return 0;
    }
    printTable(*experiments, tagsOf);
    return 0;
}

} // namespace tcptune::cli
