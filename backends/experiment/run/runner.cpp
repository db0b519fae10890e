#include "experiment/run/runner.h"

#include "experiment/diagnosis/knob_drift.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/store/result_store.h"
#include "knobs/knob_catalogue.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

namespace tcptune {
namespace {

// The devices the run's own link knobs name, for the snapshots' link facts.
QStringList linkDevicesOf(const ExperimentSpec &spec)
{
    QStringList devices;
    for (const QString &key : spec.knobsOfKind(KnobKind::Link).keys())
        if (const KnobInfo *knob = KnobCatalogue::instance().find(key); knob && !devices.contains(knob->device))
            devices.append(knob->device);
    return devices;
}

void registerTypes()
{
    static const bool done = [] {
        qRegisterMetaType<tcptune::RunSample>();
        qRegisterMetaType<QList<tcptune::RunSample>>();
        qRegisterMetaType<tcptune::RunRecord>();
        qRegisterMetaType<tcptune::PointResult>();
        qRegisterMetaType<tcptune::SweepPlan>();
        return true;
    }();
    (void)done;
}

QString joinErrors(const QString &first, const QString &second)
{
    if (first.isEmpty() || second.isEmpty())
        return first + second;
    return first + QLatin1Char(' ') + second;
}

// The far ends' knobs that changed during the run: of the one far end, or of each of several,
// named by its target. APPLIED: the far knobs the run set, the same at every end.
QList<KnobDrift> farKnobDrift(const TrafficOutcome &outcome, const QMap<QString, QString> &applied)
{
    const QString remote = runEndName(RunEnd::Remote);
    if (outcome.farEnds.size() < 2)
        return knobDrift(remote, outcome.remoteKnobs, applied, outcome.remoteKnobsAfter);
    QList<KnobDrift> out;
    for (const TrafficOutcome::FarEndKnobs &end : outcome.farEnds)
        out += knobDrift(remote, end.before, applied, end.after, end.target);
    return out;
}

} // namespace

Runner::Runner(std::unique_ptr<ExperimentBackend> backend, RunnerOptions options, QObject *parent)
    : RunEvents(parent)
    , m_backend(std::move(backend))
    , m_options(std::move(options))
{
    registerTypes();
    m_backend->setHostChangesConfirmed(m_options.confirmHostChanges);
}

Runner::~Runner() = default;

void Runner::cancel()
{
    m_cancel.store(true);
    if (m_backend)
        m_backend->cancel();
}

ResultStore *Runner::openStore()
{
    auto store = std::make_unique<ResultStore>();
    const QString path = m_options.storePath.isEmpty() ? ResultStore::defaultPath() : m_options.storePath;
    if (auto r = store->open(path); !r) {
        Q_EMIT failed(r.error().message);
        return nullptr;
    }
    return store.release();
}

void Runner::run(const SweepPlan &plan)
{
    std::unique_ptr<ResultStore> store(openStore());
    if (!store)
        return;
    auto id = store->createExperiment(plan);
    if (!id) {
        Q_EMIT failed(id.error().message);
        return;
    }
    // Held while this process runs it: a workbench started after a crash sees it is gone.
    if (auto locked = m_lock.acquire(*store, *id); !locked) {
        logIfFailed(store->setExperimentStatus(*id, ExperimentStatus::Failed, locked.error().message));
        Q_EMIT failed(locked.error().message);
        return;
    }
    store.reset();
    execute(plan, *id);
}

void Runner::resume(qint64 experimentId)
{
    std::unique_ptr<ResultStore> store(openStore());
    if (!store)
        return;
    auto record = store->experiment(experimentId);
    if (!record) {
        Q_EMIT failed(record.error().message);
        return;
    }
    auto plan = SweepPlan::fromJson(record->plan);
    if (!plan) {
        Q_EMIT failed(tr("Experiment %1 cannot be resumed: its stored plan no longer parses (%2).")
                          .arg(experimentId)
                          .arg(plan.error().message));
        return;
    }
    if (auto locked = m_lock.acquire(*store, experimentId); !locked) {
        Q_EMIT failed(locked.error().message);
        return;
    }
    if (auto r = store->setExperimentStatus(experimentId, ExperimentStatus::Running); !r) {
        Q_EMIT failed(r.error().message);
        return;
    }
    store.reset();
    execute(*plan, experimentId);
}

void Runner::execute(const SweepPlan &plan, qint64 experimentId)
{
    std::unique_ptr<ResultStore> server(openStore());
    if (!server)
        return;
    if (server->isPostgres())
        if (auto r = m_outbox.prepare(*server, experimentId); !r)
            Q_EMIT logged(tr("Runs will not wait in an outbox if the server goes away: %1").arg(r.error().message));
    auto done = server->finishedRunIndexes(experimentId);
    if (!done) {
        Q_EMIT failed(done.error().message);
        return;
    }
    const QList<PlannedRun> order = plan.runs();
    const QList<SweepPoint> points = plan.points();
    const int total = int(order.size());
    int finishedCount = int(done->size());
    Q_EMIT started(experimentId, total, finishedCount);
    Q_EMIT progress(finishedCount, total, plan.expectedDurationS() * (total - finishedCount) / qMax(1, total));

    QElapsedTimer clock;
    clock.start();
    int executed = 0;
    RunEndpoint endpoint;
    for (const PlannedRun &planned : order) {
        if (m_cancel.load())
            break;
        if (done->contains(planned.index))
            continue;
        if (executed > 0 && !pauseBetweenRuns(plan))
            break;
        if (m_outbox.moveIfServerGone(*server))
            Q_EMIT logged(tr("The result store %1 does not answer: the runs wait in the outbox %2.")
                              .arg(server->path(), ResultStore::outboxPath()));
        ResultStore &store = m_outbox.storeFor(*server);
        const qint64 storedId = m_outbox.experimentFor(experimentId);
        const RunRecord record = runOne(plan, planned, points.at(planned.point), storedId, store, &endpoint);
        ++executed;
        if (record.status == RunStatus::Ok || record.status == RunStatus::Failed)
            ++finishedCount;
        Q_EMIT runFinished(record);
        emitPointResult(m_outbox.storeFor(*server), m_outbox.experimentFor(experimentId), plan,
                        points.at(planned.point));
        const double perRun = double(clock.elapsed()) / 1000.0 / executed;
        Q_EMIT progress(finishedCount, total, perRun * (total - finishedCount));
    }
    if (plan.spec().untilPrecise())
        repeatUntilPrecise(plan, m_outbox.experimentFor(experimentId), m_outbox.storeFor(*server), &endpoint, executed);

    if (auto r = m_backend->restoreKnobs(); !r)
        Q_EMIT logged(r.error().message);
    m_backend->finish(m_options.removeLabAtEnd);
    const bool cancelled = m_cancel.load();
    const ExperimentStatus status = cancelled ? ExperimentStatus::Cancelled : ExperimentStatus::Finished;
    if (!m_outbox.isActive())
        if (auto r = server->setExperimentStatus(experimentId, status); !r)
            Q_EMIT logged(r.error().message);
    if (const int waiting = m_outbox.end(status); waiting > 0)
        Q_EMIT logged(tr("%1 runs wait in the outbox %2 for the result store %3: 'tcptune results sync' uploads "
                         "them when it answers again.")
                          .arg(waiting)
                          .arg(ResultStore::outboxPath(), server->path()));
    m_lock.release();
    Q_EMIT finished(experimentId, experimentStatusName(status));
}

RunRecord Runner::runOne(const SweepPlan &plan, const PlannedRun &planned, const SweepPoint &point, qint64 experimentId,
                         ResultStore &store, RunEndpoint *endpoint)
{
    const ExperimentSpec spec = plan.specForPoint(point.index);
    RunRecord record = announceRun(plan, planned, point, experimentId);
    auto id = store.beginRun(record);
    if (!id) {
        record.status = RunStatus::Failed;
        record.error = id.error().message;
        Q_EMIT logged(record.error);
        return record;
    }
    record.id = *id;
    Q_EMIT runStored(record.runIndex, record.id);

    auto prepared = m_backend->prepareTarget(spec);
    if (!prepared)
        return finishRun(store, record, RunStatus::Failed, prepared.error().message);
    *endpoint = *prepared;
    endpoint->linkDevices = linkDevicesOf(spec);
    const KnobSnapshot knobsBefore = storeLocalKnobs(store, record.id, *endpoint, QStringLiteral("before"));

    if (auto applied = m_backend->applySysctls(*endpoint, spec.helperKnobs()); !applied) {
        const QString error = applied.error().message;
        if (auto r = m_backend->restoreKnobs(); !r)
            Q_EMIT logged(r.error().message);
        return finishRun(store, record, RunStatus::Failed, error);
    }

    const QString capturePath = spec.capture ? startCapture(store, *endpoint, record.id) : QString();
    const int runIndex = planned.index;
    TrafficOutcome outcome = m_backend->runTraffic(
        spec, *endpoint, [this, runIndex](const QList<RunSample> &batch) { Q_EMIT samplesReady(runIndex, batch); });
    if (!capturePath.isEmpty())
        storeCapture(store, record.id, capturePath);

    const KnobSnapshot knobsAfter = storeLocalKnobs(store, record.id, *endpoint, QStringLiteral("after"));
    for (const auto &[phase, snapshot] : {std::pair{QStringLiteral("before"), &outcome.remoteKnobs},
                                          std::pair{QStringLiteral("after"), &outcome.remoteKnobsAfter}})
        if (!snapshot->isEmpty())
            logIfFailed(store.addKnobSnapshot(record.id, runEndName(RunEnd::Remote), phase, *snapshot));
    QString restoreError;
    if (auto r = m_backend->restoreKnobs(); !r)
        restoreError = r.error().message;
    RunRecord finished = outcomeRecord(record, outcome);
    // The ends as the store gives them back: each with its knob snapshots.
    for (EndRecord &e : finished.ends) {
        if (e.end == RunEnd::Local) {
            e.knobsBefore = knobsBefore;
            e.knobsAfter = knobsAfter;
        } else if (e.end == RunEnd::Remote && e.knobsBefore.isEmpty() && e.knobsAfter.isEmpty()) {
            e.knobsBefore = outcome.remoteKnobs; // several ends: each far end brings its own
            e.knobsAfter = outcome.remoteKnobsAfter;
        }
    }
    flagKnobDrift(finished, knobDrift(runEndName(RunEnd::Local), knobsBefore, spec.helperKnobs(), knobsAfter) +
                                farKnobDrift(outcome, spec.remoteSysctls()));
    return finishRun(store, finished, outcome.figures.status, joinErrors(outcome.figures.error, restoreError),
                     outcome.samples);
}

// A knob that changed during the run, on either end, is kept with the run and said in the log.
void Runner::flagKnobDrift(RunRecord &record, const QList<KnobDrift> &drift)
{
    if (drift.isEmpty())
        return;
    record.details.insert(QStringLiteral("knobs_changed_during_run"), knobDriftToJson(drift));
    for (const KnobDrift &d : drift) {
        const bool far = d.end == runEndName(RunEnd::Remote);
        const QString where = far && !d.target.isEmpty() ? tr("far end %1").arg(d.target)
                              : far                      ? tr("far end")
                                                         : tr("local end");
        Q_EMIT logged(tr("Run %1: %2 changed during the run on the %3 (%4, at the end %5); something else "
                         "changed it, so the run may not show its settings.")
                          .arg(record.runIndex + 1)
                          .arg(d.key, where, d.expected, d.after));
    }
}

RunRecord Runner::announceRun(const SweepPlan &plan, const PlannedRun &planned, const SweepPoint &point,
                              qint64 experimentId)
{
    RunRecord record;
    record.experimentId = experimentId;
    record.runIndex = planned.index;
    record.pointIndex = planned.point;
    record.repeat = planned.repeat;
    record.pointLabel = point.label();
    record.settings = point.settings;
    record.started = QDateTime::currentDateTimeUtc();
    Q_EMIT runStarted(planned.index, planned.point, planned.repeat, record.pointLabel);
    Q_EMIT logged(tr("Run %1 of %2: %3, repeat %4")
                      .arg(planned.index + 1)
                      .arg(qMax(plan.runs().size(), qsizetype(planned.index + 1))) // repeat until precise adds runs
                      .arg(record.pointLabel.isEmpty() ? tr("the spec") : record.pointLabel)
                      .arg(planned.repeat + 1));
    return record;
}

// The traffic engine's figures under the run's own identity (id, point, start) from RECORD.
RunRecord Runner::outcomeRecord(const RunRecord &record, const TrafficOutcome &outcome)
{
    RunRecord out = outcome.figures;
    out.id = record.id;
    out.experimentId = record.experimentId;
    out.runIndex = record.runIndex;
    out.pointIndex = record.pointIndex;
    out.repeat = record.repeat;
    out.pointLabel = record.pointLabel;
    out.settings = record.settings;
    out.started = record.started;
    out.collapsed = sweepstats::collapsed(out.intervalThroughputBps);
    if (!outcome.remoteKnobsNote.isEmpty())
        out.details.insert(QStringLiteral("remote_knobs_note"), outcome.remoteKnobsNote);
    return out;
}

// Stores RECORD as ended with STATUS; a run that did not succeed while cancelling was cancelled.
RunRecord Runner::finishRun(ResultStore &store, RunRecord record, RunStatus status, const QString &error,
                            const QList<RunSample> &samples)
{
    record.status = status;
    record.error = error;
    if (m_cancel.load() && status != RunStatus::Ok) {
        record.status = RunStatus::Cancelled;
        if (record.error.isEmpty())
            record.error = tr("cancelled");
    }
    record.ended = QDateTime::currentDateTimeUtc();
    record.verdict = RunDiagnosis::verdictOf(record);
    logIfFailed(m_outbox.finishRun(store, record, samples));
    if (!error.isEmpty())
        Q_EMIT logged(error);
    return record;
}

KnobSnapshot Runner::storeLocalKnobs(ResultStore &store, qint64 runId, const RunEndpoint &endpoint,
                                     const QString &phase)
{
    auto snapshot = m_backend->snapshotLocal(endpoint);
    if (!snapshot) {
        Q_EMIT logged(snapshot.error().message);
        return {};
    }
    logIfFailed(store.addKnobSnapshot(runId, runEndName(RunEnd::Local), phase, *snapshot));
    return *snapshot;
}

// Starts a capture of stored run RUN_ID, named after it as everywhere else (run12.pcap); its path,
// or empty (and a log line) when it could not start.
QString Runner::startCapture(const ResultStore &store, const RunEndpoint &endpoint, qint64 runId)
{
    QString dir = m_options.captureDir;
    if (dir.isEmpty())
        dir = store.capturesFolder();
    QDir().mkpath(dir);
    const QString path = QStringLiteral("%1/run%2.pcap").arg(dir).arg(runId);
    if (auto r = m_backend->startCapture(endpoint, path); !r) {
        Q_EMIT logged(tr("Running without a capture: %1").arg(r.error().message));
        return QString();
    }
    return path;
}

void Runner::storeCapture(ResultStore &store, qint64 runId, const QString &path)
{
    CaptureRecord capture = m_backend->stopCapture();
    capture.path = path;
    if (auto summary = m_backend->analyseCapture(path))
        capture.summary = *summary;
    else
        capture.summary.insert(QStringLiteral("error"), summary.error().message);
    logIfFailed(store.addCapture(runId, capture));
}

void Runner::logIfFailed(const Result<void> &result)
{
    if (!result)
        Q_EMIT logged(result.error().message);
}

bool Runner::pauseBetweenRuns(const SweepPlan &plan)
{
    // Let queues drain between runs; stay responsive to cancel.
    QElapsedTimer pause;
    pause.start();
    while (!m_cancel.load() && pause.elapsed() < qint64(plan.spec().pauseS * 1000))
        QThread::msleep(20);
    return !m_cancel.load();
}

void Runner::emitPointResult(ResultStore &store, qint64 experimentId, const SweepPlan &plan, const SweepPoint &point)
{
    auto runs = store.runs(experimentId);
    if (!runs)
        return;
    Q_EMIT pointUpdated(preciseAggregate(plan, point, *runs));
}

PointResult Runner::preciseAggregate(const SweepPlan &plan, const SweepPoint &point, const QList<RunRecord> &runs)
{
    PointResult result = aggregatePoint(point, plan.repeats(), runs);
    result.ciTargetPct = plan.spec().ciTargetPct;
    result.maxRuns = plan.spec().maxRepeats;
    return result;
}

void Runner::repeatUntilPrecise(const SweepPlan &plan, qint64 experimentId, ResultStore &store, RunEndpoint *endpoint,
                                int &executed)
{
    // Point by point, as netperf's -i/-I iterates one test: a run more until the point's 95 %
    // interval is within the target or it has its most runs (failed runs count, so it ends).
    for (const SweepPoint &point : plan.points()) {
        while (!m_cancel.load()) {
            auto runs = store.runs(experimentId);
            if (!runs) {
                Q_EMIT logged(runs.error().message);
                return;
            }
            const PointResult result = preciseAggregate(plan, point, *runs);
            if (result.precisionReached() || result.runs.size() >= result.maxRuns)
                break;
            int next = 0;
            for (const RunRecord &r : std::as_const(*runs))
                next = qMax(next, r.runIndex + 1);
            if (executed > 0 && !pauseBetweenRuns(plan))
                return;
            const PlannedRun planned{next, point.index, int(result.runs.size())};
            const RunRecord record = runOne(plan, planned, point, experimentId, store, endpoint);
            ++executed;
            Q_EMIT runFinished(record);
            emitPointResult(store, experimentId, plan, point);
        }
    }
}

} // namespace tcptune
