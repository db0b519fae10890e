#include "cli/run/several_ends_run.h"

#include "cli/console.h"
#include "cli/run/run_report.h"
#include "common/termination_signals.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/run/run_observer.h"
#include "experiment/run/several_ends_outcome.h"
#include "experiment/run/several_ends_traffic.h"
#include "experiment/run/traffic_bridge.h"
#include "experiment/spec/experiment_spec.h"
#include "helper/helper_connection.h"

#include <QCoreApplication>

#include <mutex>
#include <optional>

#include <unistd.h>

namespace tcptune::cli {
namespace {

// RunCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class RunCommand final {
    Q_DECLARE_TR_FUNCTIONS(RunCommand)
};

// One spec per --target text, each checked; the list checked as a whole (no end twice, not too many).
Result<QList<TrafficSpec>> endSpecs(const TrafficSpec &spec, const QStringList &targets)
{
    QList<TrafficSpec> ends;
    QList<TargetSpec> list;
    for (const QString &text : targets) {
        auto target = TrafficTarget::parse(text);
        if (!target)
            return fail(RunCommand::tr("--target %1: %2").arg(text, target.error().message));
        TrafficSpec end = spec;
        end.target = *target;
        if (auto valid = end.validate(); !valid)
            return fail(RunCommand::tr("--target %1: %2").arg(text, valid.error().message));
        ends.append(end);
        list.append(targetSpecOf(*target));
    }
    if (auto problem = ExperimentSpec::targetListProblem(list))
        return fail(problem->index < 0
                        ? problem->problem
                        : RunCommand::tr("--target %1: %2").arg(targets.at(problem->index), problem->problem));
    return ends;
}

// A line per end about once a second (and at once on a terminal, where they would overwrite each other).
class ProgressLines final {
public:
    explicit ProgressLines(const QList<TrafficSpec> &ends)
        : m_names(ends.size())
        , m_lastLineAt(ends.size(), -1.0)
        , m_latest(ends.size())
    {
        for (qsizetype i = 0; i < ends.size(); ++i)
            m_names[i] = ends.at(i).target.toString();
    }
    void samples(int end, const QList<TrafficSample> &batch)
    {
        std::lock_guard lock(m_mutex);
        if (!batch.isEmpty())
            m_latest[end] = batch.back();
    }
    void progress(int end, double elapsed, double total, double throughput)
    {
        std::lock_guard lock(m_mutex);
        if (elapsed - m_lastLineAt[end] < 1.0)
            return;
        m_lastLineAt[end] = elapsed;
        err() << m_names.at(end) << QStringLiteral("  ") << progressLine(elapsed, total, throughput, m_latest.at(end))
              << Qt::endl;
    }

private:
    std::mutex m_mutex;
    QStringList m_names;
    QList<double> m_lastLineAt;
    QList<TrafficSample> m_latest;
};

QString summaryText(const SeveralEndsResult &r)
{
    QStringList lines;
    for (qsizetype i = 0; i < r.ends.size(); ++i) {
        const TrafficResult &end = r.ends.at(i);
        lines << RunCommand::tr("end %1  %2  %3  rtt median %4 ms  %5 samples (%6)")
                     .arg(i + 1)
                     .arg(end.target)
                     .arg(formatRate(end.throughputBps))
                     .arg(end.rttMs.median, 0, 'f', 2)
                     .arg(end.samples.size())
                     .arg(end.samplesFrom);
        if (!end.error.isEmpty())
            lines << QStringLiteral("       ") + end.error;
    }
    lines << RunCommand::tr("all ends        %1 together, %2 s measured")
                 .arg(formatRate(r.throughputBps))
                 .arg(r.durationS, 0, 'f', 2);
    lines << RunCommand::tr("Jain's fairness index %1").arg(r.jainIndex, 0, 'f', 2);
    return lines.join(QLatin1Char('\n'));
}

// RESULT as the result store would keep it, with this end's counters from OBSERVER (may be null)
// and the verdict of docs/diagnosis.md, as a run of one end has them.
RunRecord diagnosed(const SeveralEndsResult &result, RunObserver *observer, bool localSends)
{
    RunRecord r = severalEndsOutcome(result).figures;
    if (observer)
        r.ends = observer->finish(localSends) + r.ends;
    r.verdict = RunDiagnosis::verdictOf(r);
    return r;
}

int report(const SeveralEndsResult &result, const RunRecord &diagnosis, bool json)
{
    const bool nothing = std::ranges::all_of(result.ends, [](const TrafficResult &e) { return e.samples.isEmpty(); });
    if (nothing && !result.error.isEmpty() && !result.interrupted)
        return failWith(result.error, 1);
    if (json)
        printFinishedRun(result.toJson(), diagnosis);
    else
        printFinishedRun(summaryText(result), diagnosis);
    return exitCodeOf(result.interrupted, result.cancelled, result.error);
}

} // namespace

int runSeveralEnds(const TrafficSpec &spec, const QStringList &targets, bool json, HelperConnection &helper)
{
    auto ends = endSpecs(spec, targets);
    if (!ends)
        return failWith(ends.error().message, 2);
    SeveralEndsTraffic traffic;
    traffic.setSocketMaker(helper.socketMaker());
    ProgressLines lines(*ends);
    traffic.setSampleSink([&lines](int end, const QList<TrafficSample> &batch) { lines.samples(end, batch); });
    traffic.setProgressSink(
        [&lines](int end, double elapsed, double total, double bps) { lines.progress(end, elapsed, total, bps); });
    auto stop = TerminationSignals::install([&traffic](int) { traffic.cancel(); });
    if (!stop)
        return failWith(stop.error().message, 1);
    if (!json)
        err() << RunCommand::tr("Connecting to %1 ...").arg(targets.join(QStringLiteral(", "))) << Qt::endl;
    // This end's counters around the run, as `tcptune run` reads them for one end.
    std::optional<RunObserver> observer;
    if (RunObserver::enabled()) {
        observer.emplace(&helper, RunEndpoint{});
        observer->start();
    }
    const SeveralEndsResult result = traffic.run(*ends);
    stop->reset();
    return report(result, diagnosed(result, observer ? &*observer : nullptr, spec.upStreams() > 0), json);
}

} // namespace tcptune::cli
