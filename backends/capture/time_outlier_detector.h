#pragma once
// TimeOutlierDetector: finds packets whose timestamp lies far (more than a day) from the packets
// around them in the file: a clock that jumped, a damaged record. Tells them with their record
// numbers so that a capture "lasting 53 years" is explained, not silently believed or dropped.
// Constant memory: it looks at three consecutive packets at a time.

#include <cstdint>
#include <utility>
#include <vector>

namespace tcptune {

class TimeOutlierDetector final {
public:
    static constexpr std::int64_t kDefaultGapNs = 86400LL * 1000000000LL;
    explicit TimeOutlierDetector(std::int64_t gapNs = kDefaultGapNs)
        : m_gapNs(gapNs)
    {
    }

    // Each packet in file order.
    void add(std::int64_t record, std::int64_t timeNs);
    // After the last packet.
    void finish();

    std::int64_t count() const { return m_count; }
    // The first few outliers: (record number, time in ns since the epoch).
    const std::vector<std::pair<std::int64_t, std::int64_t>> &examples() const { return m_examples; }

private:
    bool far(std::int64_t a, std::int64_t b) const;
    void flag(std::int64_t record, std::int64_t timeNs);

    std::int64_t m_gapNs;
    std::int64_t m_seen = 0;
    std::int64_t m_record[3] = {}; // [0] oldest .. [2] newest
    std::int64_t m_time[3] = {};
    std::int64_t m_count = 0;
    std::vector<std::pair<std::int64_t, std::int64_t>> m_examples;
};

} // namespace tcptune
