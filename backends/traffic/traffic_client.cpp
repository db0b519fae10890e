#include "traffic/traffic_client.h"

#include "traffic/direction_figures.h"
#include "traffic/run_sampler.h"
#include "traffic/run_state.h"

#include <QCoreApplication>
#include <QScopeGuard>

#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <utility>

namespace tcptune {
namespace {

using sock::Clock;
using namespace std::chrono_literals;

double since(Clock::time_point t0, Clock::time_point t)
{
    return std::chrono::duration<double>(t - t0).count();
}

Clock::time_point after(Clock::time_point t0, double seconds)
{
    return t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// The connections this client sends on: their TCP_INFO is the sample series.
std::vector<int> streamFds(const RunState &state)
{
    std::vector<int> fds;
    for (const StreamWorker &w : state.workers)
        if (!w.probe && !w.receives)
            fds.push_back(w.fd);
    return fds;
}

// Where the target's sending is recorded: the run's own series, or in direction both the down
// direction's (the run's own are then the up direction's).
struct DownSink {
    QList<TrafficSample> &samples;
    QList<ReceiverInterval> &intervals;
};

DownSink downSink(TrafficResult &r)
{
    if (r.directions.size() == 2)
        return {r.directions.back().samples, r.directions.back().receiverIntervals};
    return {r.samples, r.receiverIntervals};
}

// Direction down (and both's down half): this client receives. Each interval it records its
// goodput; the samples are the target's sender's, streamed while the run goes (or, from iperf3,
// which streams none, the receiver's throughput alone). Batches and progress through a LiveFeed,
// as RunSampler's.
class DownSeries final {
public:
    DownSeries(const TrafficSpec &spec, Clock::time_point t0, bool farSamples)
        : m_omitS(spec.omitS)
        , m_farSamples(farSamples)
        , m_feed(t0)
    {
    }
    LiveFeed &feed() { return m_feed; }
    void tick(double t, std::int64_t received, RunState &state, TrafficResult &r)
    {
        ReceiverInterval i;
        i.t = t;
        i.bytes = received - m_last;
        i.throughputBps = t > m_lastT ? double(i.bytes) * 8.0 / (t - m_lastT) : 0;
        i.omitted = t < m_omitS;
        m_last = received;
        m_lastT = t;
        const DownSink sink = downSink(r);
        sink.intervals.append(i);
        if (!i.omitted)
            m_feed.addThroughput(i.throughputBps);
        if (!m_farSamples) {
            TrafficSample s;
            s.t = t;
            s.omitted = i.omitted;
            s.throughputBps = i.throughputBps;
            s.rttMs = s.rttvarMs = -1;
            s.cwnd = s.unacked = -1;
            s.direction = Direction::Down;
            sink.samples.append(s);
            m_feed.addSample(s);
        }
        takeFarTicks(state, r);
    }
    void takeFarTicks(RunState &state, TrafficResult &r)
    {
        const DownSink sink = downSink(r);
        for (FarTick &tick : state.remote->takeFarTicks()) {
            for (TrafficSample &one : tick.streams) {
                one.direction = Direction::Down;
                if (one.stream >= 0 && one.stream < r.perStream.size())
                    r.perStream[one.stream].samples.append(one);
            }
            tick.aggregate.direction = Direction::Down;
            sink.samples.append(tick.aggregate);
            m_feed.addSample(tick.aggregate);
        }
    }

private:
    double m_omitS;
    bool m_farSamples;
    std::int64_t m_last = 0;
    double m_lastT = 0;
    LiveFeed m_feed;
};

// What the target reports it sent, into the streams it sent on; returns the bytes of them all.
qint64 takeFarSent(TrafficResult &r, const QList<FarSent> &sent)
{
    std::int64_t total = 0;
    for (const FarSent &f : sent) {
        if (f.stream < 0 || f.stream >= r.perStream.size())
            continue;
        StreamResult &s = r.perStream[f.stream];
        s.senderBytes = f.bytes;
        s.retrans = f.retrans;
        if (f.sndbuf > 0)
            s.sndbufActual = f.sndbuf;
        if (!f.congestionControl.isEmpty())
            s.congestionControl = f.congestionControl;
        total += f.bytes;
        if (!f.error.isEmpty() && r.error.isEmpty())
            r.error = TrafficClient::tr("The target's data connection %1 failed: %2.").arg(f.stream).arg(f.error);
    }
    return total;
}

// Direction down: this client counted what arrived, the target reports what it sent.
void addFarSenders(TrafficResult &r, const QList<FarSent> &sent, std::int64_t received)
{
    r.senderBytes = takeFarSent(r, sent);
    const StreamResult &first = r.perStream.front();
    r.sndbufActual = first.sndbufActual;
    r.congestionControl = first.congestionControl;
    r.receiverBytes = received;
    r.throughputBps = r.durationS > 0 ? double(received) * 8.0 / r.durationS : 0;
    r.senderThroughputBps = r.durationS > 0 ? double(r.senderBytes) * 8.0 / r.durationS : 0;
    r.rttMs = streamRtt(r); // the far senders' samples included
}

// What live views get: this host's sender's feed, the down series', or in direction both the
// two together (the samples say their direction; the progress is the sum).
class LiveFeeds final {
public:
    LiveFeeds(LiveFeed *up, LiveFeed *down)
        : m_up(up)
        , m_down(down)
    {
    }
    std::optional<double> takeProgress(Clock::time_point now)
    {
        std::optional<double> sum;
        for (LiveFeed *feed : {m_up, m_down})
            if (auto one = feed ? feed->takeProgress(now) : std::nullopt)
                sum = sum.value_or(0) + *one;
        return sum;
    }
    QList<TrafficSample> takeBatch(Clock::time_point now, bool force)
    {
        QList<TrafficSample> batch = m_up ? m_up->takeBatch(now, force) : QList<TrafficSample>{};
        if (m_down)
            batch.append(m_down->takeBatch(now, force));
        return batch;
    }

private:
    LiveFeed *m_up;
    LiveFeed *m_down;
};

// The latest probe transaction when one completed since the last call, else -1.
double newProbeRtt(RunState &state, std::int64_t &lastCount)
{
    const std::int64_t count = state.shared.probeCount.load();
    if (count == lastCount)
        return -1;
    lastCount = count;
    return double(state.shared.latestProbeUs.load()) / 1000.0;
}

// What the engine runs for ASKED: latency under load's idle phase is part of the omitted time
// (the figures leave it out), and it always has the TCP probe.
TrafficSpec engineSpecOf(const TrafficSpec &asked)
{
    TrafficSpec spec = asked;
    spec.omitS += asked.idlePhaseS();
    spec.latencyProbe = asked.probesLatency();
    return spec;
}

// Latency under load: the UDP prober's records and the TCP probe's transactions, by send time.
LatencyUnderLoad underLoadOf(const TrafficSpec &asked, const RunState &state)
{
    QList<ProbeSample> probes;
    if (state.udpProber)
        for (const UdpProbeRecord &r : state.udpProber->records())
            probes.append({ProbeSample::Kind::Udp, r.t, r.ms});
    for (const StreamWorker &w : state.workers)
        if (w.probe)
            for (const LatencyRecord &l : w.latencies)
                probes.append({ProbeSample::Kind::Tcp, std::max(0.0, l.t - l.ms / 1000), l.ms});
    return LatencyUnderLoad::of(probes, asked.idleS, asked.idleS + asked.omitS);
}

// Bulk: sends until WAKE (or, while HOLDING in an idle phase, waits); otherwise (the threads
// send) waits for the control socket until WAKE.
[[nodiscard]] Result<void> sendOrWait(RunState &state, Clock::time_point wake, bool holding)
{
    bool control = false;
    if (state.bulk && !holding) {
        control = state.bulk->sendUntil(wake) == BulkSender::Wake::Control;
    } else {
        const auto left =
            std::max<long long>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(wake - Clock::now()).count());
        const timespec timeout{time_t(left / 1'000'000'000), long(left % 1'000'000'000)};
        pollfd p{state.control(), POLLIN, 0};
        control = ::ppoll(&p, 1, &timeout, nullptr) > 0;
    }
    return control ? state.remote->peerEvent() : Result<void>{};
}

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

TrafficResult TrafficClient::run(const TrafficSpec &asked)
{
    m_cancel = false;
    const TrafficSpec spec = engineSpecOf(asked);
    TrafficResult r;
    r.spec = asked;
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
    if (auto valid = asked.validate(); !valid)
        return failed(valid.error().message);
    const bool receiving = spec.downStreams() > 0;
    // In direction both the run's own series is this host's sending; each direction's is apart.
    r.samplesFrom = spec.upStreams() > 0                     ? QStringLiteral("local sender")
                    : spec.target.kind != TargetKind::Iperf3 ? QStringLiteral("target sender")
                                                             : QStringLiteral("local receiver");
    r.directions = directionsFor(spec);
    RunState state;
    if (auto opened = openConnections(spec, state, r, m_socketMaker); !opened)
        return failed(opened.error().message);
    if (auto prepared = prepareBulk(spec, state); !prepared)
        return failed(prepared.error().message);
    Q_EMIT connected(r.localPorts);
    if (auto w = state.remote->waitRunning(); !w)
        return failed(w.error().message);

    state.shared.t0 = Clock::now(); // traffic starts now
    startThreads(spec, state);
    const RunEnd end = driveRun(spec, state, r);
    state.receivedAtEnd = state.received();
    state.stopWorkers();
    if (!state.omitDone)
        state.omitEndT = end.t;
    r.durationS = std::max(0.0, end.t - state.omitEndT);
    r.interrupted = !end.interruption.isEmpty();
    collectSenderFigures(state, r);
    if (asked.workload == Workload::Rrul)
        r.underLoad = underLoadOf(asked, state);
    if (r.interrupted) {
        state.stopReceivers();
        r.error = end.interruption + QLatin1Char(' ') +
                  tr("The %1 samples taken so far are kept; the run is marked interrupted.").arg(r.samples.size());
        r.throughputBps = r.senderThroughputBps; // the target's count is lost with the run
        if (receiving) {                         // ours is not
            const std::int64_t received = state.receivedAtEnd - state.receivedAtOmit;
            r.rttMs = streamRtt(r);
            r.throughputBps = r.durationS > 0 ? double(received) * 8.0 / r.durationS : 0;
            if (spec.upStreams() > 0) {
                r.throughputBps = r.senderThroughputBps;
                splitDirections(r, 0, received); // what the target sent is lost with the run
            }
        }
        if (!r.cancelled)
            Q_EMIT runFailed(r.error);
        return r;
    }
    collectReceiverFigures(spec, state, r);
    return r;
}

TrafficClient::RunEnd TrafficClient::driveRun(const TrafficSpec &spec, RunState &state, TrafficResult &r)
{
    const auto t0 = state.shared.t0;
    Q_EMIT trafficStarted();
    const double totalS = spec.omitS + spec.durationS;
    const auto endAt = after(t0, totalS);
    const auto omitAt = after(t0, spec.omitS);
    const auto loadAt = after(t0, spec.idlePhaseS()); // the streams hold back until then
    RunSampler sampler(spec, streamFds(state), t0);
    const auto logCost = qScopeGuard([&sampler] { sampler.logCost(); });
    const bool receiving = spec.downStreams() > 0;
    DownSeries down(spec, t0, state.remote->farSamples());
    LiveFeeds feed(spec.upStreams() > 0 ? &sampler.feed() : nullptr, receiving ? &down.feed() : nullptr);
    std::int64_t probeCount = 0;
    for (;;) {
        const auto now = Clock::now();
        const double t = since(t0, now);
        if (QString why = interruption(spec, state, r, t); !why.isEmpty())
            return {t, why};
        if (now >= omitAt)
            state.markOmitEnd(t);
        if (now >= sampler.nextSampleAt()) {
            if (receiving)
                down.tick(t, state.received(), state, r);
            sampler.sample(now, r, newProbeRtt(state, probeCount));
        }
        if (auto throughput = feed.takeProgress(now))
            Q_EMIT progress(t, totalS, *throughput);
        const bool over = now >= endAt;
        if (QList<TrafficSample> batch = feed.takeBatch(now, over); !batch.isEmpty())
            Q_EMIT samplesReady(batch);
        if (over)
            return {t, {}};
        // The next sample, the omit boundary or the end, and at least every 50 ms so that
        // cancel() is prompt even with long sampling intervals.
        auto wake = std::min({sampler.nextSampleAt(), endAt, now + 50ms});
        if (!state.omitDone)
            wake = std::min(wake, omitAt);
        if (now < loadAt)
            wake = std::min(wake, loadAt);
        if (auto peer = sendOrWait(state, wake, now < loadAt); !peer)
            return {since(t0, Clock::now()), peer.error().message};
    }
}

QString TrafficClient::interruption(const TrafficSpec &spec, const RunState &state, TrafficResult &r, double t) const
{
    if (m_cancel.load()) {
        r.cancelled = true;
        return tr("The run was cancelled after %1 s.").arg(t, 0, 'f', 1);
    }
    for (const StreamWorker &w : state.workers)
        if (w.failed.load())
            return tr("Data connection %1 to %2 failed after %3 s.")
                .arg(w.index)
                .arg(spec.target.toString())
                .arg(t, 0, 'f', 1);
    return {};
}

void TrafficClient::collectSenderFigures(const RunState &state, TrafficResult &r) const
{
    const auto atOmit = [](const std::vector<std::int64_t> &counts, int i) {
        return std::size_t(i) < counts.size() ? counts[std::size_t(i)] : 0;
    };
    QList<double> rtts;
    for (int i = 0; i < r.perStream.size(); ++i) {
        StreamResult &s = r.perStream[i];
        const StreamWorker &w = state.workers[std::size_t(i)];
        if (w.receives) {
            s.receiverBytes = w.bytesRead.load() - atOmit(state.writtenAtOmit, i);
            continue;
        }
        s.senderBytes = w.bytesWritten.load() - atOmit(state.writtenAtOmit, i);
        s.transactions = w.transactions.load() - atOmit(state.transactionsAtOmit, i);
        for (const TrafficSample &sample : s.samples) {
            if (sample.omitted)
                continue;
            s.retrans += sample.retrans;
            rtts.append(sample.rttMs);
        }
        r.senderBytes += s.senderBytes;
        if (w.failed.load() && r.error.isEmpty())
            r.error = tr("Data connection %1 failed: %2.").arg(i).arg(w.error);
    }
    r.rttMs = SummaryStats::of(rtts);
    r.senderThroughputBps = r.durationS > 0 ? double(r.senderBytes) * 8.0 / r.durationS : 0;
    if (state.bulk)
        r.sendCalls = state.bulk->counters();

    QList<double> latencies;
    QList<double> probeLatencies;
    for (const StreamWorker &w : state.workers) {
        for (const LatencyRecord &l : w.latencies) {
            if (l.t < state.omitEndT)
                continue;
            (w.probe ? probeLatencies : latencies).append(l.ms);
        }
    }
    r.transactionLatencyMs = SummaryStats::of(latencies);
    r.transactionsPerSecond = r.durationS > 0 ? double(latencies.size()) / r.durationS : 0;
    r.transactionLatenciesMs = latencies.mid(0, TrafficResult::kMaxKeptLatencies);
    r.probeLatencyMs = SummaryStats::of(probeLatencies);
}

void TrafficClient::collectReceiverFigures(const TrafficSpec &spec, RunState &state, TrafficResult &r)
{
    // Let the send queues drain so the receiver's count covers what was written.
    const auto drainDeadline = Clock::now() + 2s;
    for (const StreamWorker &w : state.workers) {
        while (!w.probe && !w.receives && sock::outq(w.fd) > 0 && Clock::now() < drainDeadline)
            std::this_thread::sleep_for(1ms);
    }
    if (state.bulk) {
        state.bulk->awaitCompletions(2s);
        r.sendCalls = state.bulk->counters();
    }
    if (state.remote->shutdownDataBeforeFinish())
        for (const StreamWorker &w : state.workers)
            ::shutdown(w.fd, SHUT_WR);

    LocalFigures local;
    local.durationS = r.durationS;
    local.congestionControl = r.congestionControl;
    const bool receiving = spec.downStreams() > 0;
    for (const StreamResult &s : r.perStream) {
        local.bytesPerStream.append(s.direction == Direction::Down ? s.receiverBytes : s.senderBytes);
        local.retransPerStream.append(s.retrans);
    }
    auto figures = state.remote->finish(local);
    state.stopReceivers(); // the target has stopped sending and answered
    if (!figures) {
        r.interrupted = true;
        r.error = figures.error().message;
        r.throughputBps = r.senderThroughputBps;
        Q_EMIT runFailed(r.error);
        return;
    }
    // The far end's counters in either direction: when it sends, they are the sender's.
    r.remoteCountersRead = figures->countersRead;
    r.remoteCounterDeltas = figures->counterDeltas;
    r.remoteCountersNote = figures->countersNote;
    r.remoteKnobsAfter = figures->knobsAfter;
    if (!figures->knobsNote.isEmpty())
        r.remoteKnobsNote = figures->knobsNote;
    const std::int64_t received = state.receivedAtEnd - state.receivedAtOmit;
    if (receiving)
        DownSeries(spec, state.shared.t0, state.remote->farSamples())
            .takeFarTicks(state, r); // the last ones came with the result
    if (receiving && spec.upStreams() == 0)
        return addFarSenders(r, figures->sent, received);
    takeTargetReceiver(spec, *figures, r);
    if (receiving)
        splitDirections(r, takeFarSent(r, figures->sent), received);
}

// What the target received on the connections this host sent on: its intervals and byte counts.
void TrafficClient::takeTargetReceiver(const TrafficSpec &spec, const RemoteFigures &figures, TrafficResult &r)
{
    r.receiverIntervals = figures.intervals;
    for (int i = 0; i < spec.upStreams() && i < figures.bytesPerStream.size(); ++i)
        r.perStream[i].receiverBytes = figures.bytesPerStream[i];
    if (figures.receiverBytes < 0) {
        r.receiverBytes = r.senderBytes;
        r.throughputBps = r.senderThroughputBps;
        return;
    }
    r.receiverBytes = figures.receiverBytes;
    // The agent times its own bytes; an iperf3 server's omit timer is its own, so use ours then.
    const bool ownTimer = spec.target.kind != TargetKind::Iperf3 || spec.omitS <= 0;
    const double receiverDuration = ownTimer && figures.durationS > 0 ? figures.durationS : r.durationS;
    r.throughputBps = receiverDuration > 0 ? double(r.receiverBytes) * 8.0 / receiverDuration : 0;
}

} // namespace tcptune
