#include "charts/min_max_decimator.h"

#include <algorithm>
#include <cmath>

namespace tcptune::charts {

QList<QPointF> decimateMinMax(std::span<const double> x, std::span<const double> y, double xMin, double xMax,
                              int columns)
{
    QList<QPointF> out;
    const size_t n = std::min(x.size(), y.size());
    if (columns <= 0 || n == 0 || !(xMax > xMin))
        return out;

    const auto xs = x.first(n);
    size_t begin = size_t(std::lower_bound(xs.begin(), xs.end(), xMin) - xs.begin());
    size_t end = size_t(std::upper_bound(xs.begin(), xs.end(), xMax) - xs.begin());

    // One valid point beyond each edge keeps the line running to the border when zoomed in.
    auto previousValid = [&](size_t i) -> std::ptrdiff_t {
        for (std::ptrdiff_t j = std::ptrdiff_t(i) - 1; j >= 0; --j)
            if (!std::isnan(y[size_t(j)]))
                return j;
        return -1;
    };
    auto nextValid = [&](size_t i) -> size_t {
        for (size_t j = i; j < n; ++j)
            if (!std::isnan(y[j]))
                return j;
        return n;
    };

    out.reserve(qsizetype(std::min(end - begin, size_t(columns) * 2)) + 2);
    if (const std::ptrdiff_t before = previousValid(begin); before >= 0)
        out.append(QPointF(x[size_t(before)], y[size_t(before)]));

    const double scale = double(columns) / (xMax - xMin);
    const double width = (xMax - xMin) / double(columns);
    size_t i = begin;
    while (i < end) {
        int column = std::min(columns - 1, int((x[i] - xMin) * scale));
        // Rounding may put x[i] on the wrong side of a boundary; the boundaries decide.
        while (column < columns - 1 && x[i] >= xMin + double(column + 1) * width)
            ++column;
        while (column > 0 && x[i] < xMin + double(column) * width)
            --column;
        const double boundary = column == columns - 1 ? HUGE_VAL : xMin + double(column + 1) * width;
        // Points of this column: [i, j). NaN fails both comparisons and is skipped for free.
        double low = HUGE_VAL;
        double high = -HUGE_VAL;
        size_t minAt = n;
        size_t maxAt = n;
        size_t j = i;
        do {
            const double v = y[j];
            if (v < low) {
                low = v;
                minAt = j;
            }
            if (v > high) {
                high = v;
                maxAt = j;
            }
            ++j;
        } while (j < end && x[j] < boundary);
        if (minAt != n) {
            const size_t first = std::min(minAt, maxAt);
            const size_t second = std::max(minAt, maxAt);
            out.append(QPointF(x[first], y[first]));
            if (second != first)
                out.append(QPointF(x[second], y[second]));
        }
        i = j;
    }

    if (const size_t after = nextValid(end); after < n)
        out.append(QPointF(x[after], y[after]));
    return out;
}

} // namespace tcptune::charts
