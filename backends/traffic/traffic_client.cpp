#include "traffic/traffic_client.h"

#include "common/proc_sys.h"
#include "traffic/remote_session.h"
#include "traffic/socket_util.h"
#include "traffic/stream_workers.h"
#include "traffic/tcp_info_sampler.h"

#include <QCoreApplication>

#include <cmath>
#include <deque>
#include <memory>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>

namespace tcptune {
namespace {

using sock::Clock;

std::int64_t globalLimit(const char *key)
{
    auto value = procsys::read(procsys::pathForKey(QString::fromLatin1(key)));
    return value ? value->trimmed().toLongLong() : -1;
}

double since(Clock::time_point t0, Clock::time_point t)
{
    return std::chrono::duration<double>(t - t0).count();
}

// Everything one run owns; torn down (threads joined, sockets closed) on every exit path.
struct RunState {
    std::vector<sock::Fd> fds; // [0] control, then streams, then the probe
    std::deque<StreamWorker> workers;
    WorkerShared shared;
    std::vector<std::thread> threads;

    ~RunState() { stopWorkers(); }
    void stopWorkers()
    {
        shared.stop = true;
        for (std::thread &t : threads)
            if (t.joinable())
                t.join();
        threads.clear();
    }
};

} // namespace

TrafficClient::TrafficClient(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<tcptune::TrafficSample>();
    qRegisterMetaType<QList<tcptune::TrafficSample>>();
}

TrafficClient::~TrafficClient() = default;

void TrafficClient::cancel()
{
    m_cancel.store(true);
}

bool TrafficClient::isCancelled() const
{
    return m_cancel.load();
}

TrafficResult TrafficClient::run(const TrafficSpec &spec)
{
    m_cancel = false;
    TrafficResult r;
    r.spec = spec;
    r.target = spec.target.toString();
    r.remotePort = spec.target.port;
    r.startedAt = QDateTime::currentDateTimeUtc();
    r.streams = spec.streams;
    r.sndbufRequested = spec.sndbuf;
    r.rcvbufRequested = spec.rcvbuf;
    auto failed = [&](const QString &message) {
        r.error = message;
        Q_EMIT runFailed(message);
        return r;
    };
    if (auto valid = spec.validate(); !valid)
        return failed(valid.error().message);

    const QString where = spec.target.toString();
    auto address = sock::resolve(spec.target.host, spec.target.port);
    if (!address)
        return failed(address.error().message);

    RunState state;
    const int socketCount = 1 + spec.streams + (spec.latencyProbe ? 1 : 0);
    auto created = sock::createTcpSockets(address->family(), socketCount, spec.clientNetns);
    if (!created)
        return failed(created.error().message);
    for (int fd : *created)
        state.fds.emplace_back(fd);

    const int control = state.fds[0].get();
    if (auto c = sock::connectWithTimeout(control, *address, spec.connectTimeoutMs, where); !c)
        return failed(c.error().message);
    r.controlLocalPort = sock::localPort(control);

    std::unique_ptr<RemoteSession> remote = RemoteSession::create(spec);
    if (auto o = remote->open(control); !o)
        return failed(o.error().message);
    r.remoteKnobs = remote->knobs();
    r.remoteKnobsNote = remote->knobsNote();
    r.remoteVersion = remote->version();

    // Data connections: options before connect (buffer sizes shape the window scale).
    for (int i = 0; i < spec.streams; ++i) {
        const int fd = state.fds[std::size_t(1 + i)].get();
        if (auto o = sock::applySenderOptions(fd, spec); !o)
            return failed(o.error().message);
        if (auto c = sock::connectWithTimeout(fd, *address, spec.connectTimeoutMs, where); !c)
            return failed(c.error().message);
        if (auto h = sock::sendAll(fd, remote->dataHello(i), Clock::now() + std::chrono::seconds(5)); !h)
            return failed(tr("The target %1 dropped data connection %2: %3.").arg(where).arg(i).arg(h.error().message));
        StreamWorker &w = state.workers.emplace_back();
        w.index = i;
        w.fd = fd;
        StreamResult s;
        s.index = i;
        s.localPort = sock::localPort(fd);
        s.sndbufActual = sock::intOption(fd, SOL_SOCKET, SO_SNDBUF);
        s.rcvbufActual = sock::intOption(fd, SOL_SOCKET, SO_RCVBUF);
        s.congestionControl = sock::congestionControlOf(fd);
        r.perStream.append(s);
        r.localPorts.append(s.localPort);
    }
    if (spec.latencyProbe) {
        const int fd = state.fds.back().get();
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (auto c = sock::connectWithTimeout(fd, *address, spec.connectTimeoutMs, where); !c)
            return failed(c.error().message);
        if (auto h = sock::sendAll(fd, remote->probeHello(), Clock::now() + std::chrono::seconds(5)); !h)
            return failed(tr("The target %1 dropped the latency probe connection: %2.").arg(where, h.error().message));
        StreamWorker &w = state.workers.emplace_back();
        w.index = spec.streams;
        w.fd = fd;
        w.probe = true;
        r.probeLocalPort = sock::localPort(fd);
    }
    const StreamResult &first = r.perStream.front();
    r.sndbufActual = first.sndbufActual;
    r.rcvbufActual = first.rcvbufActual;
    r.congestionControl = first.congestionControl;
    if (spec.sndbuf > 0) {
        const std::int64_t wmemMax = globalLimit("net.core.wmem_max");
        r.sndbufCapped = wmemMax > 0 && spec.sndbuf > wmemMax;
    }
    if (spec.rcvbuf > 0) {
        const std::int64_t rmemMax = globalLimit("net.core.rmem_max");
        r.rcvbufCapped = rmemMax > 0 && spec.rcvbuf > rmemMax;
    }
    Q_EMIT connected(r.localPorts);

    if (auto w = remote->waitRunning(); !w)
        return failed(w.error().message);

    // Traffic starts now.
    state.shared.t0 = Clock::now();
    const auto t0 = state.shared.t0;
    std::vector<StreamSampler> samplers;
    for (int i = 0; i < spec.streams; ++i) {
        samplers.emplace_back(i);
        TcpInfoReading reading;
        if (readTcpInfo(state.workers[std::size_t(i)].fd, 0, reading))
            samplers.back().prime(reading);
    }
    // Bulk on several streams: one epoll thread; otherwise (and for the probe) a thread each.
    // TCPTUNE_THREAD_PER_STREAM=1 forces threads, for the benchmark that compares the two.
    const bool multiplex = spec.workload == Workload::Bulk && spec.streams > 1 &&
                           qEnvironmentVariableIntValue("TCPTUNE_THREAD_PER_STREAM") == 0;
    std::vector<StreamWorker *> bulk;
    for (StreamWorker &w : state.workers) {
        if (multiplex && !w.probe)
            bulk.push_back(&w);
        else
            state.threads.emplace_back([&spec, &w, &state] { runStreamWorker(spec, w, state.shared); });
    }
    if (!bulk.empty())
        state.threads.emplace_back([&spec, bulk, &state] { runBulkMultiplexed(spec, bulk, state.shared); });

    const auto interval = std::chrono::milliseconds(spec.sampleIntervalMs);
    const double totalS = spec.omitS + spec.durationS;
    auto next = t0 + interval;
    bool omitDone = spec.omitS <= 0;
    double omitEndT = 0;
    std::vector<std::int64_t> writtenAtOmit(std::size_t(spec.streams), 0);
    std::vector<std::int64_t> transactionsAtOmit(std::size_t(spec.streams), 0);
    std::int64_t lastProbeCount = 0;
    QList<TrafficSample> batch;
    auto lastEmit = t0;
    auto lastProgress = t0;
    double progressSum = 0;
    int progressN = 0;
    QString interruption;
    double endT = 0;
    auto markOmitEnd = [&](double t) {
        if (omitDone)
            return;
        omitDone = true;
        omitEndT = t;
        for (int i = 0; i < spec.streams; ++i) {
            writtenAtOmit[std::size_t(i)] = state.workers[std::size_t(i)].bytesWritten.load();
            transactionsAtOmit[std::size_t(i)] = state.workers[std::size_t(i)].transactions.load();
        }
    };

    const auto endAt = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(totalS));
    const auto omitAt = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(spec.omitS));
    for (;;) {
        const auto now = Clock::now();
        const double t = since(t0, now);
        if (m_cancel.load()) {
            r.cancelled = true;
            interruption = tr("The run was cancelled after %1 s.").arg(t, 0, 'f', 1);
            endT = t;
            break;
        }
        for (const StreamWorker &w : state.workers)
            if (w.failed.load() && interruption.isEmpty())
                interruption =
                    tr("Data connection %1 to %2 failed after %3 s.").arg(w.index).arg(where).arg(t, 0, 'f', 1);
        if (!interruption.isEmpty()) {
            endT = t;
            break;
        }
        if (t >= spec.omitS)
            markOmitEnd(t);
        if (now - lastProgress >= std::chrono::milliseconds(250)) {
            Q_EMIT progress(t, totalS, progressN > 0 ? progressSum / progressN : 0);
            progressSum = 0;
            progressN = 0;
            lastProgress = now;
        }
        const bool over = now >= endAt;
        const bool due = now >= next;
        if (!due && !over) {
            // Wake for the next sample, the omit boundary or the end, and at least every 50 ms so
            // cancel() is prompt even with long sampling intervals.
            auto wake = std::min({next, endAt, now + std::chrono::milliseconds(50)});
            if (!omitDone)
                wake = std::min(wake, omitAt);
            const int waitMs =
                int((std::chrono::duration_cast<std::chrono::microseconds>(wake - now).count() + 999) / 1000);
            pollfd p{control, POLLIN, 0};
            if (::poll(&p, 1, std::max(1, waitMs)) > 0) {
                if (auto e = remote->peerEvent(); !e) {
                    interruption = e.error().message;
                    endT = since(t0, Clock::now());
                    break;
                }
            }
            continue;
        }
        if (due) {
            // One sample per stream, then the aggregate.
            QList<TrafficSample> perStream;
            for (int i = 0; i < spec.streams; ++i) {
                TcpInfoReading reading;
                TrafficSample s;
                if (readTcpInfo(state.workers[std::size_t(i)].fd, t, reading) &&
                    samplers[std::size_t(i)].next(reading, s)) {
                    s.omitted = t < spec.omitS;
                    perStream.append(s);
                }
            }
            if (!perStream.isEmpty()) {
                TrafficSample a = aggregateSamples(perStream);
                const std::int64_t probes = state.shared.probeCount.load();
                if (probes != lastProbeCount) {
                    a.probeRttMs = double(state.shared.latestProbeUs.load()) / 1000.0;
                    lastProbeCount = probes;
                }
                for (const TrafficSample &one : perStream)
                    r.perStream[one.stream].samples.append(one);
                r.samples.append(a);
                batch.append(a);
                if (!a.omitted) {
                    progressSum += a.throughputBps;
                    ++progressN;
                }
            }
            next += interval;
            if (next < now)
                next = now + interval;
        }
        if (!batch.isEmpty() && (now - lastEmit >= std::chrono::milliseconds(100) || over)) {
            Q_EMIT samplesReady(batch);
            batch.clear();
            lastEmit = now;
        }
        if (over) {
            endT = t;
            break;
        }
    }
    if (!batch.isEmpty())
        Q_EMIT samplesReady(batch);

    state.stopWorkers();
    if (!omitDone)
        omitEndT = endT;
    r.durationS = std::max(0.0, endT - omitEndT);
    r.interrupted = !interruption.isEmpty();

    // Sender figures.
    LocalFigures local;
    local.durationS = r.durationS;
    local.congestionControl = r.congestionControl;
    QList<double> rtts;
    for (int i = 0; i < spec.streams; ++i) {
        StreamResult &s = r.perStream[i];
        const StreamWorker &w = state.workers[std::size_t(i)];
        s.senderBytes = w.bytesWritten.load() - writtenAtOmit[std::size_t(i)];
        s.transactions = w.transactions.load() - transactionsAtOmit[std::size_t(i)];
        for (const TrafficSample &sample : s.samples) {
            if (sample.omitted)
                continue;
            s.retrans += sample.retrans;
            rtts.append(sample.rttMs);
        }
        r.senderBytes += s.senderBytes;
        local.bytesPerStream.append(s.senderBytes);
        local.retransPerStream.append(s.retrans);
        if (w.failed.load() && r.error.isEmpty())
            r.error = tr("Data connection %1 failed: %2.").arg(i).arg(w.error);
    }
    r.rttMs = SummaryStats::of(rtts);
    r.senderThroughputBps = r.durationS > 0 ? double(r.senderBytes) * 8.0 / r.durationS : 0;

    QList<double> latencies;
    QList<double> probeLatencies;
    for (const StreamWorker &w : state.workers) {
        for (const LatencyRecord &l : w.latencies) {
            if (l.t < omitEndT)
                continue;
            (w.probe ? probeLatencies : latencies).append(l.ms);
        }
    }
    r.transactionLatencyMs = SummaryStats::of(latencies);
    r.transactionsPerSecond = r.durationS > 0 ? double(latencies.size()) / r.durationS : 0;
    r.transactionLatenciesMs = latencies.mid(0, TrafficResult::kMaxKeptLatencies);
    r.probeLatencyMs = SummaryStats::of(probeLatencies);

    if (r.interrupted) {
        r.error = interruption + QLatin1Char(' ') +
                  tr("The %1 samples taken so far are kept; the run is marked interrupted.").arg(r.samples.size());
        r.throughputBps = r.senderThroughputBps; // the target's count is lost with the run
        if (!r.cancelled)
            Q_EMIT runFailed(r.error);
        return r;
    }

    // Let the send queues drain so the receiver's count covers what was written.
    const auto drainDeadline = Clock::now() + std::chrono::seconds(2);
    for (const StreamWorker &w : state.workers) {
        while (!w.probe && sock::outq(w.fd) > 0 && Clock::now() < drainDeadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (remote->shutdownDataBeforeFinish())
        for (const StreamWorker &w : state.workers)
            ::shutdown(w.fd, SHUT_WR);

    auto figures = remote->finish(local);
    if (!figures) {
        r.interrupted = true;
        r.error = figures.error().message;
        r.throughputBps = r.senderThroughputBps;
        Q_EMIT runFailed(r.error);
        return r;
    }
    r.receiverIntervals = figures->intervals;
    for (int i = 0; i < spec.streams && i < figures->bytesPerStream.size(); ++i)
        r.perStream[i].receiverBytes = figures->bytesPerStream[i];
    if (figures->receiverBytes >= 0) {
        r.receiverBytes = figures->receiverBytes;
        // The agent times its own bytes; an iperf3 server's omit timer is its own, so use ours then.
        const double receiverDuration =
            (spec.target.kind == TargetKind::Agent || spec.omitS <= 0) && figures->durationS > 0 ? figures->durationS
                                                                                                 : r.durationS;
        r.throughputBps = receiverDuration > 0 ? double(r.receiverBytes) * 8.0 / receiverDuration : 0;
    } else {
        r.receiverBytes = r.senderBytes;
        r.throughputBps = r.senderThroughputBps;
    }
    return r;
}

} // namespace tcptune
