#pragma once
// RttDistribution: every RTT sample of one direction, kept exactly but compactly: samples gather
// in a buffer that is sorted and merged into (value, count) runs when it fills. Captures carry
// microsecond (often coarser) timestamps, so RTTs repeat and the runs stay few: memory follows
// the number of distinct RTTs, not the number of ACKs, while min, median, p95 and max stay exact.

#include "capture/capture_analysis.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tcptune {

class RttDistribution final {
public:
    void add(std::int64_t rttNs);
    // Count, min, median, p95 (common/statistics' percentile, numpy's default) and max.
    RttStats stats();
    // Bytes on the heap, for memory accounting.
    std::size_t heapBytes() const;

private:
    struct Run {
        std::int64_t value;
        std::int64_t count;
    };
    void compact();
    // The K-th smallest sample (0-based).
    std::int64_t at(std::int64_t k) const;

    std::vector<std::int64_t> m_pending;
    std::vector<Run> m_runs; // ascending values
    std::int64_t m_count = 0;
};

} // namespace tcptune
