#include "traffic/stream_workers.h"

#include "traffic/agent_protocol.h"
#include "traffic/socket_util.h"
#include "traffic/udp_probe.h"

#include <QCoreApplication>

#include <cerrno>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace tcptune {
namespace {

using Clock = std::chrono::steady_clock;

// Moves SIZE bytes with IO (a send or recv on W's connection from offset DONE, returning what
// it returns) unless SHARED.stop comes first; SO_SNDTIMEO/SO_RCVTIMEO make IO return now and then
// to look at it. False when stopped or failed (W marked failed, unless stopping).
template <typename Io> bool transferFully(StreamWorker &w, const WorkerShared &shared, std::size_t size, Io io)
{
    std::size_t done = 0;
    while (done < size) {
        if (shared.stop.load(std::memory_order_relaxed))
            return false;
        const ssize_t n = io(done);
        if (n > 0) {
            done += std::size_t(n);
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            continue;
        if (!shared.stop.load())
            markFailed(w, n < 0 ? errno : 0);
        return false;
    }
    return true;
}

bool recvFully(StreamWorker &w, const WorkerShared &shared, char *data, std::size_t size)
{
    return transferFully(w, shared, size, [&](std::size_t done) { return ::recv(w.fd, data + done, size - done, 0); });
}

void setCork(int fd, int on)
{
    ::setsockopt(fd, IPPROTO_TCP, TCP_CORK, &on, sizeof on);
}

void record(StreamWorker &w, WorkerShared &shared, Clock::time_point started)
{
    const auto now = Clock::now();
    w.transactions.fetch_add(1, std::memory_order_relaxed);
    if (w.latencies.size() < StreamWorker::kMaxLatencies)
        w.latencies.push_back({std::chrono::duration<double>(now - shared.t0).count(),
                               std::chrono::duration<double, std::milli>(now - started).count()});
}

// Receives TOTAL bytes into BUFFER (reused as often as TOTAL needs); false as recvFully.
bool recvRepeated(StreamWorker &w, const WorkerShared &shared, std::vector<char> &buffer, std::int64_t total)
{
    for (std::int64_t left = total; left > 0;) {
        const auto chunk = std::size_t(std::min<std::int64_t>(left, std::int64_t(buffer.size())));
        if (!recvFully(w, shared, buffer.data(), chunk))
            return false;
        left -= std::int64_t(chunk);
    }
    return true;
}

// Request/response: REQUEST bytes out (as HEADER + BODY writes when split), RESPONSE bytes back.
// Each part goes out from one capped buffer, so a 64 MiB message allocates kMaxWriteBuffer.
void runTransactions(const TrafficSpec &spec, StreamWorker &w, WorkerShared &shared, std::int64_t header,
                     std::int64_t body, std::int64_t response)
{
    const std::vector<char> out(cappedBuffer(std::max(header, body)), 'r');
    std::vector<char> in(cappedBuffer(response));
    while (!shared.stop.load(std::memory_order_relaxed)) {
        const auto started = Clock::now();
        if (spec.cork)
            setCork(w.fd, 1);
        if (!sendRepeated(w, shared, out, header))
            return;
        if (body > 0 && !sendRepeated(w, shared, out, body))
            return;
        if (spec.cork)
            setCork(w.fd, 0);
        if (response > 0) {
            if (!recvRepeated(w, shared, in, response))
                return;
            record(w, shared, started);
        } else {
            w.transactions.fetch_add(1, std::memory_order_relaxed);
        }
    }
}

// GAP: 10 ms beside a workload, latency under load's 100 ms (udp_probe.h's pace). PUBLISH: its
// times are the live series' probe (latency under load shows the UDP echo's there instead).
void runProbe(StreamWorker &w, WorkerShared &shared, std::chrono::milliseconds gap, bool publish)
{
    std::vector<char> message(std::size_t(agentproto::kProbeMessageSize), 'p');
    auto next = Clock::now();
    while (!shared.stop.load(std::memory_order_relaxed)) {
        const auto started = Clock::now();
        if (!sendFully(w, shared, message.data(), message.size()))
            return;
        if (!recvFully(w, shared, message.data(), message.size()))
            return;
        record(w, shared, started);
        if (publish) {
            shared.latestProbeUs.store(
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started).count());
            shared.probeCount.fetch_add(1);
        }
        // A gentle pace: the probe measures the queue, it must not fill it.
        next += gap;
        const auto now = Clock::now();
        if (next < now)
            next = now;
        while (Clock::now() < next && !shared.stop.load(std::memory_order_relaxed))
            std::this_thread::sleep_for(std::min<Clock::duration>(next - Clock::now(), std::chrono::milliseconds(5)));
    }
}

} // namespace

void markFailed(StreamWorker &w, int error)
{
    w.error = error == 0 ? StreamWorker::tr("the target closed the data connection") : sock::errnoText(error);
    w.failed = true;
}

bool sendFully(StreamWorker &w, const WorkerShared &shared, const char *data, std::size_t size)
{
    return transferFully(w, shared, size, [&](std::size_t done) {
        const ssize_t n = ::send(w.fd, data + done, size - done, MSG_NOSIGNAL);
        if (n > 0)
            w.bytesWritten.fetch_add(n, std::memory_order_relaxed);
        return n;
    });
}

bool sendRepeated(StreamWorker &w, const WorkerShared &shared, const std::vector<char> &buffer, std::int64_t total)
{
    for (std::int64_t left = total; left > 0;) {
        const auto chunk = std::size_t(std::min<std::int64_t>(left, std::int64_t(buffer.size())));
        if (!sendFully(w, shared, buffer.data(), chunk))
            return false;
        left -= std::int64_t(chunk);
    }
    return true;
}

std::int64_t streamBufferBytes(const TrafficSpec &spec)
{
    switch (spec.workload) {
    case Workload::Bulk:
    case Workload::Rrul: return std::int64_t(cappedBuffer(spec.writeSize));
    case Workload::RequestResponse:
        return std::int64_t(cappedBuffer(spec.requestSize) + cappedBuffer(spec.responseSize));
    case Workload::SplitWrite:
        return std::int64_t(cappedBuffer(std::max(spec.headerSize, spec.writeSize)) + cappedBuffer(spec.responseSize));
    }
    return kMaxWriteBuffer;
}

void runStreamWorker(const TrafficSpec &spec, StreamWorker &worker, WorkerShared &shared)
{
    sock::setTimeouts(worker.fd, 200, 200);
    if (worker.probe) {
        const bool underLoad = spec.workload == Workload::Rrul;
        return runProbe(worker, shared, std::chrono::milliseconds(underLoad ? udpprobe::kIntervalMs : 10), !underLoad);
    }
    switch (spec.workload) {
    case Workload::Bulk:
    case Workload::Rrul: return; // BulkSender's job
    case Workload::RequestResponse:
        return runTransactions(spec, worker, shared, spec.requestSize, 0, spec.responseSize);
    case Workload::SplitWrite:
        return runTransactions(spec, worker, shared, spec.headerSize, spec.writeSize, spec.responseSize);
    }
}

} // namespace tcptune
