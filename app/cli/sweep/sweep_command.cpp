#include "cli/sweep/sweep_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "cli/store_option.h"
#include "cli/sweep/sweep_output.h"
#include "cli/throughput_unit_option.h"
#include "common/json_schema_version.h"
#include "common/log_text.h"
#include "common/termination_signals.h"
#include "experiment/run/runner_thread.h"
#include "experiment/spec/preset_library.h"
#include "experiment/store/result_store.h"
#include "experiment/store/store_location.h"
#include "experiment/tables/sweep_table.h"
#include "helper/helper_connection.h"
#include "traffic/far_host_check.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <expected>
#include <cmath>

namespace tcptune::cli {
namespace {

// SweepCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class SweepCommand final {
    Q_DECLARE_TR_FUNCTIONS(SweepCommand)
};

QString seconds(double s)
{
    const int total = int(std::lround(s));
    return total >= 60 ? QStringLiteral("%1 min %2 s").arg(total / 60).arg(total % 60)
                       : QStringLiteral("%1 s").arg(total);
}

// --ssh-config FILE for the ssh target of PLAN (every ssh end of a list of ends).
[[nodiscard]] Result<SweepPlan> withSshConfig(const SweepPlan &plan, const QString &file)
{
    if (plan.spec().target.kind != TargetSpec::Kind::Ssh)
        return fail(SweepCommand::tr("--ssh-config applies to ssh:// targets only; this spec's target is %1.")
                        .arg(plan.spec().target.describe()));
    QJsonObject json = plan.toJson();
    const auto withConfig = [&file](QJsonObject target) {
        if (target.value(QStringLiteral("kind")).toString() == QLatin1String("ssh"))
            target.insert(QStringLiteral("ssh_config"), file);
        return target;
    };
    const QJsonValue target = json.value(QStringLiteral("target"));
    if (target.isArray()) {
        QJsonArray ends;
        for (const QJsonValue &end : target.toArray())
            ends.append(withConfig(end.toObject()));
        json.insert(QStringLiteral("target"), ends);
    } else {
        json.insert(QStringLiteral("target"), withConfig(target.toObject()));
    }
    return SweepPlan::fromJson(json);
}

// --until-ci PCT [--max-repeats N]: repeat each point until its 95 % interval is within PCT % of
// its mean (spec "repeats": {"min", "max", "ci_pct"}); --repeats then gives the least runs.
[[nodiscard]] Result<void> untilPreciseOverride(QJsonObject &json, const QCommandLineParser &parser)
{
    if (!parser.isSet(QStringLiteral("until-ci"))) {
        if (parser.isSet(QStringLiteral("max-repeats")))
            return fail(SweepCommand::tr("--max-repeats goes with --until-ci PCT; add it or leave --max-repeats out."));
        return {};
    }
    bool ok = false;
    const double pct = parser.value(QStringLiteral("until-ci")).toDouble(&ok);
    if (!ok || !(pct > 0) || pct > 100)
        return fail(SweepCommand::tr("--until-ci: '%1' is not a percentage of the mean; give e.g. 2 for within 2 %.")
                        .arg(parser.value(QStringLiteral("until-ci"))));
    const QJsonValue given = json.value(QStringLiteral("repeats"));
    const QJsonObject spec = given.toObject();
    // At least two runs: one has no interval.
    int least = spec.value(QStringLiteral("min")).toInt(3);
    if (parser.isSet(QStringLiteral("repeats")))
        least = qMax(2, parser.value(QStringLiteral("repeats")).toInt());
    int most = spec.value(QStringLiteral("max")).toInt(20);
    if (parser.isSet(QStringLiteral("max-repeats")))
        most = parser.value(QStringLiteral("max-repeats")).toInt(&ok);
    if (!ok || most < least)
        return fail(SweepCommand::tr("--max-repeats: '%1' is not a number of runs of at least %2 (the least runs).")
                        .arg(parser.value(QStringLiteral("max-repeats")))
                        .arg(least));
    json.insert(
        QStringLiteral("repeats"),
        QJsonObject{{QStringLiteral("min"), least}, {QStringLiteral("max"), most}, {QStringLiteral("ci_pct"), pct}});
    return {};
}

// Applies the command line's overrides to PLAN (and checks them again, so bad values fail
// before anything runs).
[[nodiscard]] Result<SweepPlan> withOverrides(SweepPlan plan, const QCommandLineParser &parser)
{
    QJsonObject json = plan.toJson();
    if (parser.isSet(QStringLiteral("repeats"))) {
        bool ok = false;
        const int n = parser.value(QStringLiteral("repeats")).toInt(&ok);
        if (!ok || n < 1 || n > 1000)
            return fail(SweepCommand::tr("--repeats: '%1' is not a number of runs per point; give 1 .. 1000.")
                            .arg(parser.value(QStringLiteral("repeats"))));
        json.insert(QStringLiteral("repeats"), n);
    }
    if (parser.isSet(QStringLiteral("duration"))) {
        bool ok = false;
        const double d = parser.value(QStringLiteral("duration")).toDouble(&ok);
        if (!ok)
            return fail(SweepCommand::tr("--duration: '%1' is not a number of seconds.")
                            .arg(parser.value(QStringLiteral("duration"))));
        json.insert(QStringLiteral("duration_s"), d);
        if (json.value(QStringLiteral("omit_s")).toDouble() >= d)
            json.insert(QStringLiteral("omit_s"), d / 4);
    }
    if (auto precise = untilPreciseOverride(json, parser); !precise)
        return std::unexpected(precise.error());
    if (parser.isSet(QStringLiteral("target")))
        json.insert(QStringLiteral("target"), parser.value(QStringLiteral("target")));
    if (parser.isSet(QStringLiteral("lab"))) {
        QJsonObject target = json.value(QStringLiteral("target")).toObject();
        if (target.value(QStringLiteral("kind")).toString(QStringLiteral("lab")) != QLatin1String("lab"))
            return fail(SweepCommand::tr("--lab applies to lab targets only; this spec's target is %1.")
                            .arg(plan.spec().target.describe()));
        target.insert(QStringLiteral("kind"), QStringLiteral("lab"));
        target.insert(QStringLiteral("lab"), parser.value(QStringLiteral("lab")));
        json.insert(QStringLiteral("target"), target);
    }
    auto result = SweepPlan::fromJson(json);
    if (!result)
        return std::unexpected(result.error());
    if (parser.isSet(QStringLiteral("ssh-config")))
        return withSshConfig(*result, parser.value(QStringLiteral("ssh-config")));
    return result;
}

// A refusal before anything ran: what to print and the exit code.
struct Refusal {
    QString message;
    int exitCode = 2;
};

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(SweepCommand::tr(
        "Runs an experiment or sweep (a JSON spec or a preset), stores every run, and prints the result table."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("sweep"), SweepCommand::tr("Run a sweep."));
    addSweepArguments(parser);
    parser.addOptions({
        {QStringLiteral("dry-run"), SweepCommand::tr("Print the plan and its expected duration; run nothing.")},
        {QStringLiteral("out"), SweepCommand::tr("Write table.md, points.csv, runs.csv and results.json into DIR."),
         QStringLiteral("DIR")},
        {QStringLiteral("json"), SweepCommand::tr("Print the results as JSON instead of a Markdown table.")},
        {QStringLiteral("resume"), SweepCommand::tr("Run the unfinished runs of stored experiment ID."),
         QStringLiteral("ID")},
        {QStringLiteral("list-presets"), SweepCommand::tr("List the presets and exit.")},
    });
}

} // namespace

void addSweepArguments(QCommandLineParser &parser)
{
    parser.addPositionalArgument(
        QStringLiteral("spec"),
        SweepCommand::tr("A spec file, or a preset: its story number (5), preset:5 or its name."),
        QStringLiteral("SPEC.json|PRESET"));
    parser.addOptions({
        {QStringLiteral("preset"), SweepCommand::tr("Run preset N (its story number or name)."), QStringLiteral("N")},
        {QStringLiteral("repeats"), SweepCommand::tr("Runs per point (overrides the spec)."), QStringLiteral("N")},
        {QStringLiteral("until-ci"),
         SweepCommand::tr("Repeat each point until its 95 % confidence interval is within PCT % of its mean "
                          "(at least --repeats runs, default 3)."),
         QStringLiteral("PCT")},
        {QStringLiteral("max-repeats"), SweepCommand::tr("With --until-ci: the most runs per point (default 20)."),
         QStringLiteral("N")},
        {QStringLiteral("duration"), SweepCommand::tr("Seconds per run (overrides the spec)."), QStringLiteral("S")},
        {QStringLiteral("lab"), SweepCommand::tr("Use lab NAME for a lab target."), QStringLiteral("NAME")},
        {QStringLiteral("target"),
         SweepCommand::tr("Run against TARGET instead: HOST[:PORT] (an agent), iperf3://HOST[:PORT] or "
                          "ssh://[USER@]HOST[:PORT] (tcptune there over ssh; knobs named remote:KEY change there)."),
         QStringLiteral("TARGET")},
        {QStringLiteral("ssh-config"), SweepCommand::tr("ssh:// targets: the ssh config file to use (ssh -F)."),
         QStringLiteral("FILE")},
        {QStringLiteral("trust-spec"),
         SweepCommand::tr("Let the spec file choose an ssh config (target.ssh_config): such a file can make ssh run "
                          "any command on this host. Without it a spec's ssh_config is refused.")},
        {QStringLiteral("lab-down"), SweepCommand::tr("Remove the lab when the sweep ends.")},
        {QStringLiteral("force"),
         SweepCommand::tr("Confirm link knobs of a host's own devices and core TCP features turned off (SACK, "
                          "window scaling, timestamps), here and at an ssh target's far end.")},
    });
    parser.addOption(StoreOption::option());
    parser.addOption(ThroughputUnitOption::option());
}

// A spec file is data: an ssh config it names could make ssh run a command of the spec author's
// choosing (ProxyCommand, LocalCommand, Match exec). Only the user chooses one: on the command line
// (--ssh-config, which replaces the spec's) or by trusting the spec with --trust-spec.
Result<void> checkSpecSshConfig(const SweepPlan &plan, const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("trust-spec")) || parser.isSet(QStringLiteral("ssh-config")))
        return {};
    for (const TargetSpec &target : plan.spec().targets())
        if (!target.sshConfig.isEmpty())
            return fail(SweepCommand::tr("The spec names an ssh config file (target.ssh_config '%1'), and such a file "
                                         "can make ssh run any command on this host (ProxyCommand). Nothing was run. "
                                         "Give the ssh config yourself with --ssh-config FILE, or pass --trust-spec "
                                         "if you wrote this spec or checked that file.")
                            .arg(logSafe(target.sshConfig, 200)));
    return {};
}

namespace {

// The stored plan of the experiment --resume names; RESUME_ID gets its id.
std::expected<SweepPlan, Refusal> resumedPlan(const QCommandLineParser &parser, const QString &storePath,
                                              qint64 *resumeId)
{
    bool ok = false;
    *resumeId = parser.value(QStringLiteral("resume")).toLongLong(&ok);
    if (!ok || *resumeId <= 0)
        return std::unexpected(
            Refusal{SweepCommand::tr("--resume: '%1' is not an experiment id; 'tcptune results list' shows them.")
                        .arg(parser.value(QStringLiteral("resume")))});
    ResultStore store;
    if (auto r = store.open(storePath); !r)
        return std::unexpected(Refusal{r.error().message, 1});
    auto experiment = store.experiment(*resumeId);
    if (!experiment)
        return std::unexpected(Refusal{experiment.error().message});
    if (auto tune = Runner::checkNotTune(*resumeId, experiment->plan); !tune)
        return std::unexpected(Refusal{tune.error().message});
    auto stored = SweepPlan::fromJson(experiment->plan);
    if (!stored)
        return std::unexpected(Refusal{stored.error().message});
    return *stored;
}

// The plan of the spec file or preset the command line names, with its overrides.
std::expected<SweepPlan, Refusal> namedPlan(const QCommandLineParser &parser, const PresetLibrary &library)
{
    QString reference = parser.value(QStringLiteral("preset"));
    const QStringList positional = parser.positionalArguments().mid(1);
    if (reference.isEmpty() && !positional.isEmpty())
        reference = positional.first();
    if (reference.isEmpty())
        return std::unexpected(
            Refusal{SweepCommand::tr("Give a spec file or a preset, e.g. 'tcptune sweep 5' (see --list-presets).")});
    if (parser.isSet(QStringLiteral("preset")) && !reference.startsWith(QLatin1String("preset:")))
        reference.prepend(QStringLiteral("preset:"));
    auto loaded = library.load(reference);
    if (!loaded)
        return std::unexpected(Refusal{loaded.error().message});
    if (auto trusted = checkSpecSshConfig(*loaded, parser); !trusted)
        return std::unexpected(Refusal{trusted.error().message});
    auto overridden = withOverrides(*loaded, parser);
    if (!overridden)
        return std::unexpected(Refusal{overridden.error().message});
    return *overridden;
}

// Whether a run of PLAN sets knobs on the far host (remote:KEY in the spec or on an axis).
bool setsFarKnobs(const SweepPlan &plan)
{
    if (!plan.spec().remoteSysctls().isEmpty())
        return true;
    for (const SweepAxis &axis : plan.axes())
        for (const QString &parameter : axis.parameters)
            if (parameter.startsWith(ExperimentSpec::kRemotePrefix))
                return true;
    return false;
}

} // namespace

// An ssh target whose far helper cannot set knobs (sudo -n refused, ...) is refused with the far
// agent's one line, which names the sudoers line to add, before the experiment is stored or
// anything changes on either end; so are ssh's own failures to get there.
Result<void> checkFarHelper(const SweepPlan &plan, bool farKnobsChange)
{
    const TargetSpec &target = plan.spec().target;
    if (target.kind != TargetSpec::Kind::Ssh || !(farKnobsChange || setsFarKnobs(plan)))
        return {};
    TrafficSpec spec;
    spec.target.kind = TargetKind::Ssh;
    spec.target.host = target.host;
    spec.target.port = std::uint16_t(target.port);
    spec.target.user = target.user;
    spec.sshConfig = target.sshConfig;
    auto far = FarHostCheck::run(spec);
    if (!far)
        return std::unexpected(far.error());
    if (!far->helperUsable)
        return fail(SweepCommand::tr("%1 cannot set this sweep's far knobs: %2").arg(target.describe(), far->helper));
    return {};
}

Result<std::unique_ptr<TerminationSignals>> cancelOnTermination(RunnerThread &runner)
{
    return TerminationSignals::install([&runner](int) {
        QMetaObject::invokeMethod(
            &runner,
            [&runner] {
                err() << SweepCommand::tr("Stopping: restoring the knobs...") << Qt::endl;
                runner.cancel();
            },
            Qt::QueuedConnection);
    });
}

namespace {

void printDryRun(const SweepPlan &plan, bool json)
{
    if (json) {
        QJsonObject o = plan.toJson();
        o.insert(QStringLiteral("expected_duration_s"), plan.expectedDurationS());
        o.insert(QStringLiteral("runs"), int(plan.runs().size()));
        QJsonArray executes;
        for (const QStringList &command : plan.executedCommands())
            executes.append(QJsonArray::fromStringList(command));
        o.insert(QStringLiteral("executes"), executes);
        o.insert(jsonschema::kField, jsonschema::kSweepPlan);
        out() << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
    } else {
        out() << plan.describe() << '\n';
        const QList<SweepPoint> points = plan.points();
        for (const PlannedRun &run : plan.runs())
            out() << SweepCommand::tr("  run %1: %2, repeat %3")
                         .arg(run.index + 1)
                         .arg(points.at(run.point).label().isEmpty() ? SweepCommand::tr("the spec")
                                                                     : points.at(run.point).label())
                         .arg(run.repeat + 1)
                  << '\n';
    }
    out().flush();
}

// How the runner's sweep ended.
struct SweepEnd {
    qint64 experimentId = 0;
    QString status; // "finished", "cancelled", ...
    QString failure;
    int failedRuns = 0;
};

// Reports RUNNER's progress on stderr as it goes, and records in END how it ended.
void followRunner(RunnerThread *runner, SweepEnd &end, ThroughputUnit unit)
{
    QObject::connect(runner, &RunnerThread::started, qApp, [&end](qint64 id, int total, int done) {
        end.experimentId = id;
        err() << SweepCommand::tr("Experiment %1: %2 runs, %3 already done (resume with 'tcptune sweep --resume %1').")
                     .arg(id)
                     .arg(total)
                     .arg(done)
              << Qt::endl;
    });
    QObject::connect(runner, &RunnerThread::logged, qApp, [](const QString &line) { err() << line << Qt::endl; });
    QObject::connect(runner, &RunnerThread::runFinished, qApp, [&end, unit](const RunRecord &r) {
        if (r.status == RunStatus::Failed)
            ++end.failedRuns;
        const QString what = r.status == RunStatus::Ok
                                 ? SweepCommand::tr("%1 %2, RTT median %3 ms")
                                       .arg(unit.format(r.throughputBps, unit.decimalsLike(1)), unit.label())
                                       .arg(r.rttMedianMs, 0, 'f', 1)
                                 : runStatusName(r.status) + QStringLiteral(": ") + r.error;
        err() << SweepCommand::tr("  %1 (repeat %2): %3").arg(r.pointLabel).arg(r.repeat + 1).arg(what) << Qt::endl;
        if (!r.verdict.isEmpty())
            err() << QStringLiteral("    ") << r.verdict << Qt::endl;
    });
    QObject::connect(runner, &RunnerThread::progress, qApp, [](int done, int total, double eta) {
        err() << SweepCommand::tr("  %1/%2 runs done, about %3 left").arg(done).arg(total).arg(seconds(eta))
              << Qt::endl;
    });
    QObject::connect(runner, &RunnerThread::finished, qApp, [&end](qint64 id, const QString &s) {
        end.experimentId = id;
        end.status = s;
    });
    QObject::connect(runner, &RunnerThread::failed, qApp, [&end](const QString &message) { end.failure = message; });
    // The runner's thread has ended: the knobs are restored, the lab's agent is stopped.
    QObject::connect(runner, &RunnerThread::stopped, qApp, [] { QCoreApplication::quit(); });
}

// Runs PLAN (or resumes RESUME_ID) on a worker thread until it ends; Ctrl-C, SIGTERM or SIGHUP
// stop it with the knobs restored (told here, on the main thread).
SweepEnd runSweep(const SweepPlan &plan, qint64 resumeId, const RunnerOptions &options, ThroughputUnit unit)
{
    HelperConnection helper; // the command's one helper, for every run
    RunnerThread runner(helper);
    runner.setOptions(options);
    SweepEnd end;
    end.experimentId = resumeId;
    followRunner(&runner, end, unit);
    auto stop = cancelOnTermination(runner);
    if (!stop) {
        end.failure = stop.error().message;
        return end;
    }
    if (const QString note = plan.labNoteLine(); !note.isEmpty())
        err() << note << Qt::endl; // before the first run: what its figures can and cannot show
    if (resumeId > 0)
        runner.resume(resumeId);
    else
        runner.start(plan);
    QCoreApplication::exec();
    stop->reset();
    return end;
}

RunnerOptions runnerOptions(const QCommandLineParser &parser, const QString &storePath)
{
    RunnerOptions options;
    options.storePath = storePath;
    options.removeLabAtEnd = parser.isSet(QStringLiteral("lab-down"));
    options.confirmHostChanges = parser.isSet(QStringLiteral("force"));
    return options;
}

int sweepExitCode(const SweepEnd &end)
{
    if (end.status == QLatin1String("cancelled"))
        return 130;
    return end.failedRuns > 0 ? 3 : 0;
}

// Prints the stored table of the sweep that ended, writes --out, and says how it went.
int reportSweep(const QCommandLineParser &parser, const QString &storePath, const SweepEnd &end, ThroughputUnit unit)
{
    if (!end.failure.isEmpty())
        return failWith(end.failure, 1);
    ResultStore store;
    if (auto r = store.open(storePath); !r) {
        // A server that went away during the sweep: its runs are safe in the outbox (the runner
        // said so); the table waits for the server.
        const auto location = StoreLocation::parse(storePath);
        if (!location || !location->isPostgres() || !QFileInfo::exists(ResultStore::outboxPath()))
            return failWith(r.error().message, 1);
        err() << SweepCommand::tr("No table: %1 After 'tcptune results sync', 'tcptune results show %2' prints it.")
                     .arg(r.error().message)
                     .arg(end.experimentId)
              << Qt::endl;
        return sweepExitCode(end);
    }
    auto table = loadSweepTable(store, end.experimentId);
    if (!table)
        return failWith(table.error().message, 1);
    printSweepTable(*table, parser.isSet(QStringLiteral("json")), unit);
    if (parser.isSet(QStringLiteral("out"))) {
        if (auto r = writeSweepFiles(*table, parser.value(QStringLiteral("out")), unit); !r)
            return failWith(r.error().message, 1);
        err() << SweepCommand::tr("Wrote table.md, points.csv, runs.csv and results.json to %1.")
                     .arg(parser.value(QStringLiteral("out")))
              << Qt::endl;
    }
    return sweepExitCode(end);
}

} // namespace

int runSweepCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addOptions(parser);
    if (const auto done = parseArguments(parser, args, QStringLiteral("sweep")))
        return *done;
    const PresetLibrary library;
    if (parser.isSet(QStringLiteral("list-presets"))) {
        for (const PresetInfo &p : library.presets())
            out() << QStringLiteral("%1  %2  %3").arg(p.story).arg(p.id, -28).arg(p.name) << '\n';
        out().flush();
        return 0;
    }
    const QString storePath = sweepStorePath(parser);

    // Everything the user can get wrong is checked here, before anything runs.
    qint64 resumeId = 0;
    const auto plan =
        parser.isSet(QStringLiteral("resume")) ? resumedPlan(parser, storePath, &resumeId) : namedPlan(parser, library);
    if (!plan)
        return failWith(plan.error().message, plan.error().exitCode);
    const auto unit = ThroughputUnitOption::from(parser);
    if (!unit)
        return failWith(unit.error().message, 2);
    if (parser.isSet(QStringLiteral("dry-run"))) {
        printDryRun(*plan, parser.isSet(QStringLiteral("json")));
        return 0;
    }
    if (parser.isSet(QStringLiteral("out")))
        if (auto writable = checkOutputFolder(parser.value(QStringLiteral("out"))); !writable)
            return failWith(writable.error().message, 2);
    if (auto far = checkFarHelper(*plan); !far)
        return failWith(far.error().message, 2);
    const ThroughputUnit shown = unit->value_or(ThroughputUnit());
    return reportSweep(parser, storePath, runSweep(*plan, resumeId, runnerOptions(parser, storePath), shown), shown);
}

QString sweepStorePath(const QCommandLineParser &parser)
{
    return StoreOption::from(parser);
}

NamedSweep runNamedSweep(const QCommandLineParser &parser)
{
    const PresetLibrary library;
    const auto plan = namedPlan(parser, library);
    if (!plan)
        return {0, plan.error().exitCode, plan.error().message};
    const auto unit = ThroughputUnitOption::from(parser);
    if (!unit)
        return {0, 2, unit.error().message};
    if (auto far = checkFarHelper(*plan); !far)
        return {0, 2, far.error().message};
    const SweepEnd end =
        runSweep(*plan, 0, runnerOptions(parser, sweepStorePath(parser)), unit->value_or(ThroughputUnit()));
    if (!end.failure.isEmpty())
        return {end.experimentId, 1, end.failure};
    if (end.status == QLatin1String("cancelled"))
        return {end.experimentId, 130, SweepCommand::tr("The sweep was stopped; nothing was checked.")};
    return {end.experimentId, 0, {}};
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("sweep",
                         QT_TRANSLATE_NOOP("CommandSummary",
                                           "Run an experiment or sweep (spec file or preset) and print its table"),
                         tcptune::cli::runSweepCommand)
