#pragma once
// What ThroughputRttView draws, with no chart in it: each run's look and series (live samples
// bounded, the throughput line as goodput over 100 ms, an RTT of 0 left out), the time range
// (following the data or zoomed), the goodput unit, the extra metric, and what a replot hands the
// charts: every line decimated to min/max per pixel column, and each value axis's top and
// whether it turns logarithmic. Plain data, so the scale decisions are tested without a widget.

#include "charts/bounded_series.h"
#include "charts/chart_sample.h"
#include "charts/goodput_window.h"
#include "common/throughput_unit.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace tcptune::charts {

// The lines of a run: the throughput chart's, the RTT chart's, and the extra metric's (drawn on
// the throughput chart's right-hand axis).
enum class Line { Throughput, Rtt, Extra };
inline constexpr int lineCount = 3;

// A run (or a capture's flow) as the charts show it.
struct ChartRun {
    QString label;
    QColor colour;
    Qt::PenStyle dash = Qt::SolidLine;
    QString toolTip; // the run's configuration, beside the label in the legend's tooltip
    qint64 tag = 0;  // the stored run it shows (its id in the result store); 0: none
    bool pinned = false;
    bool visible = true;
};

// What a value axis shows after a replot (ChartValueAxis::show()).
struct AxisExtent {
    double top = 0;    // a little above the highest value drawn
    double lowest = 0; // the lowest typical (median) value of a visible run
    bool wide = false; // typical values ChartValueAxis::kWideRatio apart or more
    bool logarithmic() const { return wide && lowest > 0; }
};

// New points for one line of one run (values in the axis's unit; none at or below 0 on a
// logarithmic axis).
struct LineUpdate {
    int run = 0;
    Line line = Line::Throughput;
    QList<QPointF> points;
};

// What one replot hands the charts: the axes first, then the lines that changed.
struct Replot {
    std::array<AxisExtent, lineCount> axes;
    std::vector<LineUpdate> updates;
    const AxisExtent &axis(Line line) const { return axes[size_t(line)]; }
};

// One run's nearest value at a time, for the crosshair.
struct RunValue {
    QString label;
    double value = 0;
};

class ThroughputRttModel final {
public:
    // A new run with COLOUR, or the next colour and dash of the palette (seriesColour()).
    int addRun(const QString &label, const QColor &colour = {});
    bool removeRun(int run);
    // The palette starts over at the next run (the charts were cleared).
    void restartLooks() { m_nextLook = 0; }
    ChartRun *run(int run);
    const ChartRun *run(int run) const;
    // RUN, or a run of no label, colour, tag or tooltip, unpinned, when there is none.
    const ChartRun &runOrNone(int run) const;
    QList<int> runIds() const; // in the order they were added
    std::size_t runCount() const { return m_runs.size(); }
    QList<int> unpinnedRuns() const;
    int runTagged(qint64 storedRunId) const; // -1: none

    // Appends live samples (t ascending; later ones out of order are dropped).
    void appendSamples(int run, const QList<ChartSample> &samples);
    // Replaces one metric of a run with POINTS, a finished series (every point kept); the
    // throughput through the goodput window, unless RESTORED (a saved session's, windowed once).
    void setSeries(int run, ChartMetric metric, const QList<QPointF> &points, bool restored = false);
    QList<QPointF> series(int run, ChartMetric metric) const;
    qsizetype pointCount(int run, ChartMetric metric) const;
    // The visible runs' value of METRIC nearest to T (unscaled).
    QList<RunValue> valuesAt(double t, ChartMetric metric) const;

    // Returns whether the unit changed; every throughput line is then drawn again.
    bool setThroughputUnit(ThroughputUnit unit);
    ThroughputUnit throughputUnit() const { return m_throughputUnit; }
    // What one Mbit/s of a stored series reads in the goodput axis's unit.
    double throughputScale() const { return m_throughputUnit.fromBitsPerSecond(1e6); }

    // Throughput and RTT are never the extra metric (they have charts of their own): those give
    // none. Every run's extra line is drawn anew.
    void setExtraMetric(std::optional<ChartMetric> metric);
    std::optional<ChartMetric> extraMetric() const { return m_extra; }

    // Returns false for an empty range; a range set stops following the data.
    bool setXRange(double min, double max);
    void follow() { m_following = true; }
    bool isFollowing() const { return m_following; }
    QPointF xRange() const { return {m_min, m_max}; }
    // The range zoomed by FACTOR around ANCHOR; none when it would be too narrow to read.
    std::optional<QPointF> zoomed(double factor, double anchor) const;
    // Following, the range ends where the data does (a 10 s run at 10 s, not at a round 12.5).
    void followData();

    // Decimates the lines that changed since the last replot for charts THROUGHPUT_COLUMNS and
    // RTT_COLUMNS px wide, and decides the value axes.
    Replot replot(int throughputColumns, int rttColumns);

private:
    // What a line was last drawn from: the same again needs no new points (a finished run of a
    // sweep stays as it is while the live one grows).
    struct Drawn {
        std::uint64_t revision = ~std::uint64_t(0);
        double min = 0;
        double max = 0;
        int columns = 0;
        double top = 0;           // highest y drawn
        double typical = 0;       // median y drawn (to tell runs 100x apart)
        bool logarithmic = false; // drawn for a logarithmic axis (zeros left out)
        qsizetype handed = 0;     // points the chart got
    };
    struct Entry {
        ChartRun run;
        // Live samples: bounded, older history kept as min/max buckets.
        std::array<BoundedSeries, chartMetricCount> columns;
        GoodputWindow goodput; // what the throughput column is fed through
        std::array<Drawn, lineCount> drawn;
    };

    const BoundedSeries &column(const Entry &entry, Line line) const;
    double scaleOf(Line line) const { return line == Line::Throughput ? throughputScale() : 1.0; }
    // Decimates LINE of ENTRY into INTO unless it is drawn as it stands; returns what it is
    // drawn from (top and typical value).
    const Drawn &plot(int id, Entry &entry, Line line, int columns, Replot &into);
    void redrawOnScaleChange(Replot &result);
    double dataEnd() const;

    std::map<int, Entry> m_runs;
    int m_nextRun = 1;
    int m_nextLook = 0;
    std::optional<ChartMetric> m_extra;
    ThroughputUnit m_throughputUnit;
    bool m_following = true;
    double m_min = 0;
    double m_max = 10;
};

} // namespace tcptune::charts
