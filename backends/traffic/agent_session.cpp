// AgentServer's sessions: a run opened from its "start", and its control connection (ready,
// begin, the measured intervals, the result).
#include "traffic/agent_server_impl.h"

#include "common/log_text.h"
#include "knobs/knob_snapshot_json.h"
#include "traffic/agent_auth.h"

#include <QScopeGuard>

#include <algorithm>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <utility>

namespace tcptune {

using namespace std::chrono_literals;

namespace {

double secondsSince(Clock::time_point start, Clock::time_point now)
{
    return std::chrono::duration<double>(now - start).count();
}

constexpr int kDrainTimeoutMs = 10000;

// One sampling tick of the receiver's series: the bytes since the last tick, and the omit mark
// once the omit window has passed.
void tickSeries(const Session &session, IntervalLog &intervals, OmitMark &omit, Clock::time_point now)
{
    const double t = secondsSince(session.start, now);
    intervals.addTotal(t, session.totalBytes());
    if (!omit.passed && t >= session.params.omitS)
        omit.take(session, t);
}

// What an unauthenticated client learns of the agent's sending: bytes and transactions per
// stream, nothing of its host (buffer limits, congestion control, retransmissions, errors).
QJsonArray trafficOnly(const QJsonArray &figures)
{
    QJsonArray out;
    for (const QJsonValue &v : figures) {
        const QJsonObject o = v.toObject();
        QJsonObject kept{{key("stream"), o.value(key("stream"))},
                         {key("bytes"), o.value(key("bytes"))},
                         {key("transactions"), o.value(key("transactions"))}};
        if (o.contains(key("error")))
            kept.insert(key("error"), QStringLiteral("failed"));
        out.append(kept);
    }
    return out;
}

} // namespace

// A run's session from its "start" message, within the agent's limits, its threads reserved.
Result<std::shared_ptr<Session>> AgentServer::Impl::openSession(const QJsonObject &start, const QString &peer,
                                                                bool authenticated, const QByteArray &agentNonce,
                                                                const QString &source)
{
    auto params = agentproto::parseStart(start);
    if (!params)
        return fail(tr("refused start: %1").arg(params.error().message));
    if (params->durationS + params->omitS > options.maxDurationS)
        return fail(tr("refused start: %1 s is longer than this agent allows (%2 s)")
                        .arg(params->durationS + params->omitS)
                        .arg(options.maxDurationS));
    if (!params->sysctls.isEmpty() && (!options.controlOnlyOverStdio || !options.applyKnobs))
        return fail(tr("refused start: this agent changes knobs only for runs started over ssh "
                       "(tcptune run --target ssh://HOST)"));
    if (params->streams > options.maxStreams)
        return fail(tr("refused start: %1 streams is more than this agent allows (%2)")
                        .arg(params->streams)
                        .arg(options.maxStreams));
    if (agentproto::clientNonceOf(start).isEmpty())
        return fail(tr("refused start: no client nonce (a client older than protocol %1); update the client")
                        .arg(agentproto::kVersion));
    if (active.fetch_add(1) >= options.maxSessions) {
        active.fetch_sub(1);
        return fail(
            tr("refused start: the agent already serves %1 runs, its limit; try again later").arg(options.maxSessions));
    }
    // Memory first: no thread is reserved, let alone started, for a run the budget cannot hold.
    auto reserved = reserveMemory(*params);
    if (!reserved) {
        active.fetch_sub(1);
        return std::unexpected(reserved.error());
    }
    const int threads = 1 + params->connections() + (params->latencyProbe ? 1 : 0);
    if (!reserveThreads(threads)) {
        active.fetch_sub(1);
        // Thread counts only to a client that proved the token.
        if (!authenticated && !options.knobsWithoutToken)
            return fail(tr("refused start: the agent is busy; try again later"));
        return fail(tr("refused start: the agent is busy (%1 of its %2 connection threads in use); try again later")
                        .arg(threadsInUse.load())
                        .arg(options.threadBudget()));
    }
    if (auto slot = claimSourceSlot(source); !slot) {
        active.fetch_sub(1);
        threadsInUse.fetch_sub(threads);
        return std::unexpected(slot.error());
    }
    auto session = std::make_shared<Session>(*params, options.socketTuner);
    session->source = source;
    session->memory = std::move(*reserved);
    session->peer = peer;
    session->client = PeerIp::fromPeer(peer);
    session->authenticated = authenticated;
    session->id = QString::fromLatin1(agentauth::randomHex(8));
    session->agentNonce = agentNonce;
    // Only a proved token keys the secret; without one (an open agent, or ssh, which authenticated
    // the channel and keeps the nonces secret) it comes from the nonces alone.
    session->secret = agentauth::dataSecret(authenticated && !options.controlOnlyOverStdio ? options.token : QString(),
                                            agentNonce, agentproto::clientNonceOf(start));
    session->unusedThreads = threads - 1;
    {
        std::lock_guard lock(sessionsMutex);
        sessions[session->id] = session;
    }
    return session;
}

// Unregistered first, so no data connection attaches after its unused threads are given back.
void AgentServer::Impl::endSession(const std::shared_ptr<Session> &session)
{
    {
        std::lock_guard lock(sessionsMutex);
        sessions.erase(session->id);
        threadsInUse.fetch_sub(session->unusedThreads);
        session->unusedThreads = 0;
    }
    releaseSourceSlot(session->source);
    session->abort = true;
    if (session->sending)
        session->sending->stop();
    session->notify();
    active.fetch_sub(1);
}

void AgentServer::Impl::runControl(sock::Fd fd, const std::shared_ptr<Session> &session, QByteArray buffer)
{
    setBlocking(fd.get());
    // Samples written without waiting stay in the agent (bounded, dropped when late) rather than
    // in the kernel: a line there is sent however late, and the result waits behind it. A pipe
    // (over ssh) refuses the option, which changes nothing.
    const int notSentLowWater = 16 * 1024;
    ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NOTSENT_LOWAT, &notSentLowWater, sizeof notSentLowWater);
    track(fd.get(), true);
    auto finish = qScopeGuard([&] {
        restoreKnobs(*session);
        endSession(session);
        track(fd.get(), false);
    });
    const Result<KnobSnapshot> before = knobsForClient(*session);
    if (!session->params.sysctls.isEmpty()) {
        session->knobsToRestore = true;
        if (auto applied = options.applyKnobs(session->params.sysctls, session->params.confirmHostChanges); !applied)
            return refuse(fd.get(), session->peer, applied.error().message);
    }
    if (!sendReady(fd.get(), *session, before))
        return;
    log(tr("%1: run %2 started: %3, %4 stream(s), %5 s%6")
            .arg(session->peer, session->id, workloadName(session->params.workload))
            .arg(session->params.streams)
            .arg(session->params.durationS)
            .arg(session->authenticated ? tr(", authenticated") : QString()));
    if (!awaitBegin(fd.get(), *session, buffer))
        return;
    if (session->sending)
        session->sending->begin(session->start);
    IntervalLog intervals(options.maxIntervals);
    OmitMark omit;
    omit.passed = session->params.omitS <= 0;
    omit.perStream.assign(session->bytes.size(), 0);
    // A bulk receiver takes the ticks on its thread, awake anyway while data arrives: the control
    // thread then wakes for messages only, not every sampling interval on the CPUs the traffic
    // needs. The ticks stop before the series is read or goes out of scope.
    const bool receiverTicks = session->receiver && !session->sending;
    auto stopTicks = qScopeGuard([&] {
        if (receiverTicks)
            session->receiver->stopTicks();
    });
    if (receiverTicks)
        session->receiver->startTicks(session->start, std::chrono::milliseconds(session->params.sampleMs),
                                      [&](Clock::time_point now) { tickSeries(*session, intervals, omit, now); });
    if (!measure(fd.get(), *session, buffer, intervals, omit, receiverTicks))
        return;
    sendResult(fd.get(), *session, intervals, omit, knobsAfterRun(*session));
}

// Version and knob values only to a client that proved it knows the token (or to the local lab):
// an open agent tells strangers nothing about its host beyond the protocol number.
bool AgentServer::Impl::sendReady(int fd, const Session &session, const Result<KnobSnapshot> &snapshot)
{
    QJsonObject ready{{key("type"), QStringLiteral("ready")},
                      {key("session"), session.id},
                      {key("nonce"), QString::fromLatin1(session.agentNonce)}};
    if (!options.dataAddress.isEmpty()) {
        ready.insert(key("data_address"), options.dataAddress);
        ready.insert(key("data_port"), int(port));
    }
    if (tellsHost(session)) {
        ready.insert(key("version"), QStringLiteral(TCPTUNE_VERSION));
        if (snapshot) {
            ready.insert(key("knobs"), knobSnapshotToJson(*snapshot));
        } else {
            ready.insert(key("knobs_note"), snapshot.error().message);
        }
        agentproto::insertCounters(ready, readCounters()); // their deltas: the far end's counters
    } else {
        ready.insert(key("knobs_note"),
                     tr("the agent runs without a token and reports no knob values; start it with --token-file "
                        "(or TCPTUNE_TOKEN) and give the client the same token to record the far end's knobs"));
        ready.insert(key("mib_note"), tr("the agent runs without a token and reports no counters; start it with "
                                         "--token-file (or TCPTUNE_TOKEN) to record the far end's counters"));
        ready.insert(key("traffic_only"), true);
    }
    return sendLine(fd, ready);
}

// "begin" arrives once the client has opened its data connections.
bool AgentServer::Impl::awaitBegin(int fd, Session &session, QByteArray &buffer)
{
    auto begin = sock::readLine(fd, buffer, agentproto::kMaxControlLine,
                                Clock::now() + std::chrono::milliseconds(kStreamsArriveTimeoutMs));
    if (!begin) {
        log(tr("%1: run %2 abandoned before it began (%3)").arg(session.peer, session.id, begin.error().message));
        return false;
    }
    auto message = agentproto::decode(*begin);
    if (!message || agentproto::typeOf(*message) != QLatin1String("begin")) {
        refuse(fd, session.peer,
               tr("expected \"begin\", got %1")
                   .arg(message ? logSafe(agentproto::typeOf(*message), 40) : message.error().message));
        return false;
    }
    std::unique_lock lock(session.mutex);
    const bool all = session.changed.wait_for(lock, std::chrono::milliseconds(kStreamsArriveTimeoutMs), [&] {
        if (stopping.load())
            return true;
        for (const auto &a : session.attached)
            if (!a.load())
                return false;
        if (session.sending && !session.sending->allAttached())
            return false;
        return !session.params.latencyProbe || session.probeAttached.load();
    });
    lock.unlock();
    if (!all || stopping.load()) {
        refuse(fd, session.peer, tr("not every data connection of run %1 arrived in time").arg(session.id));
        return false;
    }
    session.start = Clock::now();
    return sendLine(fd, {{key("type"), QStringLiteral("running")}});
}

// Receiver goodput per interval until the client says "end" (or vanishes), unless RECEIVER_TICKS
// (the bulk receiver's thread takes them). False when the run did not end properly (logged).
bool AgentServer::Impl::measure(int fd, Session &session, QByteArray &buffer, IntervalLog &intervals, OmitMark &omit,
                                bool receiverTicks)
{
    const auto interval = std::chrono::milliseconds(session.params.sampleMs);
    auto nextTick = session.start + interval;
    QString problem;
    SampleStream samples{{}, {}, session.start, 0};
    while (!stopping.load()) {
        const auto now = Clock::now();
        if (session.sending && tellsHost(session))
            streamSamples(fd, session, samples);
        if (!receiverTicks && now >= nextTick) {
            tickSeries(session, intervals, omit, now);
            nextTick += interval;
            if (nextTick < now)
                nextTick = now + interval;
            continue;
        }
        // A client far past its own duration is gone: bound the session.
        if (secondsSince(session.start, now) > session.params.durationS + session.params.omitS + 60) {
            problem = tr("the client never sent \"end\"");
            break;
        }
        auto wake = receiverTicks ? now + std::chrono::milliseconds(kPollSliceMs) : nextTick;
        if (session.sending)
            wake = std::min(wake, session.sending->nextSampleAt());
        const int waitMs = int(std::chrono::duration_cast<std::chrono::milliseconds>(wake - now).count()) + 1;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, std::clamp(waitMs, 1, kPollSliceMs)) <= 0)
            continue;
        auto line = sock::readLine(fd, buffer, agentproto::kMaxControlLine, Clock::now() + 1s);
        if (!line) {
            problem = line.error().message;
            break;
        }
        auto message = agentproto::decode(*line);
        if (message && agentproto::typeOf(*message) == QLatin1String("end")) {
            if (session.sending) {
                // The last tick is taken while the senders run; they stop before the line is
                // flushed, since on a path whose queue they fill (a few packets deep) the control
                // connection moves nothing until they do.
                const bool tell = tellsHost(session);
                if (tell) {
                    samples.lastSent = {};
                    streamSamples(fd, session, samples);
                }
                session.sending->stop();
                if (tell)
                    finishSamples(fd, samples);
                if (samples.droppedBatches > 0)
                    log(tr("%1: run %2: %3 batches of samples dropped while the control connection was slow")
                            .arg(session.peer, session.id)
                            .arg(samples.droppedBatches));
            }
            return true;
        }
        refuse(fd, session.peer,
               message ? tr("unexpected message '%1' during a run").arg(logSafe(agentproto::typeOf(*message), 40))
                       : message.error().message);
    }
    log(tr("%1: run %2 interrupted: %3")
            .arg(session.peer, session.id, problem.isEmpty() ? tr("agent stopping") : problem));
    return false;
}

void AgentServer::Impl::sendResult(int fd, Session &session, IntervalLog &intervals, const OmitMark &omitMark,
                                   const QJsonObject &knobs)
{
    // The client has stopped writing and shut its data connections: wait for them to drain.
    {
        std::unique_lock lock(session.mutex);
        session.changed.wait_for(lock, std::chrono::milliseconds(kDrainTimeoutMs),
                                 [&] { return session.activeData.load() == 0 || stopping.load(); });
    }
    if (session.receiver)
        session.receiver->stopTicks(); // the series is this thread's from here on
    intervals.addTotal(secondsSince(session.start, Clock::now()), session.totalBytes());
    OmitMark omit = omitMark;
    if (!omit.passed)
        omit.take(session, secondsSince(session.start, Clock::now()));
    double lastByteT = double(session.lastByteNs.load()) / 1e9;
    if (const auto last = session.receiver ? session.receiver->lastByte() : std::nullopt)
        lastByteT = std::max(lastByteT, secondsSince(session.start, *last));
    const std::int64_t receiverBytes = session.totalBytes() - omit.bytes;
    const double duration = std::max(0.0, lastByteT - omit.t);
    QJsonArray streams;
    for (std::size_t i = 0; i < session.bytes.size(); ++i)
        streams.append(QJsonObject{{key("stream"), int(i)},
                                   {key("bytes"), double(session.bytes[i].load() - omit.perStream[i])},
                                   {key("transactions"), double(session.transactions[i].load())}});
    QJsonObject result{{key("type"), QStringLiteral("result")},
                       {key("receiver_bytes"), double(receiverBytes)},
                       {key("total_bytes"), double(session.totalBytes())},
                       {key("bytes_at_omit"), double(omit.bytes)},
                       {key("omit_end_s"), omit.t},
                       {key("duration_s"), duration},
                       {key("interval_ms"), session.params.sampleMs * intervals.ticksPerEntry()},
                       {key("intervals"), intervals.toJson()},
                       {key("streams"), streams}};
    if (session.sending)
        result.insert(key("sent"),
                      tellsHost(session) ? session.sending->figures() : trafficOnly(session.sending->figures()));
    if (tellsHost(session))
        agentproto::insertCounters(result, readCounters());
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        result.insert(it.key(), it.value());
    sendLine(fd, result, 30000);
    served.fetch_add(1);
    log(tr("%1: run %2 finished: %3 bytes in %4 s (%5 Mbit/s)")
            .arg(session.peer, session.id)
            .arg(receiverBytes)
            .arg(duration, 0, 'f', 2)
            .arg(duration > 0 ? double(receiverBytes) * 8 / duration / 1e6 : 0.0, 0, 'f', 1));
}

} // namespace tcptune
