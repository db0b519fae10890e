#pragma once
// The receiver's bytes per sampling interval of one run, in bounded memory: once CAPACITY
// entries are stored, neighbouring entries merge (the resolution halves) and later intervals are
// summed in pairs, fours, ..., so a long run at a short interval keeps its whole span.

#include <QJsonArray>

#include <cstdint>
#include <vector>

namespace tcptune {

class IntervalLog final {
public:
    explicit IntervalLog(int capacity);

    // One sampling tick: BYTES arrived in the interval ending at T seconds.
    void add(double t, std::int64_t bytes);
    // The same, given the run's byte count so far (the interval holds what came since the last).
    void addTotal(double t, std::int64_t totalBytes)
    {
        add(t, totalBytes - m_total);
        m_total = totalBytes;
    }
    // [[t, bytes], ...], including a partly summed last entry.
    QJsonArray toJson() const;
    int size() const { return int(m_entries.size()); }
    int ticksPerEntry() const { return m_stride; }

private:
    struct Entry {
        double t = 0;
        std::int64_t bytes = 0;
    };
    void merge();

    std::size_t m_capacity;
    std::vector<Entry> m_entries;
    int m_stride = 1;
    Entry m_pending;
    int m_pendingTicks = 0;
    std::int64_t m_total = 0;
};

} // namespace tcptune
