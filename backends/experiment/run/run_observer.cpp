#include "experiment/run/run_observer.h"

#include "common/egress_interface.h"
#include "common/mib_counters.h"
#include "common/netns.h"
#include "experiment/run/queue_sampler.h"
#include "helper/helper_connection.h"
#include "lab/qdisc_stats.h"

#include <QLoggingCategory>
#include <QSysInfo>

namespace tcptune {
namespace {

// What the readings cost, for bench/diagnosis/cost.py (QT_LOGGING_RULES="tcptune.diagnosis.cost=true").
Q_LOGGING_CATEGORY(lcCost, "tcptune.diagnosis.cost", QtWarningMsg)

// The sender's own egress device and its namespace: the lab's client veth, else the device the
// client's namespace (this host's, outside the lab) reaches the target through.
std::pair<QString, QString> senderDevice(const RunEndpoint &e)
{
    if (e.lab)
        return {e.captureNetns, e.captureInterface};
    QString device;
    if (!netns::runIn(e.clientNetns, [&] { device = egressInterface(e.host); }))
        return {};
    return {e.clientNetns, device};
}

} // namespace

RunObserver::RunObserver(HelperConnection *helper, const RunEndpoint &endpoint)
    : m_helper(helper)
    , m_endpoint(endpoint)
{
    // Outside the lab the sender is this host: its counters count everything else it does too.
    m_watched.append({RunEnd::Local, endpoint.clientNetns,
                      endpoint.clientNetns.isEmpty() ? QSysInfo::machineHostName() : endpoint.clientNetns});
    if (endpoint.lab && !endpoint.routerNetns.isEmpty())
        m_watched.append({RunEnd::Router, endpoint.routerNetns, endpoint.routerNetns});
}

RunObserver::~RunObserver() = default;

bool RunObserver::enabled()
{
    return qEnvironmentVariableIntValue("TCPTUNE_NO_DIAGNOSIS") == 0;
}

Result<QMap<QString, qint64>> RunObserver::readCounters(const QString &netns) const
{
    // Not root: the helper, which built the lab, reads inside it.
    if (m_helper && m_helper->isRunning())
        return m_helper->readCounters(netns);
    return mib::read(netns);
}

void RunObserver::start()
{
    for (Watched &w : m_watched)
        w.before = readCounters(w.netns);
    startQueue();
}

void RunObserver::startQueue()
{
    if (m_endpoint.lab && !m_endpoint.bottleneckInterface.isEmpty())
        m_queue = startSampler(m_endpoint.bottleneckNetns, m_endpoint.bottleneckInterface, m_queueNote);
    // The sender's own device queue, unless it is the bottleneck just watched (the lab's direct
    // topology shapes the client's egress).
    const auto [netns, device] = senderDevice(m_endpoint);
    const bool isBottleneck = !m_endpoint.bottleneckInterface.isEmpty() && netns == m_endpoint.bottleneckNetns &&
                              device == m_endpoint.bottleneckInterface;
    if (device.isEmpty() || device == QLatin1String("any") || isBottleneck)
        return;
    QString unread; // a device queue that cannot be read is left out, as on a kernel without qdiscs
    m_deviceQueue = startSampler(netns, device, unread);
    if (!m_deviceQueue)
        return;
    m_deviceQueueInterface = device;
    m_deviceQueueKind = m_deviceQueue->kind();
    // noqueue holds nothing: its name is the whole story.
    if (m_deviceQueueKind == QLatin1String("noqueue"))
        m_deviceQueue.reset();
}

std::unique_ptr<QueueSampler> RunObserver::startSampler(const QString &netns, const QString &interface,
                                                        QString &note) const
{
    QueueSampler::Read read;
    auto reader = QdiscStatsReader::open(netns, interface);
    if (reader) {
        std::shared_ptr<QdiscStatsReader> shared(std::move(*reader));
        read = [shared] { return shared->readRoot(); };
    } else if (m_helper && m_helper->isRunning()) {
        HelperConnection *helper = m_helper;
        const QJsonObject params{{QStringLiteral("netns"), netns}, {QStringLiteral("interface"), interface}};
        read = [helper, params]() -> Result<QdiscStats> {
            auto reply = helper->request(QStringLiteral("qdisc_stats"), params, 2000);
            if (!reply)
                return std::unexpected(reply.error());
            return qdiscStatsFromJson(*reply);
        };
    } else {
        note = reader.error().message;
        return nullptr;
    }
    auto sampler = std::make_unique<QueueSampler>(std::move(read));
    if (auto started = sampler->start(); !started) {
        note = started.error().message;
        return nullptr;
    }
    return sampler;
}

void RunObserver::trafficStarted(std::chrono::steady_clock::time_point at)
{
    if (m_queue)
        m_queue->setOrigin(at);
    if (m_deviceQueue)
        m_deviceQueue->setOrigin(at);
}

QList<EndRecord> RunObserver::finish(bool localSends)
{
    QList<QueueSample> queue;
    if (m_queue) {
        queue = m_queue->stop();
        qCInfo(lcCost, "queue readings during the traffic: %d, thread CPU %.3f ms", m_queue->readingCount(),
               std::chrono::duration<double, std::milli>(m_queue->threadCpuTime()).count());
        if (!m_queue->error().isEmpty())
            m_queueNote = tr("Some readings of the queue failed: %1").arg(m_queue->error());
    }
    const QList<QueueSample> deviceQueue = m_deviceQueue ? m_deviceQueue->stop() : QList<QueueSample>();
    QList<EndRecord> out;
    for (const Watched &w : std::as_const(m_watched)) {
        EndRecord e;
        e.end = w.end;
        e.where = w.where;
        e.sender = localSends && w.end == RunEnd::Local;
        const auto after = readCounters(w.netns);
        if (w.before && after) {
            e.countersRead = true;
            e.counterDeltas = mib::deltas(*w.before, *after);
        } else {
            e.countersNote = !w.before ? w.before.error().message : after.error().message;
        }
        if (m_endpoint.lab && !m_endpoint.bottleneckInterface.isEmpty() && w.netns == m_endpoint.bottleneckNetns) {
            e.queueInterface = m_endpoint.bottleneckInterface;
            e.queueRateBps = m_endpoint.bottleneckRateBps;
            e.queueLimitBytes = m_endpoint.bottleneckQueueBytes;
            e.queue = queue;
            e.queueNote = m_queueNote;
        }
        if (w.end == RunEnd::Local) {
            e.deviceQueueInterface = m_deviceQueueInterface;
            e.deviceQueueKind = m_deviceQueueKind;
            e.deviceQueue = deviceQueue;
        }
        out.append(e);
    }
    return out;
}

} // namespace tcptune
