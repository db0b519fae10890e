#include "experiment/run/live_experiment_backend.h"

#include "capture/live_capture.h"
#include "capture/tcp_flow_analyzer.h"
#include "experiment/run/lab_run_endpoint.h"
#include "experiment/run/run_observer.h"
#include "experiment/run/several_ends_outcome.h"
#include "experiment/run/several_ends_traffic.h"
#include "experiment/run/traffic_bridge.h"
#include "helper/helper_connection.h"
#include "knobs/link_facts.h"
#include "lab/lab_agent.h"
#include "lab/lab_requests.h"
#include "traffic/traffic_client.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <mutex>

namespace tcptune {
namespace {

QJsonObject rttJson(const RttStats &s)
{
    return {{QStringLiteral("count"), double(s.count)},
            {QStringLiteral("min"), s.min_ms},
            {QStringLiteral("median"), s.median_ms},
            {QStringLiteral("p95"), s.p95_ms},
            {QStringLiteral("max"), s.max_ms}};
}

TrafficOutcome failedOutcome(const QString &error)
{
    TrafficOutcome failed;
    failed.figures.status = RunStatus::Failed;
    failed.figures.error = error;
    return failed;
}

TrafficOutcome cancelledOutcome()
{
    TrafficOutcome cancelled;
    cancelled.figures.status = RunStatus::Cancelled;
    cancelled.figures.error = LiveExperimentBackend::tr("cancelled");
    return cancelled;
}

// Where the traffic of an end that is not the lab goes (an agent, iperf3, or over ssh).
RunEndpoint farEndpoint(const TargetSpec &target)
{
    RunEndpoint endpoint;
    endpoint.host = target.host;
    endpoint.port = quint16(target.port);
    endpoint.iperf3 = target.kind == TargetSpec::Kind::Iperf3;
    endpoint.ssh = target.kind == TargetSpec::Kind::Ssh;
    endpoint.sshUser = target.user;
    endpoint.sshConfig = target.sshConfig;
    endpoint.description = target.describe();
    endpoint.captureInterface = QStringLiteral("any");
    return endpoint;
}

} // namespace

LiveExperimentBackend::LiveExperimentBackend(HelperConnection &helper)
    : m_helper(helper)
    , m_changes(helper)
{
}

LiveExperimentBackend::~LiveExperimentBackend()
{
    if (m_capture)
        m_capture->stop();
    if (m_agent)
        m_agent->stop();
    // The Runner restores after every run; this only covers a backend dropped in the middle.
    if (auto restored = restoreKnobs(); !restored)
        qWarning("%s", qPrintable(restored.error().message));
}

Result<RunEndpoint> LiveExperimentBackend::prepareTarget(const ExperimentSpec &spec)
{
    RunEndpoint endpoint;
    if (spec.target.kind == TargetSpec::Kind::Lab) {
        auto lab = prepareLab(spec);
        if (!lab)
            return lab;
        endpoint = *lab;
    } else {
        if (!spec.knobsOfKind(KnobKind::LabParameter).isEmpty())
            return fail(tr("Spec field 'knobs': lab parameters (lab.*) only apply to the lab target; remove them "
                           "or set \"target\" to \"lab\"."));
        endpoint = farEndpoint(spec.target);
    }
    // Refuse what the traffic engine cannot do before the run starts, at every end.
    for (const TargetSpec &end : spec.targets()) {
        const RunEndpoint at = end.kind == TargetSpec::Kind::Lab ? endpoint : farEndpoint(end);
        if (auto t = trafficSpecFor(spec, at); !t)
            return std::unexpected(t.error());
    }
    return endpoint;
}

Result<RunEndpoint> LiveExperimentBackend::prepareLab(const ExperimentSpec &spec)
{
    const QString name = spec.target.labName.isEmpty() ? QString::fromLatin1(kDefaultLabName) : spec.target.labName;
    const QMap<QString, QString> labKnobs = spec.knobsOfKind(KnobKind::LabParameter);
    if (m_labEndpoint && name == m_labName && labKnobs == m_labKnobs && m_agent && m_agent->isRunning())
        return *m_labEndpoint;

    auto labSpec = parseLabSpec(name, labKnobs);
    if (!labSpec)
        return std::unexpected(labSpec.error());
    if (auto running = m_helper.ensureStarted(); !running)
        return fail(tr("tcptune-helper, which changes kernel knobs and builds the lab, did not start: %1")
                        .arg(running.error().message));
    // The agent's socket lives in the server namespace, which a rebuild replaces.
    if (m_agent)
        m_agent->stop();
    m_labEndpoint.reset();
    auto status = requestLabUp(m_helper, *labSpec);
    if (!status)
        return fail(tr("Could not bring lab %1 up as %2: %3").arg(name, describe(*labSpec), status.error().message));
    const auto endpoints = status->endpoints(kLabAgentPort);
    if (!endpoints)
        return fail(tr("Lab %1 is not up after building it; see 'tcptune lab status'.").arg(name));
    if (!m_agent)
        m_agent = std::make_unique<LabAgent>(m_helper);
    auto served = m_agent->start(*endpoints);
    if (!served)
        return fail(tr("The lab's agent did not start in %1: %2").arg(endpoints->serverNetns, served.error().message));
    const RunEndpoint e = labRunEndpoint(name, *labSpec, *served);
    m_labName = name;
    m_labKnobs = labKnobs;
    m_labEndpoint = e;
    return e;
}

Result<KnobSnapshot> LiveExperimentBackend::snapshotLocal(const RunEndpoint &endpoint)
{
    auto readings = KnobReader::readSysctls(endpoint.clientNetns);
    if (readings) {
        KnobSnapshot snapshot = KnobReader::snapshotOf(*readings);
        // The links' facts, where this process can read them (a lab namespace needs root).
        QStringList devices = endpoint.linkDevices;
        if (!endpoint.captureInterface.isEmpty() && endpoint.captureInterface != QLatin1String("any") &&
            !devices.contains(endpoint.captureInterface))
            devices.prepend(endpoint.captureInterface);
        if (auto facts = linkfacts::read(endpoint.clientNetns, devices))
            snapshot.insert(*facts);
        return snapshot;
    }
    // Without root the lab namespace cannot be entered here; the helper can (if it runs anyway:
    // a snapshot is no reason to ask for a password).
    if (m_helper.isRunning())
        return m_helper.snapshot(endpoint.clientNetns);
    return std::unexpected(readings.error());
}

Result<void> LiveExperimentBackend::applySysctls(const RunEndpoint &endpoint, const QMap<QString, QString> &sysctls)
{
    if (sysctls.isEmpty())
        return {};
    if (auto running = m_helper.ensureStarted(); !running)
        return fail(tr("tcptune-helper, which changes kernel knobs and builds the lab, did not start: %1")
                        .arg(running.error().message));
    return m_changes.apply(sysctls, endpoint.clientNetns, m_hostChangesConfirmed);
}

Result<void> LiveExperimentBackend::restoreKnobs()
{
    return m_changes.restore();
}

Result<void> LiveExperimentBackend::startCapture(const RunEndpoint &endpoint, const QString &path)
{
    if (!m_capture)
        m_capture = std::make_unique<LiveCapture>();
    LiveCaptureOptions options;
    options.interface = endpoint.captureInterface.isEmpty() ? QStringLiteral("any") : endpoint.captureInterface;
    options.netns = endpoint.captureNetns;
    const quint16 port =
        endpoint.port ? endpoint.port : (endpoint.iperf3 ? TrafficTarget::kDefaultIperf3Port : kLabAgentPort);
    options.filter = QStringLiteral("tcp port %1").arg(port);
    options.outputPath = path;
    // As a user, tcptune-helper makes the packet socket on the lab link (docs/privileges.md).
    options.socketMaker = m_helper.captureSocketMaker();
    m_captureInterface = options.interface;
    return m_capture->start(options);
}

CaptureRecord LiveExperimentBackend::stopCapture()
{
    CaptureRecord record;
    if (!m_capture)
        return record;
    const CaptureStatistics stats = m_capture->stop();
    record.interface = m_captureInterface;
    record.packetsReceived = qint64(stats.received);
    record.packetsDropped = qint64(stats.droppedByKernel);
    return record;
}

Result<QJsonObject> LiveExperimentBackend::analyseCapture(const QString &path)
{
    AnalysisOptions options;
    options.keep_rtt_samples = false;
    auto analysis = analyzeCapture(path, options);
    if (!analysis)
        return std::unexpected(analysis.error());
    QJsonArray flows;
    for (const FlowAnalysis &f : analysis->flows) {
        flows.append(QJsonObject{
            {QStringLiteral("client"), f.client.toString()},
            {QStringLiteral("server"), f.server.toString()},
            {QStringLiteral("packets"), double(f.packets)},
            {QStringLiteral("bytes_c2s"), double(f.c2s.frame_bytes)},
            {QStringLiteral("bytes_s2c"), double(f.s2c.frame_bytes)},
            {QStringLiteral("payload_c2s"), double(f.c2s.payload_bytes)},
            {QStringLiteral("payload_s2c"), double(f.s2c.payload_bytes)},
            {QStringLiteral("retransmissions"), double(f.retransmissions())},
            {QStringLiteral("rtt_ms"), rttJson(f.c2s.rtt_stats)},
        });
    }
    return QJsonObject{{QStringLiteral("file"), path},
                       {QStringLiteral("link_type"), analysis->link_type},
                       {QStringLiteral("packets"), double(analysis->packets)},
                       {QStringLiteral("duration_s"), analysis->duration_s},
                       {QStringLiteral("truncated"), analysis->truncated},
                       {QStringLiteral("flows"), flows}};
}

TrafficOutcome LiveExperimentBackend::runTraffic(const ExperimentSpec &spec, const RunEndpoint &endpoint,
                                                 const SampleSink &sink)
{
    if (spec.severalEnds())
        return runSeveralEnds(spec, endpoint, sink);
    auto trafficSpec = trafficSpecFor(spec, endpoint);
    if (!trafficSpec)
        return failedOutcome(trafficSpec.error().message);
    trafficSpec->confirmRemoteHostChanges = m_hostChangesConfirmed;
    TrafficClient client;
    client.setSocketMaker(m_helper.socketMaker());
    QObject::connect(
        &client, &TrafficClient::samplesReady, &client,
        [&sink](const QList<TrafficSample> &batch) {
            QList<RunSample> converted;
            converted.reserve(batch.size());
            for (const TrafficSample &s : batch)
                converted.append(runSampleOf(s));
            sink(converted);
        },
        Qt::DirectConnection);
    {
        QMutexLocker lock(&m_trafficMutex);
        if (m_cancelled)
            return cancelledOutcome();
        m_traffic = &client;
    }
    std::optional<RunObserver> observer;
    if (RunObserver::enabled()) {
        observer.emplace(&m_helper, watchedWhereDataFlows(endpoint, trafficSpec->direction == Direction::Down));
        observer->start();
        QObject::connect(
            &client, &TrafficClient::trafficStarted, &client,
            [&observer] { observer->trafficStarted(std::chrono::steady_clock::now()); }, Qt::DirectConnection);
    }
    const TrafficResult result = client.run(*trafficSpec);
    {
        QMutexLocker lock(&m_trafficMutex);
        m_traffic = nullptr;
    }
    TrafficOutcome outcome = outcomeOf(result);
    if (observer)
        outcome.figures.ends = observer->finish(trafficSpec->upStreams() > 0) + outcome.figures.ends;
    for (EndRecord &e : outcome.figures.ends)
        if (e.end == RunEnd::Remote && endpoint.lab)
            e.where = endpoint.serverNetns; // the agent serves from the lab's server namespace
    return outcome;
}

TrafficOutcome LiveExperimentBackend::runSeveralEnds(const ExperimentSpec &spec, const RunEndpoint &endpoint,
                                                     const SampleSink &sink)
{
    QList<TrafficSpec> ends;
    for (const TargetSpec &end : spec.targets()) {
        auto t = trafficSpecFor(spec, farEndpoint(end));
        if (!t)
            return failedOutcome(t.error().message);
        t->confirmRemoteHostChanges = m_hostChangesConfirmed;
        ends.append(*t);
    }
    SeveralEndsTraffic traffic;
    traffic.setSocketMaker(m_helper.socketMaker());
    std::mutex sinkMutex; // the Runner's sink takes one batch at a time
    traffic.setSampleSink([&sink, &sinkMutex](int end, const QList<TrafficSample> &batch) {
        QList<RunSample> converted;
        converted.reserve(batch.size());
        for (const TrafficSample &s : batch) {
            converted.append(runSampleOf(s));
            converted.back().end = end;
        }
        std::lock_guard lock(sinkMutex);
        sink(converted);
    });
    {
        QMutexLocker lock(&m_trafficMutex);
        if (m_cancelled)
            return cancelledOutcome();
        m_severalEnds = &traffic;
    }
    // This end's counters, as a run of one end has them: with direction up it is the sender.
    std::optional<RunObserver> observer;
    if (RunObserver::enabled()) {
        observer.emplace(&m_helper, watchedWhereDataFlows(endpoint, ends.front().direction == Direction::Down));
        observer->start();
    }
    const SeveralEndsResult result = traffic.run(ends);
    {
        QMutexLocker lock(&m_trafficMutex);
        m_severalEnds = nullptr;
    }
    TrafficOutcome outcome = severalEndsOutcome(result);
    if (observer)
        outcome.figures.ends = observer->finish(ends.front().upStreams() > 0) + outcome.figures.ends;
    return outcome;
}

void LiveExperimentBackend::cancel()
{
    QMutexLocker lock(&m_trafficMutex);
    m_cancelled = true;
    if (m_traffic)
        m_traffic->cancel();
    if (m_severalEnds)
        m_severalEnds->cancel();
}

void LiveExperimentBackend::finish(bool removeLab)
{
    if (m_agent)
        m_agent->stop();
    if (removeLab && !m_labName.isEmpty()) {
        if (auto removed = requestLabDown(m_helper, m_labName); !removed)
            qWarning("%s", qPrintable(removed.error().message));
        m_labEndpoint.reset();
    }
}

} // namespace tcptune
