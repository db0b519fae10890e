#include "traffic/run_sampler.h"

#include "common/thread_cpu_time.h"

#include <utility>

namespace tcptune {

Q_LOGGING_CATEGORY(lcTrafficCost, "tcptune.traffic.cost", QtWarningMsg)

RunSampler::RunSampler(const TrafficSpec &spec, std::vector<int> streamFds, Clock::time_point t0)
    : m_metered(lcTrafficCost().isInfoEnabled())
    , m_omitS(spec.omitS)
    , m_interval(std::chrono::milliseconds(spec.sampleIntervalMs))
    , m_t0(t0)
    , m_next(t0 + m_interval)
    , m_fds(std::move(streamFds))
    , m_feed(t0)
{
    for (std::size_t i = 0; i < m_fds.size(); ++i) {
        m_samplers.emplace_back(int(i));
        TcpInfoReading reading;
        if (readTcpInfo(m_fds[i], 0, reading))
            m_samplers.back().prime(reading);
    }
    if (m_metered)
        m_threadCpuAtStart = thisThreadCpuTime();
}

void RunSampler::sample(Clock::time_point now, TrafficResult &result, double probeRttMs)
{
    if (!m_metered) {
        read(now, result, probeRttMs);
        return;
    }
    const auto before = thisThreadCpuTime();
    read(now, result, probeRttMs);
    m_readingCpu += thisThreadCpuTime() - before;
    ++m_readings;
}

void RunSampler::logCost() const
{
    if (!m_metered)
        return;
    const auto ms = [](std::chrono::nanoseconds d) { return std::chrono::duration<double, std::milli>(d).count(); };
    const double all = ms(thisThreadCpuTime() - m_threadCpuAtStart);
    qCInfo(lcTrafficCost,
           "sampling: %d readings of %d streams took %.3f ms of the run thread's %.3f ms of CPU (%.3f %%)", m_readings,
           int(m_fds.size()), ms(m_readingCpu), all, all > 0 ? 100.0 * ms(m_readingCpu) / all : 0.0);
}

void RunSampler::read(Clock::time_point now, TrafficResult &result, double probeRttMs)
{
    const double t = std::chrono::duration<double>(now - m_t0).count();
    QList<TrafficSample> perStream;
    perStream.reserve(qsizetype(m_fds.size()));
    for (std::size_t i = 0; i < m_fds.size(); ++i) {
        TcpInfoReading reading;
        TrafficSample s;
        if (readTcpInfo(m_fds[i], t, reading) && m_samplers[i].next(reading, s)) {
            s.omitted = t < m_omitS;
            perStream.append(s);
        }
    }
    // A late wake-up skips the intervals it missed instead of sampling them all at once.
    m_next += m_interval;
    if (m_next < now)
        m_next = now + m_interval;
    if (perStream.isEmpty())
        return;
    TrafficSample aggregate = aggregateSamples(perStream);
    aggregate.probeRttMs = probeRttMs;
    for (const TrafficSample &one : perStream)
        result.perStream[one.stream].samples.append(one);
    result.samples.append(aggregate);
    m_feed.addSample(aggregate);
    if (!aggregate.omitted)
        m_feed.addThroughput(aggregate.throughputBps);
}

QList<TrafficSample> LiveFeed::takeBatch(Clock::time_point now, bool force)
{
    if (m_batch.isEmpty() || (!force && now - m_lastBatch < std::chrono::milliseconds(100)))
        return {};
    m_lastBatch = now;
    return std::exchange(m_batch, {});
}

std::optional<double> LiveFeed::takeProgress(Clock::time_point now)
{
    if (now - m_lastProgress < std::chrono::milliseconds(250))
        return std::nullopt;
    const double mean = m_progressCount > 0 ? m_progressSum / m_progressCount : 0;
    m_progressSum = 0;
    m_progressCount = 0;
    m_lastProgress = now;
    return mean;
}

} // namespace tcptune
