#include "traffic/run_state.h"

#include "traffic/workload_registry.h"

#include "common/proc_sys.h"
#include "traffic/traffic_client.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace tcptune {
namespace {

using sock::Clock;

std::int64_t globalLimit(const char *key)
{
    auto value = procsys::read(procsys::pathForKey(QString::fromLatin1(key)));
    return value ? value->trimmed().toLongLong() : -1;
}

void noteRemote(RunState &state, TrafficResult &r)
{
    r.remoteKnobs = state.remote->knobs();
    r.remoteKnobsNote = state.remote->knobsNote();
    r.remoteVersion = state.remote->version();
}

[[nodiscard]] Result<void> openControl(const TrafficSpec &spec, const sock::Address &address, RunState &state,
                                       TrafficResult &r)
{
    const int control = state.control();
    if (auto c = sock::connectWithTimeout(control, address, spec.connectTimeoutMs, spec.target.toString()); !c)
        return c;
    r.controlLocalPort = sock::localPort(control);
    state.remote = RemoteSession::create(spec);
    if (auto o = state.remote->open(control); !o)
        return o;
    noteRemote(state, r);
    return {};
}

// ssh targets: the control channel is ssh's pipe (a copy of its socket stands as fds[0]); the
// agent says where the data connections go.
[[nodiscard]] Result<sock::Address> openSshControl(const TrafficSpec &spec, RunState &state, TrafficResult &r)
{
    auto channel = SshChannel::start(spec);
    if (!channel)
        return std::unexpected(channel.error());
    state.ssh = std::move(*channel);
    state.fds.emplace_back(::fcntl(state.ssh->socket(), F_DUPFD_CLOEXEC, 3));
    state.remote = RemoteSession::create(spec);
    if (auto o = state.remote->open(state.control()); !o) {
        const QString why = state.ssh->failure(3000); // when ssh itself failed, its reason is the one
        return fail(why.isEmpty() ? o.error().message : why);
    }
    noteRemote(state, r);
    return sock::resolve(state.remote->dataHost(), state.remote->dataPort());
}

// Data connection I: options before connect (buffer sizes shape the window scale), then the hello.
[[nodiscard]] Result<void> openStream(const TrafficSpec &spec, const sock::Address &address, int i, RunState &state,
                                      TrafficResult &r)
{
    const QString where = spec.target.toString();
    const int fd = state.fds[std::size_t(1 + i)].get();
    const bool receives = i >= spec.upStreams();
    if (auto o = receives ? sock::applyReceiverOptions(fd, spec) : sock::applySenderOptions(fd, spec); !o)
        return o;
    if (auto c = sock::connectWithTimeout(fd, address, spec.connectTimeoutMs, where); !c)
        return c;
    if (auto h = sock::sendAll(fd, state.remote->dataHello(i), Clock::now() + std::chrono::seconds(5)); !h)
        return fail(TrafficClient::tr("The target %1 dropped data connection %2: %3.")
                        .arg(where)
                        .arg(i)
                        .arg(h.error().message));
    StreamWorker &w = state.workers.emplace_back();
    w.index = i;
    w.fd = fd;
    w.receives = receives;
    StreamResult s;
    s.index = i;
    s.direction = receives ? Direction::Down : Direction::Up;
    s.localPort = sock::localPort(fd);
    s.sndbufActual = sock::intOption(fd, SOL_SOCKET, SO_SNDBUF);
    s.rcvbufActual = sock::intOption(fd, SOL_SOCKET, SO_RCVBUF);
    s.congestionControl = sock::congestionControlOf(fd);
    r.perStream.append(s);
    r.localPorts.append(s.localPort);
    return {};
}

[[nodiscard]] Result<void> openProbe(const TrafficSpec &spec, const sock::Address &address, RunState &state,
                                     TrafficResult &r)
{
    const QString where = spec.target.toString();
    const int fd = state.fds.back().get();
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (auto c = sock::connectWithTimeout(fd, address, spec.connectTimeoutMs, where); !c)
        return c;
    if (auto h = sock::sendAll(fd, state.remote->probeHello(), Clock::now() + std::chrono::seconds(5)); !h)
        return fail(
            TrafficClient::tr("The target %1 dropped the latency probe connection: %2.").arg(where, h.error().message));
    StreamWorker &w = state.workers.emplace_back();
    w.index = spec.upStreams() + spec.downStreams();
    w.fd = fd;
    w.probe = true;
    r.probeLocalPort = sock::localPort(fd);
    return {};
}

// Stream 0's buffers and algorithm stand for the run; requests above the kernel's caps are flagged.
void noteBuffers(const TrafficSpec &spec, TrafficResult &r)
{
    const StreamResult &first = r.perStream.front();
    r.sndbufActual = first.sndbufActual;
    r.rcvbufActual = first.rcvbufActual;
    r.congestionControl = first.congestionControl;
    if (spec.sndbuf > 0 && spec.upStreams() > 0) { // the target's own limit applies to its sending
        const std::int64_t wmemMax = globalLimit("net.core.wmem_max");
        r.sndbufCapped = wmemMax > 0 && spec.sndbuf > wmemMax;
    }
    if (spec.rcvbuf > 0) {
        const std::int64_t rmemMax = globalLimit("net.core.rmem_max");
        r.rcvbufCapped = rmemMax > 0 && spec.rcvbuf > rmemMax;
    }
}

// Latency under load: a UDP socket beside the data connections, to the same address and port
// (the agent answers probes there), signed with the session's key.
[[nodiscard]] Result<void> openUdpProbe(const TrafficSpec &spec, const sock::Address &address, RunState &state,
                                        const netns::SocketMaker &socketMaker)
{
    auto [session, secret] = state.remote->udpProbeKey();
    if (session.isEmpty())
        return fail(TrafficClient::tr("%1 answers no UDP latency probe; run latency under load against "
                                      "`tcptune serve`.")
                        .arg(spec.target.toString()));
    auto fd = sock::createUdpSocket(address.family(), spec.clientNetns, socketMaker);
    if (!fd)
        return std::unexpected(fd.error());
    if (::connect(fd->get(), reinterpret_cast<const sockaddr *>(&address.storage), address.length) != 0)
        return fail(TrafficClient::tr("Cannot send UDP latency probes to %1: %2.")
                        .arg(spec.target.toString(), sock::errnoText(errno)));
    state.udpProber = std::make_unique<UdpProber>(std::move(*fd), session, secret);
    return {};
}

} // namespace

void RunState::stopWorkers()
{
    shared.stop = true;
    for (std::thread &t : threads)
        if (t.joinable())
            t.join();
    threads.clear();
}

void RunState::stopReceivers()
{
    receiveShared.stop = true;
    if (receiverThread.joinable())
        receiverThread.join();
}

std::int64_t RunState::received() const
{
    std::int64_t sum = 0;
    for (const StreamWorker &w : workers)
        if (w.receives)
            sum += w.bytesRead.load(std::memory_order_relaxed);
    return sum;
}

void RunState::markOmitEnd(double t)
{
    if (omitDone)
        return;
    omitDone = true;
    omitEndT = t;
    for (const StreamWorker &w : workers) {
        if (w.probe)
            continue;
        writtenAtOmit.push_back(w.receives ? w.bytesRead.load() : w.bytesWritten.load());
        transactionsAtOmit.push_back(w.transactions.load());
    }
    receivedAtOmit = received();
}

Result<void> openConnections(const TrafficSpec &spec, RunState &state, TrafficResult &r,
                             const netns::SocketMaker &socketMaker)
{
    const int connections = spec.upStreams() + spec.downStreams();
    const bool ssh = spec.target.kind == TargetKind::Ssh;
    auto address = ssh ? openSshControl(spec, state, r) : sock::resolve(spec.target.host, spec.target.port);
    if (!address)
        return std::unexpected(address.error());
    const int socketCount = (ssh ? 0 : 1) + connections + (spec.latencyProbe ? 1 : 0);
    auto created =
        sock::createTcpSockets(address->family(), socketCount, spec.clientNetns, socketMaker, spec.congestionControl);
    if (!created)
        return std::unexpected(created.error());
    for (int fd : *created)
        state.fds.emplace_back(fd);
    if (!ssh)
        if (auto c = openControl(spec, *address, state, r); !c)
            return c;
    for (int i = 0; i < connections; ++i)
        if (auto s = openStream(spec, *address, i, state, r); !s)
            return s;
    if (spec.latencyProbe)
        if (auto p = openProbe(spec, *address, state, r); !p)
            return p;
    if (spec.workload == Workload::Rrul)
        if (auto u = openUdpProbe(spec, *address, state, socketMaker); !u)
            return u;
    noteBuffers(spec, r);
    return {};
}

Result<void> prepareBulk(const TrafficSpec &spec, RunState &state)
{
    std::vector<StreamWorker *> bulk;
    for (StreamWorker &w : state.workers)
        if (workloadDescriptor(spec.workload).stream && !w.probe && !w.receives)
            bulk.push_back(&w);
    if (bulk.empty())
        return {};
    auto sender = BulkSender::create(spec, bulk, state.control());
    if (!sender)
        return std::unexpected(sender.error());
    state.bulk = std::move(*sender);
    return {};
}

namespace {

// The connections the target sends on, read on one thread. A receive buffer the spec fixes is
// the experiment's window: read at once, unbatched (as the agent does).
void startReceiver(const TrafficSpec &spec, RunState &state)
{
    if (spec.downStreams() == 0)
        return;
    state.receiver = std::make_unique<BulkReceiver>(spec.downStreams(), spec.rcvbuf <= 0);
    if (auto valid = state.receiver->valid(); !valid) {
        for (StreamWorker &w : state.workers)
            if (w.receives) {
                w.error = valid.error().message;
                w.failed = true;
            }
        return;
    }
    for (StreamWorker &w : state.workers)
        if (w.receives)
            state.receiver->add(w.fd, w.bytesRead, [&w, &state](int error) {
                if (!state.receiveShared.stop.load())
                    markFailed(w, error);
            });
    state.receiverThread = std::thread([&state] { state.receiver->run(state.receiveShared.stop, 200); });
}

} // namespace

void startThreads(const TrafficSpec &spec, RunState &state)
{
    for (StreamWorker &w : state.workers)
        if (!w.receives && (!workloadDescriptor(spec.workload).stream || w.probe))
            state.threads.emplace_back([&spec, &w, &state] { runStreamWorker(spec, w, state.shared); });
    startReceiver(spec, state);
    if (state.udpProber)
        state.threads.emplace_back([&state] { state.udpProber->run(state.shared); });
}

} // namespace tcptune
