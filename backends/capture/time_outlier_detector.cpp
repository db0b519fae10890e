#include "capture/time_outlier_detector.h"

namespace tcptune {

namespace {
constexpr std::size_t kExamples = 3;
}

bool TimeOutlierDetector::far(std::int64_t a, std::int64_t b) const
{
    // Unsigned difference: exact for any two int64 values.
    const std::uint64_t d = a > b ? std::uint64_t(a) - std::uint64_t(b) : std::uint64_t(b) - std::uint64_t(a);
    return d > std::uint64_t(m_gapNs);
}

void TimeOutlierDetector::flag(std::int64_t record, std::int64_t timeNs)
{
    ++m_count;
    if (m_examples.size() < kExamples)
        m_examples.emplace_back(record, timeNs);
}

// A packet in the middle is an outlier when it is far from both neighbours; the first packet
// when it is far from the second while the second and third agree.
void TimeOutlierDetector::add(std::int64_t record, std::int64_t timeNs)
{
    m_record[0] = m_record[1];
    m_time[0] = m_time[1];
    m_record[1] = m_record[2];
    m_time[1] = m_time[2];
    m_record[2] = record;
    m_time[2] = timeNs;
    ++m_seen;
    if (m_seen == 3 && far(m_time[0], m_time[1]) && !far(m_time[1], m_time[2]))
        flag(m_record[0], m_time[0]);
    if (m_seen >= 3 && far(m_time[1], m_time[0]) && far(m_time[1], m_time[2]))
        flag(m_record[1], m_time[1]);
}

// The last packet: far from the one before while that one agrees with its own predecessor.
void TimeOutlierDetector::finish()
{
    if (m_seen >= 3 && far(m_time[2], m_time[1]) && !far(m_time[1], m_time[0]))
        flag(m_record[2], m_time[2]);
}

} // namespace tcptune
