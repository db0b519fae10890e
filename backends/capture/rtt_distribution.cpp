#include "capture/rtt_distribution.h"

#include "common/statistics.h"

#include <algorithm>

namespace tcptune {
namespace {
// Pending samples before a merge: large enough that merges are rare, small next to the cap.
constexpr std::size_t kPendingLimit = 1 << 16;
} // namespace

void RttDistribution::add(std::int64_t rttNs)
{
    if (m_pending.empty())
        m_pending.reserve(std::min<std::size_t>(kPendingLimit, 64));
    m_pending.push_back(rttNs);
    ++m_count;
    if (m_pending.size() >= kPendingLimit)
        compact();
}

void RttDistribution::compact()
{
    if (m_pending.empty())
        return;
    std::sort(m_pending.begin(), m_pending.end());
    std::vector<Run> merged;
    merged.reserve(m_runs.size() + m_pending.size());
    auto run = m_runs.begin();
    const auto put = [&merged](std::int64_t value, std::int64_t count) {
        if (!merged.empty() && merged.back().value == value)
            merged.back().count += count;
        else
            merged.push_back({value, count});
    };
    for (const std::int64_t v : m_pending) {
        for (; run != m_runs.end() && run->value <= v; ++run)
            put(run->value, run->count);
        put(v, 1);
    }
    for (; run != m_runs.end(); ++run)
        put(run->value, run->count);
    merged.shrink_to_fit();
    m_runs.swap(merged);
    m_pending.clear();
}

std::int64_t RttDistribution::at(std::int64_t k) const
{
    for (const Run &r : m_runs) {
        if (k < r.count)
            return r.value;
        k -= r.count;
    }
    return m_runs.empty() ? 0 : m_runs.back().value;
}

RttStats RttDistribution::stats()
{
    compact();
    RttStats s;
    if (m_count == 0)
        return s;
    const auto ms = [](std::int64_t ns) { return double(ns) / 1e6; };
    s.count = m_count;
    s.min_ms = ms(m_runs.front().value);
    s.max_ms = ms(m_runs.back().value);
    const auto valueAt = [this, &ms](std::size_t k) { return ms(at(std::int64_t(k))); };
    s.median_ms = stats::percentileOfRanked(std::size_t(m_count), 50, valueAt);
    s.p95_ms = stats::percentileOfRanked(std::size_t(m_count), 95, valueAt);
    return s;
}

std::size_t RttDistribution::heapBytes() const
{
    return m_pending.capacity() * sizeof(std::int64_t) + m_runs.capacity() * sizeof(Run);
}

} // namespace tcptune
