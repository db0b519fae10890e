// AgentServer's data connections: bulk receiving, answering requests, the agent's own sending
// and the samples of it that go to the client.
#include "traffic/agent_server_impl.h"

#include "common/page_buffer.h"
#include "traffic/run_memory.h"

#include <algorithm>
#include <cerrno>
#include <sys/socket.h>

namespace tcptune {

using namespace std::chrono_literals;

namespace {

constexpr std::size_t kDataBuffer = kAgentDataBuffer; // per data thread; responses go out in chunks of it

} // namespace

// STREAM is -1 for the latency probe. EARLY: bytes that arrived with the hello line.
void AgentServer::Impl::runData(sock::Fd fd, const std::shared_ptr<Session> &session, int stream,
                                const QByteArray &early)
{
    setBlocking(fd.get());
    track(fd.get(), true);
    const bool probe = stream < 0;
    if (!probe && stream >= session->params.upStreams()) {
        runSending(*session, fd.get(), stream - session->params.upStreams());
        track(fd.get(), false);
        return;
    }
    if (session->params.rcvbuf > 0) {
        const int v = int(session->params.rcvbuf);
        ::setsockopt(fd.get(), SOL_SOCKET, SO_RCVBUF, &v, sizeof v);
    }
    session->activeData.fetch_add(1);
    session->notify();
    sock::setTimeouts(fd.get(), kPollSliceMs, kPollSliceMs);

    // The probe's figures are not the run's: it counts into counters nobody reads.
    std::atomic<std::int64_t> probeBytes{0};
    std::atomic<std::int64_t> probeTransactions{0};
    const DataStream data =
        probe ? DataStream{probeBytes, probeTransactions, agentproto::kProbeMessageSize, agentproto::kProbeMessageSize,
                           true}
              : DataStream{session->bytes[std::size_t(stream)], session->transactions[std::size_t(stream)],
                           session->params.requestBytes, session->params.responseBytes, false};
    if (!early.isEmpty() && !probe)
        countArrived(*session, data.bytes, early.size());
    if (!probe && data.request == 0 && session->receiver)
        receiveBulk(*session, fd.get(), data.bytes);
    else
        answerRequests(fd.get(), *session, data, early);
    track(fd.get(), false);
    session->activeData.fetch_sub(1);
    session->notify();
}

void AgentServer::Impl::countArrived(Session &session, std::atomic<std::int64_t> &bytes, std::int64_t n)
{
    bytes.fetch_add(n, std::memory_order_relaxed);
    session.lastByteNs.store(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - session.start).count(),
                             std::memory_order_relaxed);
}

// Reads DATA's requests and answers each whole one; with no requests (a bulk stream this thread
// receives itself) it only counts what arrives. Ends when the peer closes, the connection fails or
// the run stops.
void AgentServer::Impl::answerRequests(int fd, Session &session, const DataStream &data, const QByteArray &early)
{
    const std::int64_t request = data.request;
    PageBuffer buffer(kDataBuffer);
    // Answers of any size go out in buffer-sized chunks.
    auto answer = [&] {
        const auto deadline = Clock::now() + 10s;
        for (std::int64_t left = data.response; left > 0;) {
            const std::size_t chunk = std::size_t(std::min<std::int64_t>(left, std::int64_t(buffer.size())));
            if (!sock::sendAll(fd, buffer.data(), chunk, deadline))
                return false;
            left -= std::int64_t(chunk);
        }
        return true;
    };
    // Whole requests that arrived with the hello line are answered first (a request of exactly
    // the early bytes would otherwise leave nothing to wait for).
    bool alive = true;
    std::int64_t pending = request;
    if (request > 0) {
        for (std::int64_t i = 0; alive && i < std::int64_t(early.size()) / request; ++i) {
            alive = answer();
            data.transactions.fetch_add(1, std::memory_order_relaxed);
        }
        pending = request - std::int64_t(early.size()) % request;
    }
    while (alive && !stopping.load() && !session.abort.load()) {
        const std::size_t want =
            request > 0 ? std::size_t(std::min<std::int64_t>(pending, std::int64_t(buffer.size()))) : buffer.size();
        const ssize_t n = ::recv(fd, buffer.data(), want, 0);
        if (n > 0) {
            if (!data.probe || request == 0)
                countArrived(session, data.bytes, n);
            if (request > 0) {
                pending -= n;
                if (pending == 0) {
                    alive = answer();
                    data.transactions.fetch_add(1, std::memory_order_relaxed);
                    pending = request;
                }
            }
            continue;
        }
        if (n == 0)
            break;
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            continue;
        alive = false;
    }
}

// The first data connection's thread receives every stream of the run; the others keep their
// connections open (their threads own them) and sleep until it is done.
void AgentServer::Impl::receiveBulk(Session &session, int fd, std::atomic<std::int64_t> &bytes)
{
    BulkReceiver &receiver = *session.receiver;
    receiver.add(fd, bytes);
    if (receiver.claim()) {
        if (auto valid = receiver.valid(); !valid) {
            log(tr("%1: run %2 cannot receive: %3").arg(session.peer, session.id, valid.error().message));
            session.abort = true;
        } else {
            // stop() shuts every connection down, which ends the streams; abort ends the rest.
            receiver.run(session.abort, kPollSliceMs);
        }
        session.notify();
        return;
    }
    std::unique_lock lock(session.mutex);
    while (!receiver.done() && !session.abort.load() && !stopping.load())
        session.changed.wait_for(lock, std::chrono::milliseconds(kPollSliceMs));
}

// A connection the agent sends on (direction down).
void AgentServer::Impl::runSending(Session &session, int fd, int index)
{
    session.sending->attach(index, fd);
    session.activeData.fetch_add(1);
    session.notify();
    session.sending->serve(index, session.abort);
    session.activeData.fetch_sub(1);
    session.notify();
}

// Samples of the agent's sending sockets go to the client while the run goes, in batches of
// about 100 ms so the control connection carries a few lines a second. lastSent reset to the
// epoch makes a line of what is pending. The lines are written without waiting: on a path whose
// queue drops most packets the control connection may take seconds to move a line, and a line cut
// off by a send timeout would corrupt every line after it. So whole lines wait in OUTGOING, and
// past kMaxQueuedSamples a batch is dropped (the live view misses it, the run goes on).
void AgentServer::Impl::streamSamples(int fd, Session &session, SampleStream &stream)
{
    constexpr qsizetype kMaxQueuedSamples = 256 * 1024;
    const auto now = Clock::now();
    if (const QJsonObject tick = session.sending->sampleIfDue(now); !tick.isEmpty())
        stream.pending.append(tick);
    if (!stream.pending.isEmpty() && now - stream.lastSent >= 100ms) {
        const QByteArray line =
            agentproto::encode({{key("type"), QStringLiteral("samples")}, {key("ticks"), stream.pending}});
        if (stream.outgoing.size() + line.size() <= kMaxQueuedSamples)
            stream.outgoing += line;
        else
            ++stream.droppedBatches;
        stream.pending = QJsonArray();
        stream.lastSent = now;
    }
    while (!stream.outgoing.isEmpty()) {
        const ssize_t n =
            ::send(fd, stream.outgoing.constData(), std::size_t(stream.outgoing.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n <= 0)
            return; // full (or failing: the next read of the connection says so)
        stream.outgoing.remove(0, n);
    }
}

// Before the result: the line the socket has begun to take is finished (a cut line would spoil
// the result after it); the whole lines still waiting behind it are dropped, since a control
// connection that slow would hold the result back for their sake.
void AgentServer::Impl::finishSamples(int fd, SampleStream &stream)
{
    const qsizetype firstEnd = stream.outgoing.indexOf('\n');
    if (firstEnd >= 0 && firstEnd + 1 < stream.outgoing.size()) {
        stream.droppedBatches += int(stream.outgoing.count('\n')) - 1;
        stream.outgoing.truncate(firstEnd + 1);
    }
    (void)sock::sendAll(fd, stream.outgoing, Clock::now() + 30s);
    stream.outgoing.clear();
}

} // namespace tcptune
