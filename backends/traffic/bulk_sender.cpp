#include "traffic/bulk_sender.h"

#include "common/vector_state.h"

#include <cerrno>
#include <ctime>
#include <fcntl.h>
#include <poll.h>

namespace tcptune {
namespace {

// Rounds of writes per wake-up: with one stream, 16 writes per epoll call (as many as a
// socket that epoll reported writable takes, often); with more, one write each per round.
constexpr int kRounds = 16;

bool wouldBlock(int error)
{
    return error == EAGAIN || error == EWOULDBLOCK || error == EINTR;
}

} // namespace

Result<std::unique_ptr<BulkSender>> BulkSender::create(const TrafficSpec &spec,
                                                       const std::vector<StreamWorker *> &workers, int controlFd)
{
    auto payload = SendPayload::create(spec);
    if (!payload)
        return std::unexpected(payload.error());
    std::unique_ptr<BulkSender> sender(new BulkSender);
    sender->m_payload = std::move(*payload);
    sender->m_epoll = sock::Fd(::epoll_create1(EPOLL_CLOEXEC));
    if (!sender->m_epoll.valid())
        return fail(tr("Cannot create an epoll instance: %1.").arg(sock::errnoText(errno)));
    sender->m_streams.reserve(workers.size());
    for (StreamWorker *w : workers) {
        if (auto prepared = sender->m_payload->prepareSocket(w->fd); !prepared)
            return std::unexpected(prepared.error());
        ::fcntl(w->fd, F_SETFL, ::fcntl(w->fd, F_GETFL) | O_NONBLOCK);
        sender->m_streams.push_back({w, 0, {}});
    }
    // Pointers into m_streams are stable from here on (no more push_back).
    for (Stream &s : sender->m_streams) {
        epoll_event ev{};
        ev.events = EPOLLOUT; // EPOLLERR comes anyway: zerocopy completions and socket errors
        ev.data.ptr = &s;
        ::epoll_ctl(sender->m_epoll.get(), EPOLL_CTL_ADD, s.worker->fd, &ev);
    }
    epoll_event control{};
    control.events = EPOLLIN;
    control.data.ptr = nullptr;
    ::epoll_ctl(sender->m_epoll.get(), EPOLL_CTL_ADD, controlFd, &control);
    sender->m_events.resize(workers.size() + 1);
    sender->m_ready.reserve(workers.size());
    return sender;
}

BulkSender::~BulkSender()
{
    for (const Stream &s : m_streams)
        ::fcntl(s.worker->fd, F_SETFL, ::fcntl(s.worker->fd, F_GETFL) & ~O_NONBLOCK);
}

int BulkSender::wait(Clock::time_point deadline)
{
    const auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(deadline - Clock::now()).count();
    // epoll_pwait2 takes a timespec: 1 ms sampling needs better than epoll_wait's milliseconds.
    const timespec timeout{time_t(std::max<long long>(left, 0) / 1'000'000'000),
                           long(std::max<long long>(left, 0) % 1'000'000'000)};
    const int n = ::epoll_pwait2(m_epoll.get(), m_events.data(), int(m_events.size()), &timeout, nullptr);
    if (n < 0 && errno == ENOSYS) { // kernels before 5.11
        const int ms = int((std::max<long long>(left, 0) + 999'999) / 1'000'000);
        return ::epoll_wait(m_epoll.get(), m_events.data(), int(m_events.size()), ms);
    }
    return n;
}

BulkSender::Wake BulkSender::sendUntil(Clock::time_point deadline)
{
    while (Clock::now() < deadline) {
        // The caller's Qt code between wake-ups may leave them in use again (common/vector_state.h).
        clearVectorUpperState();
        const int n = wait(deadline);
        bool control = false;
        m_ready.clear();
        for (int i = 0; i < n; ++i) {
            const epoll_event &event = m_events[std::size_t(i)];
            auto *stream = static_cast<Stream *>(event.data.ptr);
            if (!stream)
                control = true;
            else if (!readCompletions(*stream, event.events))
                return Wake::StreamFailed;
            else
                m_ready.push_back(stream); // an error event too: the write says which error
        }
        if (!sendRounds(deadline))
            return Wake::StreamFailed;
        if (control)
            return Wake::Control;
    }
    return Wake::Deadline;
}

bool BulkSender::readCompletions(Stream &stream, std::uint32_t events)
{
    if (!(events & EPOLLERR) || m_payload->method() != SendMethod::Zerocopy)
        return true;
    auto read = readZerocopyCompletions(stream.worker->fd, stream.counters);
    if (!read) {
        stream.worker->error = read.error().message;
        stream.worker->failed = true;
    }
    return read.has_value();
}

bool BulkSender::sendRounds(Clock::time_point deadline)
{
    bool first = true;
    for (int round = 0; round < kRounds && !m_ready.empty(); ++round) {
        std::size_t kept = 0;
        for (Stream *stream : m_ready) {
            // A round of many streams takes milliseconds on a fast path: a sample due in between
            // (1 ms sampling) would otherwise be late or skipped.
            if (!first && Clock::now() >= deadline)
                return true;
            first = false;
            switch (sendOne(*stream)) {
            case Sent::Written: m_ready[kept++] = stream; break;
            case Sent::Full: break;
            case Sent::Failed: return false;
            }
        }
        m_ready.resize(kept);
    }
    return true;
}

BulkSender::Sent BulkSender::sendOne(Stream &stream)
{
    StreamWorker &w = *stream.worker;
    const ssize_t sent = m_payload->sendOnce(w.fd, stream.offset, stream.counters);
    if (sent > 0) {
        // Only this thread writes the counter; the relaxed store avoids a locked add.
        w.bytesWritten.store(w.bytesWritten.load(std::memory_order_relaxed) + sent, std::memory_order_relaxed);
        return Sent::Written;
    }
    // ENOBUFS: zerocopy bookkeeping is full until completions are read (EPOLLERR says when).
    if (sent < 0 && (wouldBlock(errno) || errno == ENOBUFS))
        return Sent::Full;
    markFailed(w, sent < 0 ? errno : 0);
    return Sent::Failed;
}

void BulkSender::awaitCompletions(std::chrono::milliseconds timeout)
{
    if (m_payload->method() != SendMethod::Zerocopy)
        return;
    const auto deadline = Clock::now() + timeout;
    for (Stream &s : m_streams) {
        while (s.counters.zerocopyCompleted < s.counters.zerocopySends && Clock::now() < deadline) {
            pollfd p{s.worker->fd, 0, 0}; // no events asked: POLLERR says the error queue has something
            ::poll(&p, 1, 10);
            if (!readZerocopyCompletions(s.worker->fd, s.counters))
                break; // the connection failed after the run: its completions will not come
        }
    }
}

SendCounters BulkSender::counters() const
{
    SendCounters sum;
    for (const Stream &s : m_streams) {
        sum.calls += s.counters.calls;
        sum.zerocopySends += s.counters.zerocopySends;
        sum.zerocopyCompleted += s.counters.zerocopyCompleted;
        sum.zerocopyCopied += s.counters.zerocopyCopied;
    }
    return sum;
}

} // namespace tcptune
