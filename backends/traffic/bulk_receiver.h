#pragma once
// Receives the bulk data of every stream of a run on one thread, as iperf3's server does: the
// connections in one epoll set, each read until it is empty. On few cores a thread per stream
// costs the sender its CPU in context switches and migrations (bench/traffic/profile.py: 2-3x
// the switches of iperf3 with 4 streams). Connections may join while it runs (the agent accepts
// them one by one); the bytes of each go to its own counter, and the receiver keeps the time of
// the latest byte of any stream. It can also take the run's sampling ticks between its reads: a
// receiver busy with data is awake anyway, so a 1 ms interval costs no wake-up of another
// thread on the CPUs the sender and receiver need.
// Reads are batched, one way for a run of one stream and another for several; neither where the
// receive buffer is fixed (SO_RCVBUF set): bytes left queued would shrink the window the
// experiment sets.
// - One stream: its SO_RCVLOWAT is about a millisecond of its recent rate (at most
//   kMaxWakeBatch), so epoll reports it once that much has arrived instead of for every few
//   segments. On the 2-core VM that halved the receiver's epoll_wait and recv calls and its CPU per
//   GB, and the sender's CPU per GB fell too (fewer wake-ups from its softirq work).
// - Several streams: after each pass over the readable sockets the thread waits kGatherPerStream
//   per stream (at most kMaxGather, and no longer than an eighth of the smallest receive buffer
//   takes to fill) before the next. Not SO_RCVLOWAT: below it the kernel acknowledges every
//   segment at once, from the softirq work of the CPU the segment came from. With both ends on one
//   machine (loopback, veth) that is the sender's CPU, which then does the receiving side's work
//   too while the receiver's idles: 4 bbr streams on loopback moved 16 Gbit/s where iperf3 moved
//   24-27. With a little data queued, the window stops growing between reads and the kernel
//   leaves the acknowledgements to the reader's recv, on the reader's CPU: ahead of iperf3 with
//   4, 8 and 16 streams on loopback (bench/README.md, issue 35).
// A rate that drops is seen within kBatchPeriod (nothing read: the batch falls back to one byte),
// so no byte waits longer than that for a wake-up, and none longer than kMaxGather for a pass.
// For the agent, and the client's streams of direction down; no Qt beyond its messages.

#include "common/error.h"
#include "common/page_buffer.h"
#include "traffic/socket_util.h"

#include <QCoreApplication>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <sys/epoll.h>
#include <vector>

namespace tcptune {

class BulkReceiver final {
    Q_DECLARE_TR_FUNCTIONS(BulkReceiver)
public:
    using Clock = std::chrono::steady_clock;
    // Bytes per recv(): large enough that a wake-up empties a socket in few calls.
    static constexpr std::size_t kReadSize = 256 * 1024;

    // How many bytes at most a wake-up waits for, how often the batches follow the rates, and
    // how much of a socket's rate one batch is.
    static constexpr int kMaxWakeBatch = 256 * 1024;
    static constexpr std::chrono::milliseconds kBatchPeriod{10};
    static constexpr std::chrono::microseconds kBatchWorth{1000};
    // Several streams: how long a pass waits per stream, and at most. Of the fixed waits tried on
    // loopback with bbr (2 cores), about 100 us was best for 4 streams, 200 for 8 and 500 for 16. A
    // wait of so many bytes per stream (128 KiB) instead grows as the rate falls: it cost 4 streams
    // on veth a quarter of their throughput (15 against 21 Gbit/s).
    static constexpr std::chrono::microseconds kGatherPerStream{30};
    static constexpr std::chrono::microseconds kMaxGather{1000};

    // STREAMS connections are expected; BATCH_READS: batch reads (see above).
    explicit BulkReceiver(int streams, bool batchReads = true);
    [[nodiscard]] Result<void> valid() const;

    // Thread-safe. FD (connected, owned by the caller until the receiver is done) is read from the
    // next wake-up on; its bytes are added to BYTES. FAILED, if given, is called on the receiving
    // thread with the errno of a read that ended the connection in error (not for its orderly end).
    void add(int fd, std::atomic<std::int64_t> &bytes, std::function<void(int error)> failed = {});
    // Thread-safe. Makes the calling thread the one that receives, once: true for the first caller.
    bool claim();
    // Receives until every expected connection has ended (end of stream or error) or STOP says so.
    // STOP is read between waits of at most SLICE_MS.
    void run(const std::atomic<bool> &stop, int sliceMs);
    // Thread-safe: true once run() has returned.
    bool done() const { return m_done.load(); }
    // Thread-safe: when the latest byte arrived; nullopt before the first.
    std::optional<Clock::time_point> lastByte() const;
    // Thread-safe. From now on the receiving thread calls TICK(now) at START + INTERVAL and every
    // INTERVAL after (a late one skips those it missed), between its reads, until stopTicks() or
    // the end of run().
    void startTicks(Clock::time_point start, Clock::duration interval, std::function<void(Clock::time_point)> tick);
    // Thread-safe. No tick runs once this has returned.
    void stopTicks();

    // The SO_RCVLOWAT for a socket that delivered BYTES over OVER: kBatchWorth of that rate, at
    // least 1, at most kMaxWakeBatch.
    static int wakeBatchFor(std::int64_t bytes, Clock::duration over);
    // How long a pass waits when ACTIVE streams delivered BYTES over OVER and the smallest receive
    // buffer among them is SMALLEST_BUFFER: kGatherPerStream per stream, at most kMaxGather, and
    // no longer than an eighth of that buffer takes at the streams' average rate; zero for fewer
    // than two (one still delivering is read at once).
    static Clock::duration gatherTimeFor(std::int64_t bytes, int active, Clock::duration over,
                                         std::int64_t smallestBuffer);
    // Thread-safe: how long each pass now waits (zero: none).
    Clock::duration gatherTime() const { return Clock::duration(m_gather.load(std::memory_order_relaxed)); }

private:
    struct Stream {
        int fd = -1;
        std::atomic<std::int64_t> *bytes = nullptr;
        std::function<void(int)> failed;
        // Only the receiving thread uses these.
        bool ended = false;
        std::int64_t bytesAtBatch = 0;
        int wakeBatch = 1; // its SO_RCVLOWAT
    };
    // Reads FD until it is empty; false when the connection ended (in error: STREAM.failed called).
    bool drain(Stream &stream, PageBuffer &buffer);
    // How long epoll may wait: at most SLICE_MS, and not past the next tick.
    int waitMs(int sliceMs, Clock::time_point nextBatch) const;
    void tickIfDue();
    // Sets the gathering time, or each open socket's wake-up batch, from what they delivered over
    // ELAPSED.
    void batchReads(Clock::duration elapsed);
    void setWakeBatch(Stream &stream, int batch);
    // Waits the gathering time. A tick due meanwhile comes up to kMaxGather late (it carries the
    // time it ran at); cutting the wait short at each tick cost 16 streams sampled every 10 ms a
    // sixth of their throughput.
    void letDataGather() const;

    int m_expected;
    bool m_batchReads;
    std::atomic<Clock::rep> m_lastByte{0}; // since the clock's epoch; 0 = none yet
    std::atomic<Clock::rep> m_gather{0};
    sock::Fd m_epoll;
    std::mutex m_mutex;
    std::deque<Stream> m_streams; // stable addresses for epoll's data.ptr
    int m_ended = 0;              // only the receiving thread counts
    std::mutex m_tickMutex;       // held while a tick runs
    std::function<void(Clock::time_point)> m_tick;
    Clock::duration m_tickInterval{};
    std::atomic<Clock::rep> m_nextTick{0}; // since the clock's epoch; 0 = no ticks
    std::atomic<bool> m_claimed{false};
    std::atomic<bool> m_done{false};
};

} // namespace tcptune
