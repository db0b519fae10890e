#pragma once
// A live series (x ascending, e.g. seconds) that never holds more than a fixed number of points:
// the newest points (up to half the limit) stay at full resolution, everything older is kept as
// the min and max of equal time buckets, and when that part fills its half the buckets double in
// width. Memory stays bounded however long a run goes on, the buckets stay equally wide over the
// whole history, and a chart of the whole run still shows every peak and dip, as min/max-per-
// pixel decimation needs. Appending costs O(1) amortised. No Qt Charts here: plain data.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tcptune::charts {

class BoundedSeries final {
public:
    static constexpr std::size_t kDefaultLimit = 16384;

    explicit BoundedSeries(std::size_t limit = kDefaultLimit);

    // X must not be below the last x (the caller drops out-of-order points).
    void append(double x, double y);
    void clear();
    // Clears and takes a new limit (e.g. "unbounded" for a finished series set whole).
    void reset(std::size_t limit);

    std::span<const double> x() const { return m_x; }
    std::span<const double> y() const { return m_y; }
    std::size_t size() const { return m_x.size(); }
    bool empty() const { return m_x.empty(); }
    double lastX() const { return m_x.back(); }
    // Width in x of the buckets the older part is kept in; 0 while nothing was reduced.
    double bucketWidth() const { return m_width; }
    std::size_t limit() const { return m_limit; }
    // Changes whenever the points change: a view may skip redrawing an unchanged series.
    std::uint64_t revision() const { return m_revision; }

private:
    // Moves the oldest quarter of the limit from the full-resolution part into the buckets.
    void compact();
    // Reduces [FROM, TO) in place to the min and max (in time order) of each bucket; returns the
    // new end.
    std::size_t reduce(std::size_t from, std::size_t to);
    double bucketOf(double x) const;

    std::size_t m_limit;
    std::size_t m_reduced = 0; // points [0, m_reduced) are bucket extremes
    double m_origin = 0;
    double m_width = 0;
    std::uint64_t m_revision = 0;
    std::vector<double> m_x;
    std::vector<double> m_y;
};

} // namespace tcptune::charts
