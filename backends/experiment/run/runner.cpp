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

// The state of a session of runs chosen one at a time (openSession .. closeSession).
struct Runner::Session {
    SweepPlan plan;
    qint64 experimentId = 0;
    std::unique_ptr<ResultStore> server;
    RunEndpoint endpoint;
    int nextIndex = 0; // the next run index: past every stored one, so none repeats
    int executed = 0;
    QList<RunRecord> stored; // when it opened
};

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

Result<std::unique_ptr<ResultStore>> Runner::storeAtPath() const
{
    auto store = std::make_unique<ResultStore>();
    const QString path = m_options.storePath.isEmpty() ? ResultStore::defaultPath() : m_options.storePath;
    if (auto r = store->open(path); !r)
        return std::unexpected(r.error());
    return store;
}

ResultStore *Runner::openStore()
{
    auto store = storeAtPath();
    if (!store) {
        Q_EMIT failed(store.error().message);
        return nullptr;
    }
    return store->release();
}

Result<qint64> Runner::createLocked(const SweepPlan &plan, const QJsonObject &planFields)
{
    auto store = storeAtPath();
    if (!store)
        return std::unexpected(store.error());
    auto id = (*store)->createExperiment(plan, planFields);
    if (!id)
        return std::unexpected(id.error());
    // Held while this process runs it: a workbench started after a crash sees it is gone.
    if (auto locked = m_lock.acquire(**store, *id); !locked) {
        logIfFailed((*store)->setExperimentStatus(*id, ExperimentStatus::Failed, locked.error().message));
        return std::unexpected(locked.error());
    }
    return id;
}

Result<void> Runner::relock(qint64 experimentId)
{
    auto store = storeAtPath();
    if (!store)
        return std::unexpected(store.error());
    if (auto locked = m_lock.acquire(**store, experimentId); !locked)
        return std::unexpected(locked.error());
    return (*store)->setExperimentStatus(experimentId, ExperimentStatus::Running);
}

Result<void> Runner::checkNotTune(qint64 experimentId, const QJsonObject &plan)
{
    if (!plan.contains(QStringLiteral("tune")))
        return {};
    return fail(tr("Experiment %1 is a tune: resume it with 'tcptune tune --resume %1'.").arg(experimentId));
}

void Runner::run(const SweepPlan &plan)
{
    auto id = createLocked(plan, {});
    if (!id) {
        Q_EMIT failed(id.error().message);
        return;
    }
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
    if (auto tune = checkNotTune(experimentId, record->plan); !tune) {
        Q_EMIT failed(tune.error().message);
        return;
    }
    auto plan = SweepPlan::fromJson(record->plan);
    if (!plan) {
        Q_EMIT failed(tr("Experiment %1 cannot be resumed: its stored plan no longer parses (%2).")
                          .arg(experimentId)
                          .arg(plan.error().message));
        return;
    }
    store.reset();
    if (auto locked = relock(experimentId); !locked) {
        Q_EMIT failed(locked.error().message);
        return;
    }
    execute(*plan, experimentId);
}

Result<std::unique_ptr<ResultStore>> Runner::openServer(qint64 experimentId)
{
    auto server = storeAtPath();
    if (!server)
        return server;
    if ((*server)->isPostgres())
        if (auto r = m_outbox.prepare(**server, experimentId); !r)
            Q_EMIT logged(tr("Runs will not wait in an outbox if the server goes away: %1").arg(r.error().message));
    return server;
}

ResultStore &Runner::storeForNextRun(ResultStore &server)
{
    if (m_outbox.moveIfServerGone(server))
        Q_EMIT logged(tr("The result store %1 does not answer: the runs wait in the outbox %2.")
                          .arg(server.path(), ResultStore::outboxPath()));
    return m_outbox.storeFor(server);
}

void Runner::execute(const SweepPlan &plan, qint64 experimentId)
{
    auto server = openServer(experimentId);
    if (!server) {
        Q_EMIT failed(server.error().message);
        return;
    }
    auto done = (*server)->finishedRunIndexes(experimentId);
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
        ResultStore &store = storeForNextRun(**server);
        const SweepPoint &point = points.at(planned.point);
        const RunRecord record = runOne(plan.specForPoint(point.index), planned, point,
                                        m_outbox.experimentFor(experimentId), store, &endpoint, order.size());
        ++executed;
        if (record.status == RunStatus::Ok || record.status == RunStatus::Failed)
            ++finishedCount;
        Q_EMIT runFinished(record);
        emitPointResult(m_outbox.storeFor(**server), m_outbox.experimentFor(experimentId), plan, point);
        const double perRun = double(clock.elapsed()) / 1000.0 / executed;
        Q_EMIT progress(finishedCount, total, perRun * (total - finishedCount));
    }
    if (plan.spec().untilPrecise())
        repeatUntilPrecise(plan, m_outbox.experimentFor(experimentId), m_outbox.storeFor(**server), &endpoint,
                           executed);
    endExperiment(**server, experimentId, ExperimentStatus::Finished);
}

void Runner::endExperiment(ResultStore &server, qint64 experimentId, ExperimentStatus status)
{
    if (auto r = m_backend->restoreKnobs(); !r)
        Q_EMIT logged(r.error().message);
    m_backend->finish(m_options.removeLabAtEnd);
    if (m_cancel.load())
        status = ExperimentStatus::Cancelled;
    if (!m_outbox.isActive())
        if (auto r = server.setExperimentStatus(experimentId, status); !r)
            Q_EMIT logged(r.error().message);
    if (const int waiting = m_outbox.end(status); waiting > 0)
        Q_EMIT logged(tr("%1 runs wait in the outbox %2 for the result store %3: 'tcptune results sync' uploads "
                         "them when it answers again.")
                          .arg(waiting)
                          .arg(ResultStore::outboxPath(), server.path()));
    m_lock.release();
    Q_EMIT finished(experimentId, experimentStatusName(status));
}

Result<qint64> Runner::openSession(const SweepPlan &plan, qint64 resumeId, const QJsonObject &planFields, int mostRuns)
{
    if (m_session)
        return fail(tr("A session is already open: close it before opening another."));
    Result<qint64> id = resumeId;
    if (resumeId <= 0)
        id = createLocked(plan, planFields);
    else if (auto locked = relock(resumeId); !locked)
        return std::unexpected(locked.error());
    if (!id)
        return id;
    auto server = openServer(*id);
    auto runs = server ? (*server)->runs(*id) : Result<QList<RunRecord>>(std::unexpected(server.error()));
    if (!runs) {
        m_lock.release();
        return std::unexpected(runs.error());
    }
    auto session = std::make_unique<Session>();
    session->plan = plan;
    session->experimentId = *id;
    session->server = std::move(*server);
    for (const RunRecord &r : std::as_const(*runs))
        session->nextIndex = qMax(session->nextIndex, r.runIndex + 1);
    session->stored = *runs;
    if (mostRuns > 0)
        logIfFailed(session->server->setPlannedRuns(*id, mostRuns));
    m_session = std::move(session);
    Q_EMIT started(*id, 0, int(runs->size()));
    return id;
}

RunRecord Runner::runConfigured(const ExperimentSpec &spec, const SweepPoint &point, int repeat)
{
    RunRecord record;
    record.pointIndex = point.index;
    record.repeat = repeat;
    record.pointLabel = point.label();
    record.settings = point.settings;
    if (!m_session) {
        record.status = RunStatus::Failed;
        record.error = tr("No session is open to run in: open one first.");
        return record;
    }
    Session &session = *m_session;
    if (m_cancel.load() || (session.executed > 0 && !pauseBetweenRuns(session.plan))) {
        record.status = RunStatus::Cancelled;
        record.error = tr("cancelled");
        return record;
    }
    ResultStore &store = storeForNextRun(*session.server);
    const PlannedRun planned{session.nextIndex++, point.index, repeat};
    record = runOne(spec, planned, point, m_outbox.experimentFor(session.experimentId), store, &session.endpoint, 0);
    ++session.executed;
    Q_EMIT runFinished(record);
    return record;
}

QList<RunRecord> Runner::sessionStoredRuns() const
{
    return m_session ? m_session->stored : QList<RunRecord>();
}

void Runner::closeSession(ExperimentStatus status)
{
    if (!m_session)
        return;
    const std::unique_ptr<Session> session = std::move(m_session);
    // Runs chosen one at a time: what was planned is what was made.
    logIfFailed(session->server->setPlannedRuns(session->experimentId, session->nextIndex));
    endExperiment(*session->server, session->experimentId, status);
}

RunRecord Runner::runOne(const ExperimentSpec &spec, const PlannedRun &planned, const SweepPoint &point,
                         qint64 experimentId, ResultStore &store, RunEndpoint *endpoint, qsizetype plannedRuns)
{
    RunRecord record = announceRun(plannedRuns, planned, point, experimentId);
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

RunRecord Runner::announceRun(qsizetype plannedRuns, const PlannedRun &planned, const SweepPoint &point,
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
    const QString what = record.pointLabel.isEmpty() ? tr("the spec") : record.pointLabel;
    if (plannedRuns <= 0) // a session's runs: chosen one at a time, no total known
        Q_EMIT logged(tr("Run %1: %2, repeat %3").arg(planned.index + 1).arg(what).arg(planned.repeat + 1));
    else
        Q_EMIT logged(tr("Run %1 of %2: %3, repeat %4")
                          .arg(planned.index + 1)
                          .arg(qMax(plannedRuns, qsizetype(planned.index + 1))) // repeat until precise adds runs
                          .arg(what)
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
            const RunRecord record = runOne(plan.specForPoint(point.index), planned, point, experimentId, store,
                                            endpoint, plan.runs().size());
            ++executed;
            Q_EMIT runFinished(record);
            emitPointResult(store, experimentId, plan, point);
        }
    }
}

} // namespace tcptune
