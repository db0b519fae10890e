#pragma once
// Round axis scales and labels people read at a glance: ticks at 1, 2 or 5 x 10^k (so a zoomed
// time axis reads 5.1, 5.2 rather than 5.133), and values with SI prefixes in the user's
// locale ("40 k", "1,5 M", "0,003") instead of printf's "4e+04". Plain functions: the chart views
// put the labels on QCategoryAxis ticks.

#include <QList>
#include <QString>

namespace tcptune::axisscale {

struct Scale {
    double min = 0;
    double max = 1;
    double step = 0.2;
    QList<double> ticks() const; // min, min + step, ..., max
};

// A round step that divides SPAN into about TARGET_TICKS intervals (1, 2 or 5 x 10^k).
double niceStep(double span, int targetTicks = 5);
// From 0 (or MIN rounded down) to a round top at or above MAX.
Scale niceScale(double min, double max, int targetTicks = 5);

// V for an axis whose ticks are STEP apart: SI prefix k/M/G from 1000 on, otherwise just the
// decimals STEP needs; locale decimal separator.
QString label(double v, double step);

// Decimals a value needs to show ticks STEP apart (0 for 1, 2, 5; 1 for 2.5 and 0.5).
int decimalsFor(double step);

} // namespace tcptune::axisscale
