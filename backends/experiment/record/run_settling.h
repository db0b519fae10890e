#pragma once
// Where a run's start-up phase (slow start, the bottleneck queue filling) ends, found from the
// run's own series: the first 100 ms window from which the RTT and the throughput have come
// within kTolerance of the level they end at. The figures are taken from there on, as iperf3's
// --omit takes them, but found rather than guessed. A run whose level came too late to leave
// kMinMeasuredShare of it (and kMinMeasuredS), or whose RTT still rose over the part kept (its
// second half's median above its first half's by more than half the tolerance),
// never settled, and says which series was still rising. docs/diagnosis.md describes the method
// and why.

#include "experiment/record/run_record.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace tcptune {

struct RunSettling {
    Q_DECLARE_TR_FUNCTIONS(RunSettling)
public:
    enum class Series { None, Rtt, Throughput };

    static constexpr double kWindowS = 0.1;          // the series are judged in windows this long
    static constexpr double kTolerance = 0.2;        // within 20 % of the level the run ends at
    static constexpr double kRttFloorMs = 1;         // or within 1 ms of it (RTT)
    static constexpr int kEndWindows = 3;            // that level: the median of the last windows
    static constexpr double kMinMeasuredS = 0.5;     // a settled run keeps at least this long
    static constexpr double kMinMeasuredShare = 0.2; // and at least this share of its time

    bool judged = false;          // false: too few samples, or the user's --omit set the cut
    double cutS = 0;              // the figures are from this time on (seconds since the run started)
    bool settled = true;          // false: the level came too late (see rising)
    Series rising = Series::None; // the series that set a late cut
    double endS = 0;              // the last sample's time
    double advisedS = 0;          // not settled: a run length that would leave room to settle
    double pathRttMs = -1;        // the least RTT of the whole run, start-up included: the path's own

    // SAMPLES: the judged sender's aggregate series (stream < 0), in time order.
    static RunSettling find(const QList<RunSample> &samples);

    // The warning a run that never settled carries, empty for a settled one.
    QString warning() const;

    QJsonObject toJson() const;
    static RunSettling fromJson(const QJsonObject &json);
};

// The settling RUN's details keep (details.settling); not judged when they have none.
RunSettling settlingOf(const RunRecord &run);

} // namespace tcptune
