#include "cli/tune/tune_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "cli/store_option.h"
#include "cli/sweep/sweep_command.h"
#include "cli/throughput_unit_option.h"
#include "cli/tune/tune_exports_writer.h"
#include "cli/tune/tune_options.h"
#include "cli/tune/tune_output.h"
#include "cli/tune/tune_permanent.h"
#include "common/termination_signals.h"
#include "experiment/run/runner_thread.h"
#include "helper/helper_connection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>

#include <optional>

namespace tcptune::cli {
namespace {

// TuneCommand::tr(): lupdate files this file's text under the context tr() looks it up in.
class TuneCommand final {
    Q_DECLARE_TR_FUNCTIONS(TuneCommand)
};

// Parses ARGS into PARSER; the exit code when the command is done already (--help, a parse error).
// The positional arguments first: `tcptune tune --help` lists them before the options.
std::optional<int> parse(QCommandLineParser &parser, const QStringList &args)
{
    parser.addPositionalArgument(QStringLiteral("tune"), TuneCommand::tr("Tune a spec's knobs."));
    parser.addPositionalArgument(QStringLiteral("spec"),
                                 TuneCommand::tr("A spec file; its optional \"tune\" object says what to tune for."),
                                 QStringLiteral("SPEC.json"));
    parser.addHelpOption();
    TuneOptions::add(parser);
    TunePermanent::add(parser);
    parser.setApplicationDescription(TuneCommand::tr(
        "Tunes the knobs of a spec's target: runs the spec, reads the verdict, tries the knobs it points at, keeps "
        "what is significantly better, and prints the recommended changes."));
    return parseArguments(parser, args, QStringLiteral("tune"));
}

// Runs JOB on the runner's worker thread until the search ends; Ctrl-C, SIGTERM or SIGHUP stop it
// with the knobs restored. Progress goes to stderr as it comes.
TuneOutcome runTune(const TuneJob &job, const RunnerOptions &options, HelperConnection &helper)
{
    RunnerThread runner(helper);
    runner.setOptions(options);
    TuneOutcome outcome;
    QString failure;
    QObject::connect(&runner, &RunnerThread::started, qApp, [](qint64 id, int, int done) {
        err() << TuneCommand::tr("Tune %1: %2 runs stored before (resume with 'tcptune tune --resume %1').")
                     .arg(id)
                     .arg(done)
              << Qt::endl;
    });
    QObject::connect(&runner, &RunnerThread::logged, qApp, [](const QString &line) { err() << line << Qt::endl; });
    QObject::connect(&runner, &RunnerThread::failed, qApp, [&failure](const QString &message) { failure = message; });
    QObject::connect(&runner, &RunnerThread::stopped, qApp, [] { QCoreApplication::quit(); });
    auto stop = cancelOnTermination(runner);
    if (!stop) {
        outcome.failure = stop.error().message;
        return outcome;
    }
    runner.runWith(
        [&outcome, &job](Runner &worker) {
            outcome = TuneJobRunner::run(worker, job, [&worker](const QString &line) { Q_EMIT worker.logged(line); });
        },
        SweepPlan(job.spec));
    QCoreApplication::exec();
    stop->reset();
    if (outcome.failure.isEmpty())
        outcome.failure = failure;
    return outcome;
}

// R without its value: what went wrong, if anything.
template <typename T> Result<void> errorOf(const Result<T> &r)
{
    if (r)
        return {};
    return std::unexpected(r.error());
}

RunnerOptions runnerOptions(const QCommandLineParser &parser)
{
    RunnerOptions options;
    options.storePath = StoreOption::from(parser);
    options.confirmHostChanges = parser.isSet(QStringLiteral("force"));
    return options;
}

int exitCodeOf(const TuneAnswer &answer)
{
    if (answer.stop == TuneAnswer::Stop::Cancelled)
        return 130;
    return answer.stop == TuneAnswer::Stop::BaselineFailed ? 3 : 0;
}

// Prints the answer (each trial had its line on stderr as it ended), writes the exports.
int report(const QCommandLineParser &parser, const TuneJob &job, const TuneOutcome &outcome, ThroughputUnit unit,
           HelperConnection &helper)
{
    if (!outcome.searched)
        return failWith(outcome.failure, 1);
    if (parser.isSet(QStringLiteral("json")))
        out() << QString::fromUtf8(QJsonDocument(TuneOutput::answerJson(outcome)).toJson(QJsonDocument::Indented));
    else
        out() << TuneOutput::answerText(outcome, unit) << '\n';
    out().flush();
    const QString name =
        job.spec.name.isEmpty() ? TuneCommand::tr("tcptune tune %1").arg(outcome.experimentId) : job.spec.name;
    auto written = TuneExportsWriter::write(parser, outcome.answer, name);
    if (!written)
        return failWith(written.error().message, 1);
    for (const QString &path : std::as_const(*written))
        err() << TuneCommand::tr("Wrote %1.").arg(path) << Qt::endl;
    auto permanent = TunePermanent::write(parser, helper, outcome.answer);
    if (!permanent)
        return failWith(permanent.error().message, 1);
    for (const QString &line : std::as_const(*permanent))
        err() << line << Qt::endl;
    return exitCodeOf(outcome.answer);
}

} // namespace

int runTuneCommand(const QStringList &args)
{
    QCommandLineParser parser;
    if (const std::optional<int> done = parse(parser, args))
        return *done;
    HelperConnection helper; // the command's one helper: the runs' knobs and a permanent setting
    if (const std::optional<int> done = TunePermanent::runStandalone(parser, helper))
        return *done;
    // Everything the user can get wrong is checked here, before anything runs.
    const auto job = TuneOptions::job(parser, StoreOption::from(parser));
    const auto unit = ThroughputUnitOption::from(parser);
    for (const Result<void> &checked :
         {job ? Result<void>() : std::unexpected(job.error()), unit ? Result<void>() : std::unexpected(unit.error()),
          TuneExportsWriter::check(parser), TunePermanent::check(parser)})
        if (!checked)
            return failWith(checked.error().message, 2);
    if (parser.isSet(QStringLiteral("dry-run"))) {
        out() << TuneOutput::dryRun(*job) << '\n';
        out().flush();
        return 0;
    }
    if (auto far = checkFarHelper(SweepPlan(job->spec), job->environment.remoteKnobs); !far)
        return failWith(far.error().message, 2);
    const ThroughputUnit shown = unit->value_or(ThroughputUnit());
    return report(parser, *job, runTune(*job, runnerOptions(parser), helper), shown, helper);
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND(
    "tune",
    QT_TRANSLATE_NOOP("CommandSummary", "Tune a spec's knobs: follow the verdict, keep what is significantly better"),
    tcptune::cli::runTuneCommand)
