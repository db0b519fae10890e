#include "experiment/run_observer.h"

#include "common/mib_counters.h"
#include "experiment/queue_sampler.h"
#include "helper/helper_connection.h"
#include "lab/qdisc_stats.h"

#include <QLoggingCategory>
#include <QSysInfo>

namespace tcptune {
namespace {

// What the readings cost, for bench/diagnosis/cost.py (QT_LOGGING_RULES="tcptune.diagnosis.cost=true").
Q_LOGGING_CATEGORY(lcCost, "tcptune.diagnosis.cost", QtWarningMsg)

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
    if (!m_endpoint.lab || m_endpoint.bottleneckInterface.isEmpty())
        return;
    QueueSampler::Read read;
    auto reader = QdiscStatsReader::open(m_endpoint.bottleneckNetns, m_endpoint.bottleneckInterface);
    if (reader) {
        std::shared_ptr<QdiscStatsReader> shared(std::move(*reader));
        read = [shared] { return shared->readRoot(); };
    } else if (m_helper && m_helper->isRunning()) {
        HelperConnection *helper = m_helper;
        const QJsonObject params{{QStringLiteral("netns"), m_endpoint.bottleneckNetns},
                                 {QStringLiteral("interface"), m_endpoint.bottleneckInterface}};
        read = [helper, params]() -> Result<QdiscStats> {
            auto reply = helper->request(QStringLiteral("qdisc_stats"), params, 2000);
            if (!reply)
                return std::unexpected(reply.error());
            return qdiscStatsFromJson(*reply);
        };
    } else {
        m_queueNote = reader.error().message;
        return;
    }
    m_queue = std::make_unique<QueueSampler>(std::move(read));
    if (auto started = m_queue->start(); !started) {
        m_queueNote = started.error().message;
        m_queue.reset();
    }
}

void RunObserver::trafficStarted(std::chrono::steady_clock::time_point at)
{
    if (m_queue)
        m_queue->setOrigin(at);
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
        out.append(e);
    }
    return out;
}

} // namespace tcptune
