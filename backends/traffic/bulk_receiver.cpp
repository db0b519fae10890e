#include "traffic/bulk_receiver.h"

#include "common/vector_state.h"

#include <algorithm>
#include <cerrno>
#include <limits>
#include <sys/socket.h>
#include <thread>

namespace tcptune {

BulkReceiver::BulkReceiver(int streams, bool batchReads)
    : m_expected(streams)
    , m_batchReads(batchReads)
    , m_epoll(::epoll_create1(EPOLL_CLOEXEC))
{
}

Result<void> BulkReceiver::valid() const
{
    if (!m_epoll.valid())
        return fail(tr("Cannot create an epoll instance: %1.").arg(sock::errnoText(errno)));
    return {};
}

void BulkReceiver::add(int fd, std::atomic<std::int64_t> &bytes, std::function<void(int error)> failed)
{
    std::lock_guard lock(m_mutex);
    Stream &s = m_streams.emplace_back(Stream{fd, &bytes, std::move(failed)});
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLRDHUP;
    ev.data.ptr = &s;
    ::epoll_ctl(m_epoll.get(), EPOLL_CTL_ADD, fd, &ev);
}

std::optional<BulkReceiver::Clock::time_point> BulkReceiver::lastByte() const
{
    const Clock::rep last = m_lastByte.load(std::memory_order_relaxed);
    if (last == 0)
        return std::nullopt;
    return Clock::time_point(Clock::duration(last));
}

bool BulkReceiver::claim()
{
    return !m_claimed.exchange(true);
}

bool BulkReceiver::drain(Stream &stream, PageBuffer &buffer)
{
    std::int64_t got = 0;
    bool open = true;
    for (;;) {
        const ssize_t n = ::recv(stream.fd, buffer.data(), buffer.size(), MSG_DONTWAIT);
        if (n > 0) {
            got += n;
            // A short read means the socket is empty: save the call that would say EAGAIN.
            if (std::size_t(n) < buffer.size())
                break;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        open = n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
        if (n < 0 && !open && stream.failed)
            stream.failed(errno);
        break;
    }
    if (got > 0) {
        stream.bytes->fetch_add(got, std::memory_order_relaxed);
        m_lastByte.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
    }
    return open;
}

void BulkReceiver::startTicks(Clock::time_point start, Clock::duration interval,
                              std::function<void(Clock::time_point)> tick)
{
    std::lock_guard lock(m_tickMutex);
    m_tick = std::move(tick);
    m_tickInterval = std::max<Clock::duration>(interval, std::chrono::milliseconds(1));
    m_nextTick.store((start + m_tickInterval).time_since_epoch().count());
}

void BulkReceiver::stopTicks()
{
    std::lock_guard lock(m_tickMutex);
    m_nextTick.store(0);
    m_tick = nullptr;
}

int BulkReceiver::waitMs(int sliceMs, Clock::time_point nextBatch) const
{
    const Clock::rep next = m_nextTick.load(std::memory_order_relaxed);
    Clock::time_point wake = m_batchReads ? nextBatch : Clock::time_point::max();
    if (next != 0)
        wake = std::min(wake, Clock::time_point(Clock::duration(next)));
    if (wake == Clock::time_point::max())
        return sliceMs;
    // Rounded up: waking before the tick or batch is due would only wait again.
    const auto ms = std::chrono::ceil<std::chrono::milliseconds>(wake - Clock::now()).count();
    return int(std::clamp<std::int64_t>(ms, 0, sliceMs));
}

int BulkReceiver::wakeBatchFor(std::int64_t bytes, Clock::duration over)
{
    if (bytes <= 0 || over <= Clock::duration::zero())
        return 1;
    const double worth =
        double(bytes) * double(std::chrono::duration_cast<Clock::duration>(kBatchWorth).count()) / double(over.count());
    return int(std::clamp(worth, 1.0, double(kMaxWakeBatch)));
}

BulkReceiver::Clock::duration BulkReceiver::gatherTimeFor(std::int64_t bytes, int active, Clock::duration over,
                                                          std::int64_t smallestBuffer)
{
    if (active < 2 || bytes <= 0 || over <= Clock::duration::zero())
        return Clock::duration::zero();
    const double byTime = double(std::chrono::duration_cast<Clock::duration>(kGatherPerStream * active).count());
    // The time an eighth of the smallest buffer takes to fill at the streams' average rate.
    const double byBuffer =
        double(std::max<std::int64_t>(smallestBuffer / 8, 0)) * active * double(over.count()) / double(bytes);
    const double maxGather = double(std::chrono::duration_cast<Clock::duration>(kMaxGather).count());
    return Clock::duration(Clock::rep(std::min({byTime, byBuffer, maxGather})));
}

void BulkReceiver::setWakeBatch(Stream &stream, int batch)
{
    // The kernel caps it at half a fixed receive buffer, so a wake-up always comes.
    if (batch != stream.wakeBatch && ::setsockopt(stream.fd, SOL_SOCKET, SO_RCVLOWAT, &batch, sizeof batch) == 0)
        stream.wakeBatch = batch;
}

void BulkReceiver::batchReads(Clock::duration elapsed)
{
    std::lock_guard lock(m_mutex); // add() may append meanwhile
    // A run of several streams never batches with SO_RCVLOWAT, even while one of them delivers.
    const bool several = m_expected > 1;
    std::int64_t arrived = 0;
    int active = 0;
    std::int64_t smallestBuffer = std::numeric_limits<std::int64_t>::max();
    for (Stream &s : m_streams) {
        if (s.ended)
            continue;
        const std::int64_t bytes = s.bytes->load(std::memory_order_relaxed);
        const std::int64_t got = bytes - s.bytesAtBatch;
        s.bytesAtBatch = bytes;
        setWakeBatch(s, several ? 1 : wakeBatchFor(got, elapsed));
        if (!several || got <= 0)
            continue;
        ++active;
        arrived += got;
        smallestBuffer = std::min(smallestBuffer, sock::intOption(s.fd, SOL_SOCKET, SO_RCVBUF));
    }
    const Clock::duration gather =
        several ? gatherTimeFor(arrived, active, elapsed, smallestBuffer) : Clock::duration{};
    m_gather.store(gather.count(), std::memory_order_relaxed);
}

void BulkReceiver::letDataGather() const
{
    const Clock::duration wait = gatherTime();
    if (wait > Clock::duration::zero())
        std::this_thread::sleep_for(wait);
}

void BulkReceiver::tickIfDue()
{
    const Clock::rep next = m_nextTick.load(std::memory_order_relaxed);
    const auto now = Clock::now();
    if (next == 0 || now.time_since_epoch().count() < next)
        return;
    std::lock_guard lock(m_tickMutex);
    if (!m_tick)
        return; // stopped meanwhile
    m_tick(now);
    auto following = Clock::time_point(Clock::duration(next)) + m_tickInterval;
    if (following < now)
        following = now + m_tickInterval;
    m_nextTick.store(following.time_since_epoch().count());
}

void BulkReceiver::run(const std::atomic<bool> &stop, int sliceMs)
{
    PageBuffer buffer(kReadSize);
    std::vector<epoll_event> events(std::size_t(std::max(m_expected, 1)));
    auto lastBatch = Clock::now();
    while (m_ended < m_expected && !stop.load(std::memory_order_relaxed)) {
        clearVectorUpperState(); // inherited from the agent's threads, and the ticks' Qt code
        const int n =
            ::epoll_wait(m_epoll.get(), events.data(), int(events.size()), waitMs(sliceMs, lastBatch + kBatchPeriod));
        for (int i = 0; i < n; ++i) {
            auto *stream = static_cast<Stream *>(events[std::size_t(i)].data.ptr);
            if (drain(*stream, buffer))
                continue;
            ::epoll_ctl(m_epoll.get(), EPOLL_CTL_DEL, stream->fd, nullptr);
            stream->ended = true;
            ++m_ended;
        }
        if (n > 0)
            letDataGather();
        tickIfDue();
        if (const auto now = Clock::now(); m_batchReads && now >= lastBatch + kBatchPeriod) {
            batchReads(now - lastBatch);
            lastBatch = now;
        }
    }
    m_done = true;
}

} // namespace tcptune
