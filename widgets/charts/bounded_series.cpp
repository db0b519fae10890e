#include "charts/bounded_series.h"

#include <algorithm>
#include <cmath>

namespace tcptune::charts {

BoundedSeries::BoundedSeries(std::size_t limit)
    : m_limit(std::max<std::size_t>(limit, 64))
{
}

void BoundedSeries::append(double x, double y)
{
    ++m_revision;
    m_x.push_back(x);
    m_y.push_back(y);
    if (m_x.size() - m_reduced >= m_limit / 2)
        compact();
}

void BoundedSeries::clear()
{
    ++m_revision;
    m_x.clear();
    m_y.clear();
    m_reduced = 0;
    m_width = 0;
}

void BoundedSeries::reset(std::size_t limit)
{
    clear();
    m_limit = std::max<std::size_t>(limit, 64);
}

double BoundedSeries::bucketOf(double x) const
{
    return std::floor((x - m_origin) / m_width);
}

std::size_t BoundedSeries::reduce(std::size_t from, std::size_t to)
{
    std::size_t out = from;
    for (std::size_t i = from; i < to;) {
        const double bucket = bucketOf(m_x[i]);
        std::size_t low = i;
        std::size_t high = i;
        std::size_t j = i + 1;
        for (; j < to && bucketOf(m_x[j]) == bucket; ++j) {
            if (m_y[j] < m_y[low])
                low = j;
            if (m_y[j] > m_y[high])
                high = j;
        }
        // In the order they occurred, so x stays ascending. Read both before writing: OUT <= I.
        const std::size_t first = std::min(low, high);
        const std::size_t second = std::max(low, high);
        const double x1 = m_x[first], y1 = m_y[first], x2 = m_x[second], y2 = m_y[second];
        m_x[out] = x1;
        m_y[out++] = y1;
        if (second != first) {
            m_x[out] = x2;
            m_y[out++] = y2;
        }
        i = j;
    }
    return out;
}

void BoundedSeries::compact()
{
    const std::size_t chunkEnd = m_reduced + m_limit / 4;
    if (m_width == 0) {
        // First time: buckets of about four points, so the chunk is halved.
        m_origin = m_x.front();
        const double span = m_x[chunkEnd - 1] - m_x.front();
        m_width = span > 0 ? span / double(m_limit / 16) : 1e-9;
    }
    // The chunk's first bucket may have begun in the reduced part (its extremes, at most two).
    std::size_t from = m_reduced;
    while (from > 0 && m_reduced - from < 2 && bucketOf(m_x[from - 1]) == bucketOf(m_x[m_reduced]))
        --from;
    const std::size_t reducedEnd = reduce(from, chunkEnd);
    m_x.erase(m_x.begin() + std::ptrdiff_t(reducedEnd), m_x.begin() + std::ptrdiff_t(chunkEnd));
    m_y.erase(m_y.begin() + std::ptrdiff_t(reducedEnd), m_y.begin() + std::ptrdiff_t(chunkEnd));
    m_reduced = reducedEnd;
    // Full: buckets twice as wide (each pair of neighbours merges), until it fits its half again.
    while (m_reduced > m_limit / 2) {
        m_width *= 2;
        const std::size_t halvedEnd = reduce(0, m_reduced);
        m_x.erase(m_x.begin() + std::ptrdiff_t(halvedEnd), m_x.begin() + std::ptrdiff_t(m_reduced));
        m_y.erase(m_y.begin() + std::ptrdiff_t(halvedEnd), m_y.begin() + std::ptrdiff_t(m_reduced));
        m_reduced = halvedEnd;
    }
}

} // namespace tcptune::charts
