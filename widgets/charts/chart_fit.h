#pragma once

// Fitting a chart's own texts (its title, a legend's row) into the room the window leaves it:
// QtCharts cuts what does not fit to "...", which at 1024x700 left "Throughput (mean o..." and
// "receive w...".

#include <QStringList>

#include <functional>

QT_BEGIN_NAMESPACE
class QChart;
class QFont;
QT_END_NAMESPACE

namespace tcptune::charts {

// Keeps CHART's title the longest of LONGEST_FIRST that fits its width, now and whenever the
// chart is resized; the last one stands when none fits.
void keepTitleFitting(QChart *chart, const QStringList &longestFirst);

// The width a legend of LABELS in one row needs in FONT: each entry's marker, its text and the
// space QtCharts keeps around them.
int legendRowWidth(const QFont &font, const QStringList &labels);

// The room for a title or a row of texts across CHART: as wide as its plot and axes, less its
// margins.
int textRoom(const QChart *chart);

// Calls FIT whenever CHART is resized (and now): the chart's own fitting of its texts.
void onResize(QChart *chart, const std::function<void()> &fit);

} // namespace tcptune::charts
