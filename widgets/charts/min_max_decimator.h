#pragma once
// Min/max-per-pixel-column decimation of an x-sorted series: what a line chart needs to look
// exactly like the full data at a given width, in O(n) over the visible range. No Qt Charts here,
// so it can be unit-tested and reused by report rendering.

#include <QList>
#include <QPointF>

#include <span>

namespace tcptune::charts {

// Reduces the points of (X[i], Y[i]) with X ascending to at most 2 * COLUMNS + 2 points: for each
// of COLUMNS equal slices of [X_MIN, X_MAX] the minimum and the maximum (in the order they occur),
// plus the nearest point outside the range on each side so the line reaches the plot's edges.
// NaN y values are skipped. COLUMNS <= 0 or an empty range gives an empty list.
QList<QPointF> decimateMinMax(std::span<const double> x, std::span<const double> y, double xMin, double xMax,
                              int columns);

} // namespace tcptune::charts
