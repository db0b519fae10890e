#include "cli/tune/tune_options.h"

#include "cli/store_option.h"
#include "cli/sweep/sweep_command.h"
#include "cli/throughput_unit_option.h"
#include "experiment/store/result_store.h"
#include "experiment/tune/tune_environment.h"

#include <QCommandLineParser>
#include <QFile>

#include <type_traits>

namespace tcptune::cli {
namespace {

QString option(const char *name)
{
    return QString::fromLatin1(name);
}

// The spec file's plan and its "tune" object (the defaults when it has none).
Result<TuneJob> specJob(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(TuneOptions::tr("Cannot read the spec %1: %2. Give a spec file (docs/experiment-spec.md).")
                        .arg(path, file.errorString()));
    auto json = ExperimentSpec::objectFromJsonText(file.readAll());
    if (!json)
        return std::unexpected(json.error());
    auto plan = SweepPlan::fromJson(*json);
    if (!plan)
        return std::unexpected(plan.error());
    if (!plan->axes().isEmpty())
        return fail(TuneOptions::tr("The spec %1 is a sweep: the tuner chooses the values itself. Take out its "
                                    "\"sweep\" and give the starting knobs in \"knobs\".")
                        .arg(path));
    TuneJob job;
    job.spec = plan->spec();
    if (const QJsonValue tune = json->value(QStringLiteral("tune")); !tune.isUndefined()) {
        auto parsed = TuneSpec::fromJson(tune);
        if (!parsed)
            return std::unexpected(parsed.error());
        job.tune = *parsed;
    }
    return job;
}

// The stored tune of experiment --resume ID.
Result<TuneJob> resumedJob(const QCommandLineParser &parser, const QString &storePath)
{
    bool ok = false;
    const qint64 id = parser.value(option("resume")).toLongLong(&ok);
    if (!ok || id <= 0)
        return fail(TuneOptions::tr("--resume: '%1' is not an experiment id; 'tcptune results list' shows them.")
                        .arg(parser.value(option("resume"))));
    ResultStore store;
    if (auto r = store.open(storePath); !r)
        return std::unexpected(r.error());
    auto experiment = store.experiment(id);
    if (!experiment)
        return std::unexpected(experiment.error());
    return TuneJobRunner::storedJob(id, experiment->plan);
}

// Sets TARGET to option NAME's value when it is given: a number from LEAST to MOST (whole for an
// integer TARGET).
template <typename T>
Result<void> setNumber(const QCommandLineParser &parser, const char *name, double least, double most, T &target)
{
    if (!parser.isSet(option(name)))
        return {};
    constexpr bool whole = std::is_integral_v<T>;
    bool ok = false;
    const QString text = parser.value(option(name));
    const double n = whole ? double(text.toInt(&ok)) : text.toDouble(&ok);
    if (!ok || n < least || n > most)
        return fail((whole ? TuneOptions::tr("--%1: '%2' is not a whole number from %3 to %4.")
                           : TuneOptions::tr("--%1: '%2' is not a number from %3 to %4."))
                        .arg(option(name), text)
                        .arg(least)
                        .arg(most));
    target = T(n);
    return {};
}

Result<void> applyGoal(const QCommandLineParser &parser, TuneSpec &tune)
{
    if (parser.isSet(option("goal"))) {
        const auto goal = tuneGoalFromName(parser.value(option("goal")));
        if (!goal)
            return fail(TuneOptions::tr("--goal: '%1' is not a goal; give throughput, latency or rr.")
                            .arg(parser.value(option("goal"))));
        tune.goal = *goal;
    }
    return setNumber(parser, "keep", 1, 100, tune.keepThroughputPct);
}

// The budget: --budget-runs N (the baseline's included) and --budget-time S (up to a week).
Result<void> applyBudget(const QCommandLineParser &parser, TuneSpec &tune)
{
    if (auto runs = setNumber(parser, "budget-runs", 1, TuneSpec::kMaxBudgetRuns, tune.budgetRuns); !runs)
        return runs;
    return setNumber(parser, "budget-time", 1, 7 * 86400, tune.budgetS);
}

Result<void> applyKnobLimits(const QCommandLineParser &parser, TuneSpec &tune)
{
    for (const QString &list : parser.values(option("leave-alone")))
        for (const QString &key : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            if (auto known = ExperimentSpec::lookupKnob(key.trimmed()); !known)
                return fail(TuneOptions::tr("--leave-alone: %1").arg(known.error().message));
            if (!tune.leaveAlone.contains(key.trimmed()))
                tune.leaveAlone.append(key.trimmed());
        }
    if (parser.isSet(option("ends"))) {
        const QStringList ends = parser.value(option("ends")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &end : ends)
            if (end != QLatin1String("local") && end != QLatin1String("remote"))
                return fail(
                    TuneOptions::tr("--ends: '%1' is not an end; give local, remote or local,remote.").arg(end));
        tune.localEnd = ends.contains(QLatin1String("local"));
        tune.remoteEnd = ends.contains(QLatin1String("remote"));
    }
    if (parser.isSet(option("host")))
        tune.allowHost = true;
    return {};
}

} // namespace

void TuneOptions::add(QCommandLineParser &parser)
{
    parser.addOptions({
        {option("goal"), tr("What to tune for: throughput (default), latency (RTT p95) or rr (transactions/s)."),
         QStringLiteral("GOAL")},
        {option("keep"), tr("Latency goal: the share of the best throughput a candidate must keep (default 90)."),
         QStringLiteral("PCT")},
        {option("budget-runs"), tr("At most N runs, the baseline's included (default 60)."), QStringLiteral("N")},
        {option("budget-time"), tr("At most S seconds of runs."), QStringLiteral("S")},
        {option("leave-alone"), tr("Knobs the tuner never moves (remote:KEY for the far end's)."),
         QStringLiteral("KEY[,KEY]")},
        {option("ends"), tr("Whose knobs may change: local, remote or local,remote (default)."),
         QStringLiteral("ENDS")},
        {option("host"), tr("Let the tuner change this host's own knobs (targets other than the lab).")},
        {option("resume"), tr("Continue stored tune ID: its runs are reused, then new ones follow."),
         QStringLiteral("ID")},
        {option("json"), tr("Print the answer as JSON.")},
        {option("export-sysctl"), tr("Write the recommended sysctls as a sysctl.d file."), QStringLiteral("FILE")},
        {option("export-tuned"), tr("Write the recommendation as a tuned profile."), QStringLiteral("FILE")},
        {option("export-script"), tr("Write the recommendation as a shell script."), QStringLiteral("FILE")},
        {option("export-end"), tr("Whose changes the exports hold: local (default) or remote."), QStringLiteral("END")},
        {option("dry-run"), tr("Say what the tuner would try and within which budget; run nothing.")},
        {option("trust-spec"), tr("Let the spec file choose an ssh config (target.ssh_config).")},
        {option("ssh-config"), tr("ssh:// targets: the ssh config file to use (ssh -F)."), QStringLiteral("FILE")},
        {option("force"), tr("Confirm link knobs of a host's own devices and core TCP features turned off.")},
    });
    parser.addOption(StoreOption::option());
    parser.addOption(ThroughputUnitOption::option());
}

Result<TuneJob> TuneOptions::job(const QCommandLineParser &parser, const QString &storePath)
{
    const QStringList positional = parser.positionalArguments().mid(1);
    const bool resuming = parser.isSet(option("resume"));
    if (resuming == !positional.isEmpty())
        return fail(tr("Give a spec file ('tcptune tune SPEC.json') or --resume ID, one of them."));
    auto job = resuming ? resumedJob(parser, storePath) : specJob(positional.first());
    if (!job)
        return job;
    if (!resuming)
        if (auto trusted = checkSpecSshConfig(SweepPlan(job->spec), parser); !trusted)
            return std::unexpected(trusted.error());
    if (parser.isSet(option("ssh-config"))) {
        if (job->spec.target.kind != TargetSpec::Kind::Ssh)
            return fail(tr("--ssh-config applies to ssh:// targets only; this spec's target is %1.")
                            .arg(job->spec.target.describe()));
        job->spec.target.sshConfig = parser.value(option("ssh-config"));
    }
    for (const auto &apply : {applyGoal, applyBudget, applyKnobLimits})
        if (auto applied = apply(parser, job->tune); !applied)
            return std::unexpected(applied.error());
    auto environment = TuneTarget::environmentOf(job->spec, job->tune);
    if (!environment)
        return std::unexpected(environment.error());
    job->environment = *environment;
    return job;
}

} // namespace tcptune::cli
