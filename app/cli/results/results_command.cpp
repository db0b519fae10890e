#include "cli/results/results_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "cli/results/results_diff.h"
#include "cli/results/results_list.h"
#include "cli/results/results_transfer.h"
#include "cli/store_option.h"
#include "cli/sweep/sweep_output.h"
#include "cli/throughput_unit_option.h"
#include "experiment/store/result_store.h"
#include "experiment/tables/sweep_table.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace tcptune::cli {
namespace {

// ResultsCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ResultsCommand final {
    Q_DECLARE_TR_FUNCTIONS(ResultsCommand)
};

// The COUNT experiments after the action, each an id or a tag; a message (exit 2) when one is
// missing or unknown.
Result<QList<qint64>> experimentIds(const ResultStore &store, const QStringList &positional, int count)
{
    QList<qint64> ids;
    for (int i = 1; i <= count; ++i) {
        if (positional.value(i).isEmpty())
            return fail(count == 2 ? ResultsCommand::tr("'tcptune results %1' needs two experiments (ids or tags), A "
                                                        "and B; 'tcptune results list' shows them.")
                                         .arg(positional.first())
                                   : ResultsCommand::tr("'tcptune results %1' needs an experiment (an id or a tag); "
                                                        "'tcptune results list' shows them.")
                                         .arg(positional.first()));
        auto id = store.resolveExperiment(positional.at(i));
        if (!id)
            return std::unexpected(id.error());
        ids.append(*id);
    }
    return ids;
}

// `tcptune results tag ID NAME`: names an experiment (a check's baseline); a name another
// experiment held moves, and the command says so.
int tag(ResultStore &store, const QStringList &positional)
{
    const QString name = positional.value(2);
    if (name.isEmpty())
        return failWith(ResultsCommand::tr("'tcptune results tag' needs an experiment and a name, e.g. 'tcptune "
                                           "results tag 12 baseline'."),
                        2);
    auto ids = experimentIds(store, positional, 1);
    if (!ids)
        return failWith(ids.error().message, 2);
    auto before = store.tagExperiment(ids->first(), name);
    if (!before)
        return failWith(before.error().message, 2);
    if (*before > 0 && *before != ids->first())
        out() << ResultsCommand::tr("Tagged experiment %1 '%2' (the tag was on experiment %3).")
                     .arg(ids->first())
                     .arg(name)
                     .arg(*before)
              << Qt::endl;
    else
        out() << ResultsCommand::tr("Tagged experiment %1 '%2'.").arg(ids->first()).arg(name) << Qt::endl;
    return 0;
}

} // namespace

int runResultsCommand(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        ResultsCommand::tr("Lists the stored experiments, or shows one with its result table."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("results"), ResultsCommand::tr("Stored results."));
    parser.addPositionalArgument(QStringLiteral("action"),
                                 ResultsCommand::tr("list, show ID, diff A B (experiment B against A), tag ID NAME, "
                                                    "export ID --bundle FILE, import FILE, or sync (the outbox's "
                                                    "runs up to the store); an experiment is its id or a tag"),
                                 QStringLiteral("list|show ID|diff A B|tag ID NAME|export ID|import FILE|sync"));
    const QCommandLineOption json(QStringLiteral("json"), ResultsCommand::tr("Print JSON."));
    const QCommandLineOption outDir(QStringLiteral("out"),
                                    ResultsCommand::tr("show: also write table.md, points.csv, runs.csv and "
                                                       "results.json into DIR."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption bundle(QStringLiteral("bundle"),
                                    ResultsCommand::tr("export: the bundle file to write (SQLite)."),
                                    QStringLiteral("FILE"));
    parser.addOptions({json, StoreOption::option(), outDir, bundle, ThroughputUnitOption::option()});
    parser.addOptions(ResultsList::filterOptions());
    if (const auto done = parseArguments(parser, args, QStringLiteral("results")))
        return *done;
    const auto unitGiven = ThroughputUnitOption::from(parser);
    if (!unitGiven)
        return failWith(unitGiven.error().message, 2);
    const ThroughputUnit unit = unitGiven->value_or(ThroughputUnit());
    const QStringList positional = parser.positionalArguments().mid(1);
    const QString action = positional.value(0, QStringLiteral("list"));
    static const QStringList actions = {QStringLiteral("list"), QStringLiteral("show"),   QStringLiteral("diff"),
                                        QStringLiteral("tag"),  QStringLiteral("export"), QStringLiteral("import"),
                                        QStringLiteral("sync")};
    if (!actions.contains(action))
        return failWith(ResultsCommand::tr("Unknown action '%1'; use 'tcptune results list', 'show ID', 'diff A B', "
                                           "'tag ID NAME', 'export ID --bundle FILE', 'import FILE' or 'sync'.")
                            .arg(action),
                        2);
    if (action == QLatin1String("export") && !parser.isSet(bundle))
        return failWith(ResultsCommand::tr("--bundle FILE is missing: say where to write the bundle."), 2);
    if (action == QLatin1String("import") && positional.size() != 2)
        return failWith(ResultsCommand::tr("Give one bundle file: 'tcptune results import FILE'."), 2);
    ResultStore store;
    if (auto r = store.open(StoreOption::from(parser)); !r)
        return failWith(r.error().message, 1);
    if (action == QLatin1String("list"))
        return ResultsList::print(store, ResultsList::filterFrom(parser), parser.isSet(json));
    if (action == QLatin1String("tag"))
        return tag(store, positional);
    if (action == QLatin1String("import"))
        return importBundle(store, positional.at(1));
    if (action == QLatin1String("sync"))
        return syncOutbox(store, ResultStore::outboxPath());
    const auto ids = experimentIds(store, positional, action == QLatin1String("diff") ? 2 : 1);
    if (!ids)
        return failWith(ids.error().message, 2);
    if (action == QLatin1String("diff"))
        return printExperimentDiff(store, ids->at(0), ids->at(1), parser.isSet(json));
    const qint64 id = ids->first();
    if (action == QLatin1String("export"))
        return exportBundle(store, id, parser.value(bundle));
    auto table = loadSweepTable(store, id);
    if (!table)
        return failWith(table.error().message, 2);
    printSweepTable(*table, parser.isSet(json), unit);
    if (parser.isSet(outDir))
        if (auto r = writeSweepFiles(*table, parser.value(outDir), unit); !r)
            return failWith(r.error().message, 1);
    return 0;
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("results",
                         QT_TRANSLATE_NOOP("CommandSummary", "List stored experiments or show one's result table"),
                         tcptune::cli::runResultsCommand)
