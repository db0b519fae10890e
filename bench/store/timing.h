#pragma once
// Repeated timings of one operation, in milliseconds: the bench reports their median and minimum
// (the minimum is what the machine can do, the median what a user sees on a quiet machine).

#include <QList>

#include <algorithm>

namespace tcptune::bench {

struct Timing {
    QList<double> ms;

    double median() const
    {
        QList<double> v = ms;
        std::sort(v.begin(), v.end());
        return v.isEmpty() ? 0 : v[v.size() / 2];
    }
    double min() const { return ms.isEmpty() ? 0 : *std::min_element(ms.begin(), ms.end()); }
};

} // namespace tcptune::bench
