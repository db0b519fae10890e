// AgentServer's admission: the hooks the gate calls, the run threads and memory a run reserves,
// the runs per source network, and admitting or refusing control and data connections.
#include "traffic/agent_server_impl.h"

#include "traffic/agent_auth.h"
#include "traffic/run_memory.h"

#include <algorithm>
#include <poll.h>
#include <sys/socket.h>
#include <system_error>
#include <utility>

namespace tcptune {

using namespace std::chrono_literals;

GateHooks AgentServer::Impl::gateHooks()
{
    GateHooks h;
    h.log = [this](const QString &line) { log(line); };
    h.protocolError = [this] { protocolErrors.fetch_add(1); };
    h.connectionRefused = [this] { refusedConnections.fetch_add(1); };
    h.admitControl = [this](Admitted &a) { return admitControl(a); };
    h.admitData = [this](Admitted &a) { return admitData(a); };
    h.idle = [this] { reap(false); };
    return h;
}

bool AgentServer::Impl::reserveThreads(int count)
{
    int used = threadsInUse.load();
    do {
        if (used + count > options.threadBudget())
            return false;
    } while (!threadsInUse.compare_exchange_weak(used, used + count));
    return true;
}

// The caller has reserved the thread's slot; the thread gives it back when it ends. A failure to
// create it (EAGAIN under a pids limit) is an error for that one client, not an exception.
Result<void> AgentServer::Impl::spawn(std::function<void()> fn)
{
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(workersMutex);
    try {
        workers.push_back({std::thread([this, fn = std::move(fn), done] {
                               fn();
                               threadsInUse.fetch_sub(1);
                               done->store(true);
                           }),
                           done});
    } catch (const std::system_error &e) {
        return fail(tr("the agent cannot start a thread (%1); try again later").arg(QString::fromLocal8Bit(e.what())));
    }
    return {};
}

void AgentServer::Impl::reap(bool all)
{
    std::list<Worker> finished;
    {
        std::lock_guard lock(workersMutex);
        for (auto it = workers.begin(); it != workers.end();) {
            if (all || it->done->load()) {
                finished.splice(finished.end(), workers, it++);
            } else {
                ++it;
            }
        }
    }
    for (Worker &w : finished)
        w.thread.join();
}

Result<void> AgentServer::Impl::admitControl(Admitted &a)
{
    if (options.controlOnlyOverStdio)
        return fail(tr("this agent takes runs over its ssh connection only"));
    // Runs without a proved token are capped per source network too.
    auto session =
        openSession(a.message, a.peer, a.authenticated, a.agentNonce, a.authenticated ? QString() : a.source);
    if (!session)
        return std::unexpected(session.error());
    const int fd = a.fd.get();
    auto started =
        spawn([this, fd, session = *session, buffer = a.leftover] { runControl(sock::Fd(fd), session, buffer); });
    if (!started) {
        endSession(*session);
        threadsInUse.fetch_sub(1);
        return std::unexpected(started.error());
    }
    a.fd.release(); // the control thread owns it now
    return {};
}

// The run's share of the memory budget, or the refusal with the figures and what to do.
Result<MemoryBudget::Reservation> AgentServer::Impl::reserveMemory(const agentproto::SessionParams &params)
{
    const std::int64_t need = runMemoryBytes(params, options.maxIntervals);
    MemoryBudget::Reservation reservation = memory->reserve(need);
    if (reservation.bytes() > 0)
        return reservation;
    auto mib = [](std::int64_t bytes) { return QString::number(double(bytes) / double(1 << 20), 'f', 1); };
    return fail(tr("refused start: the run needs %1 MiB of buffers and this agent has %2 MiB left of its %3 MiB "
                   "memory budget; ask for fewer streams or smaller writes, try again when other runs are done, "
                   "or start the agent with a larger --memory-budget")
                    .arg(mib(need), mib(std::max<std::int64_t>(memory->left(), 0)), mib(memory->total())));
}

// SOURCE (empty: not counted) may start one more run, within options.maxSessionsPerSource.
Result<void> AgentServer::Impl::claimSourceSlot(const QString &source)
{
    if (source.isEmpty())
        return {};
    std::lock_guard lock(sessionsMutex);
    int &running = sessionsPerSource[source];
    if (running >= options.maxSessionsPerSource)
        return fail(tr("refused start: %1 runs from %2 are going on, this agent's limit per network for clients "
                       "without a token; try again when one has finished")
                        .arg(running)
                        .arg(source));
    ++running;
    return {};
}

void AgentServer::Impl::releaseSourceSlot(const QString &source)
{
    if (source.isEmpty())
        return;
    std::lock_guard lock(sessionsMutex);
    auto it = sessionsPerSource.find(source);
    if (it != sessionsPerSource.end() && --it->second <= 0)
        sessionsPerSource.erase(it);
}

// The session a data line from PEER names, if its secret is right and its stream is free; takes
// one of the session's reserved threads.
std::shared_ptr<Session> AgentServer::Impl::attach(const QJsonObject &hello, const QString &peer, QString &why)
{
    const bool probe = agentproto::typeOf(hello) == QLatin1String("probe");
    std::lock_guard lock(sessionsMutex);
    auto it = sessions.find(hello.value(key("session")).toString());
    const int stream = probe ? -1 : hello.value(key("stream")).toInt(-1);
    const QByteArray proof = hello.value(key("proof")).toString().toLatin1();
    if (it == sessions.end() ||
        !agentauth::constantTimeEqual(proof, agentauth::dataProof(it->second->secret, it->second->id, stream))) {
        why = tr("data connection for an unknown run");
        return {};
    }
    Session &s = *it->second;
    if (!probe && (stream < 0 || stream >= s.params.connections())) {
        why = tr("data connection with stream %1 outside 0..%2").arg(stream).arg(s.params.connections() - 1);
        return {};
    }
    if (probe ? !s.params.latencyProbe || s.probeAttached.exchange(true)
              : s.attached[std::size_t(stream)].exchange(true)) {
        why = probe ? tr("unexpected latency probe for run %1").arg(s.id)
                    : tr("stream %1 of run %2 connected twice").arg(stream).arg(s.id);
        return {};
    }
    --s.unusedThreads;
    if (!s.client.valid) // over ssh: the first connection that proved the secret names the client
        s.client = PeerIp::fromPeer(peer);
    return it->second;
}

Result<void> AgentServer::Impl::admitData(Admitted &a)
{
    QString why;
    std::shared_ptr<Session> session = attach(a.message, a.peer, why);
    if (!session)
        return fail(why);
    const int stream =
        agentproto::typeOf(a.message) == QLatin1String("probe") ? -1 : a.message.value(key("stream")).toInt();
    const int fd = a.fd.get();
    auto started =
        spawn([this, fd, session, stream, early = a.leftover] { runData(sock::Fd(fd), session, stream, early); });
    if (!started) {
        threadsInUse.fetch_sub(1);
        return std::unexpected(started.error());
    }
    a.fd.release();
    return {};
}

void AgentServer::Impl::refuse(int fd, const QString &peer, const QString &why)
{
    protocolErrors.fetch_add(1);
    log(tr("%1: %2").arg(peer, why));
    sendLine(fd, agentproto::errorMessage(why), 1000);
    // Close gently: closing with unread input would send a reset that can destroy the reply
    // before the client reads it.
    ::shutdown(fd, SHUT_WR);
    const auto deadline = Clock::now() + 500ms;
    char sink[4096];
    while (Clock::now() < deadline && !stopping.load()) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0)
            continue;
        if (::recv(fd, sink, sizeof sink, MSG_DONTWAIT) <= 0)
            break;
    }
}

} // namespace tcptune
