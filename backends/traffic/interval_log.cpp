#include "traffic/interval_log.h"

#include <algorithm>

namespace tcptune {

// An even capacity, so that a full log merges into exactly half.
IntervalLog::IntervalLog(int capacity)
    : m_capacity(std::size_t(std::max(2, capacity - capacity % 2)))
{
    m_entries.reserve(std::min<std::size_t>(m_capacity, 1024));
}

void IntervalLog::add(double t, std::int64_t bytes)
{
    m_pending.t = t;
    m_pending.bytes += bytes;
    if (++m_pendingTicks < m_stride)
        return;
    if (m_entries.size() >= m_capacity)
        merge();
    m_entries.push_back(m_pending);
    m_pending = {};
    m_pendingTicks = 0;
}

void IntervalLog::merge()
{
    for (std::size_t i = 0; i < m_entries.size() / 2; ++i)
        m_entries[i] = {m_entries[2 * i + 1].t, m_entries[2 * i].bytes + m_entries[2 * i + 1].bytes};
    m_entries.resize(m_entries.size() / 2);
    m_stride *= 2;
}

QJsonArray IntervalLog::toJson() const
{
    QJsonArray out;
    for (const Entry &e : m_entries)
        out.append(QJsonArray{e.t, double(e.bytes)});
    if (m_pendingTicks > 0)
        out.append(QJsonArray{m_pending.t, double(m_pending.bytes)});
    return out;
}

} // namespace tcptune
