#include "traffic/agent_sending.h"

#include "common/vector_state.h"
#include "traffic/workload_registry.h"

#include <QJsonObject>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <thread>

namespace tcptune {
namespace {

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

constexpr auto kWaitSlice = std::chrono::milliseconds(200); // how often a waiting thread looks at abort

// The agent's bulk writes: blocking sends (a send timeout lets it see STOP), one thread per
// connection; the agent's sending is not the path being benchmarked against iperf3's client.
// Each write of spec.writeSize bytes goes out from one buffer of at most kMaxWriteBuffer.
void sendBulk(const TrafficSpec &spec, StreamWorker &w, const WorkerShared &shared)
{
    sock::setTimeouts(w.fd, 200, 200);
    const std::vector<char> buffer(cappedBuffer(spec.writeSize), 't');
    if (spec.cork) {
        const int on = 1;
        ::setsockopt(w.fd, IPPROTO_TCP, TCP_CORK, &on, sizeof on);
    }
    clearVectorUpperState(); // inherited from the agent's session thread (common/vector_state.h)
    while (sendRepeated(w, shared, buffer, spec.writeSize)) {
    }
}

} // namespace

AgentSending::AgentSending(const TrafficSpec &spec, int firstStream, netns::SocketTuner tuner)
    : m_spec(spec)
    , m_firstStream(firstStream)
    , m_tuner(std::move(tuner))
    , m_samplers()
    , m_bytesAtOmit(std::size_t(spec.streams), 0)
    , m_retrans(std::size_t(spec.streams), 0)
    , m_socketFacts(std::size_t(spec.streams))
{
    for (int i = 0; i < spec.streams; ++i) {
        StreamWorker &w = m_workers.emplace_back();
        w.index = firstStream + i;
        m_samplers.emplace_back(firstStream + i);
    }
    m_omitPassed = spec.omitS <= 0;
}

AgentSending::~AgentSending()
{
    stop();
}

void AgentSending::attach(int index, int fd)
{
    StreamWorker &w = m_workers[std::size_t(index)];
    if (auto applied = sock::applySenderOptions(fd, m_spec, m_tuner); !applied) {
        w.error = applied.error().message;
        w.failed = true;
    }
    std::lock_guard lock(m_mutex);
    m_socketFacts[std::size_t(index)] = QJsonObject{{key("sndbuf"), double(sock::intOption(fd, SOL_SOCKET, SO_SNDBUF))},
                                                    {key("rcvbuf"), double(sock::intOption(fd, SOL_SOCKET, SO_RCVBUF))},
                                                    {key("congestion_control"), sock::congestionControlOf(fd)}};
    w.fd = fd;
    ++m_attached;
}

bool AgentSending::allAttached()
{
    std::lock_guard lock(m_mutex);
    return m_attached == int(m_workers.size());
}

void AgentSending::serve(int index, const std::atomic<bool> &abort)
{
    StreamWorker &w = m_workers[std::size_t(index)];
    {
        std::unique_lock lock(m_mutex);
        while (!m_started && !abort.load() && !m_shared.stop.load())
            m_begun.wait_for(lock, kWaitSlice);
        if (!m_started || w.failed.load())
            return;
    }
    if (m_spec.workload == Workload::Rrul && !holdIdlePhase(abort))
        return;
    if (workloadDescriptor(m_spec.workload).stream)
        sendBulk(m_spec, w, m_shared);
    else
        runStreamWorker(m_spec, w, m_shared);
    ::shutdown(w.fd, SHUT_WR);
}

void AgentSending::begin(sock::Clock::time_point t0)
{
    {
        std::lock_guard lock(m_mutex);
        m_t0 = t0;
        m_shared.t0 = t0;
        m_next = t0 + std::chrono::milliseconds(m_spec.sampleIntervalMs);
        for (std::size_t i = 0; i < m_workers.size(); ++i) {
            TcpInfoReading reading;
            if (m_workers[i].fd >= 0 && readTcpInfo(m_workers[i].fd, 0, reading))
                m_samplers[i].prime(reading);
        }
        m_started = true;
    }
    m_begun.notify_all();
}

bool AgentSending::holdIdlePhase(const std::atomic<bool> &abort)
{
    const auto loadAt =
        m_t0 + std::chrono::duration_cast<sock::Clock::duration>(std::chrono::duration<double>(m_spec.idlePhaseS()));
    while (sock::Clock::now() < loadAt) {
        if (abort.load() || m_shared.stop.load())
            return false;
        std::this_thread::sleep_for(std::min<sock::Clock::duration>(loadAt - sock::Clock::now(), kWaitSlice));
    }
    return true;
}

QJsonObject AgentSending::sampleIfDue(sock::Clock::time_point now)
{
    if (!m_started || now < m_next || m_shared.stop.load())
        return {};
    const double t = std::chrono::duration<double>(now - m_t0).count();
    if (!m_omitPassed && t >= m_spec.omitS) {
        m_omitPassed = true;
        for (std::size_t i = 0; i < m_workers.size(); ++i)
            m_bytesAtOmit[i] = m_workers[i].bytesWritten.load();
    }
    QList<TrafficSample> perStream;
    QJsonArray streams;
    for (std::size_t i = 0; i < m_workers.size(); ++i) {
        TcpInfoReading reading;
        TrafficSample s;
        if (m_workers[i].fd < 0 || !readTcpInfo(m_workers[i].fd, t, reading) || !m_samplers[i].next(reading, s))
            continue;
        s.omitted = t < m_spec.omitS;
        if (!s.omitted)
            m_retrans[i] += s.retrans;
        perStream.append(s);
        streams.append(s.toJson());
    }
    m_next += std::chrono::milliseconds(m_spec.sampleIntervalMs);
    if (m_next < now)
        m_next = now + std::chrono::milliseconds(m_spec.sampleIntervalMs);
    if (perStream.isEmpty())
        return {};
    return QJsonObject{
        {key("t"), t}, {key("aggregate"), aggregateSamples(perStream).toJson()}, {key("streams"), streams}};
}

void AgentSending::stop()
{
    m_shared.stop = true;
    m_begun.notify_all();
}

QJsonArray AgentSending::figures() const
{
    QJsonArray out;
    for (std::size_t i = 0; i < m_workers.size(); ++i) {
        const StreamWorker &w = m_workers[i];
        QJsonObject o = m_socketFacts[i];
        o.insert(key("stream"), m_firstStream + int(i));
        o.insert(key("bytes"), double(w.bytesWritten.load() - (m_omitPassed ? m_bytesAtOmit[i] : 0)));
        o.insert(key("retrans"), double(m_retrans[i]));
        o.insert(key("transactions"), double(w.transactions.load()));
        if (w.failed.load())
            o.insert(key("error"), w.error);
        out.append(o);
    }
    return out;
}

bool AgentSending::anyFailed() const
{
    for (const StreamWorker &w : m_workers)
        if (w.failed.load())
            return true;
    return false;
}

} // namespace tcptune
