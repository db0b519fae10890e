#include "experiment/run/queue_sampler.h"

#include "common/thread_cpu_time.h"

namespace tcptune {
namespace {

// The kernel keeps drops and overlimits in 32 bits: count across one wrap.
qint64 since(qint64 now, qint64 base)
{
    const qint64 d = now - base;
    return d >= 0 ? d : d + (qint64(1) << 32);
}

// A day of samples at the default interval: the longest run (TrafficLimits::kMaxDurationS).
constexpr int kMaxReadings = 864000;

} // namespace

QueueSampler::QueueSampler(Read read, std::chrono::milliseconds interval)
    : m_read(std::move(read))
    , m_interval(interval)
{
}

QueueSampler::~QueueSampler()
{
    (void)stop();
}

Result<void> QueueSampler::start()
{
    auto first = m_read();
    if (!first)
        return std::unexpected(first.error());
    const Clock::time_point now = Clock::now();
    {
        std::lock_guard lock(m_mutex);
        m_baseline = *first;
        m_origin = now;
        m_readings = {{now, *first}};
        m_stop = false;
    }
    m_thread = std::thread([this] { loop(); });
    return {};
}

QString QueueSampler::kind() const
{
    std::lock_guard lock(m_mutex);
    return m_baseline.kind;
}

void QueueSampler::setOrigin(Clock::time_point origin)
{
    std::lock_guard lock(m_mutex);
    m_origin = origin;
}

void QueueSampler::loop()
{
    Clock::time_point next = Clock::now() + m_interval;
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        if (m_wake.wait_until(lock, next, [this] { return m_stop; }))
            break;
        lock.unlock();
        take(Clock::now());
        lock.lock();
        next += m_interval;
        const Clock::time_point now = Clock::now();
        if (next < now)
            next = now + m_interval; // a slow reading skips samples rather than bunching them
    }
    m_threadCpu = thisThreadCpuTime(); // under the lock, read after join
}

void QueueSampler::take(Clock::time_point at)
{
    auto reading = m_read();
    std::lock_guard lock(m_mutex);
    if (!reading) {
        if (m_error.isEmpty())
            m_error = reading.error().message;
        return;
    }
    ++m_readingCount;
    if (m_readings.size() < kMaxReadings)
        m_readings.append({at, *reading});
}

QList<QueueSample> QueueSampler::stop()
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_thread.joinable())
            return {};
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
    take(Clock::now());
    std::lock_guard lock(m_mutex);
    QList<QueueSample> out;
    out.reserve(m_readings.size());
    for (const auto &[at, stats] : m_readings) {
        QueueSample q;
        q.t = std::chrono::duration<double>(at - m_origin).count();
        q.backlogBytes = stats.backlogBytes;
        q.backlogPackets = stats.backlogPackets;
        q.drops = since(stats.drops, m_baseline.drops);
        q.overlimits = since(stats.overlimits, m_baseline.overlimits);
        out.append(q);
    }
    m_readings.clear();
    return out;
}

QString QueueSampler::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

std::chrono::nanoseconds QueueSampler::threadCpuTime() const
{
    std::lock_guard lock(m_mutex);
    return m_threadCpu;
}

int QueueSampler::readingCount() const
{
    std::lock_guard lock(m_mutex);
    return m_readingCount;
}

} // namespace tcptune
