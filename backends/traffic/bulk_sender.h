#pragma once
// Bulk data on every stream of a run from the calling thread, as iperf3 does: non-blocking
// sockets in one epoll set, written in rounds of one write per writable stream (not a burst of
// writes on one stream before the next: with BBR's per-flow pacing on a fast path that cost the
// sender a third more CPU per byte at 4 streams, bench/traffic/profile.py). The caller's own work (TCP_INFO
// samples, the control connection) runs between the sends on the same thread, so sampling needs
// no thread of its own, no wake-ups of the sending thread and no socket lock held against it.
// The control socket sits in the same epoll set: a message from the target ends the wait at once.

#include "common/error.h"
#include "traffic/send_payload.h"
#include "traffic/stream_workers.h"
#include "traffic/traffic_spec.h"

#include <QCoreApplication>

#include <chrono>
#include <memory>
#include <sys/epoll.h>
#include <vector>

namespace tcptune {

class BulkSender final {
    Q_DECLARE_TR_FUNCTIONS(BulkSender)

public:
    using Clock = std::chrono::steady_clock;
    enum class Wake {
        Deadline,     // DEADLINE has come
        Control,      // the control socket is readable
        StreamFailed, // a data connection failed (its worker says why)
    };

    // WORKERS (connected, owned by the caller) are switched to non-blocking mode and prepared for
    // the spec's send method; CONTROL_FD joins the epoll set for reading.
    [[nodiscard]] static Result<std::unique_ptr<BulkSender>>
    create(const TrafficSpec &spec, const std::vector<StreamWorker *> &workers, int controlFd);
    ~BulkSender();
    BulkSender(const BulkSender &) = delete;
    BulkSender &operator=(const BulkSender &) = delete;

    // Sends until DEADLINE, until the control socket is readable or until a stream fails.
    Wake sendUntil(Clock::time_point deadline);
    // After the last send: waits until the kernel has confirmed every zerocopy send (or TIMEOUT).
    void awaitCompletions(std::chrono::milliseconds timeout);
    SendCounters counters() const; // all streams together

private:
    struct Stream {
        StreamWorker *worker = nullptr;
        off_t offset = 0; // sendfile: position in the file
        SendCounters counters;
    };

    enum class Sent { Written, Full, Failed };

    BulkSender() = default;
    // Reads the zerocopy completions epoll reported on STREAM. False when the stream failed.
    bool readCompletions(Stream &stream, std::uint32_t events);
    // Rounds of one write on each stream of m_ready, a stream leaving them once its socket is
    // full, until none is left, after a few rounds or at DEADLINE. False when a stream failed.
    bool sendRounds(Clock::time_point deadline);
    Sent sendOne(Stream &stream);
    int wait(Clock::time_point deadline);

    std::unique_ptr<SendPayload> m_payload;
    std::vector<Stream> m_streams;
    std::vector<epoll_event> m_events;
    std::vector<Stream *> m_ready; // writable streams of the current wake-up
    sock::Fd m_epoll;
};

} // namespace tcptune
