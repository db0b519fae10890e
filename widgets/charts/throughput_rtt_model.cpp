#include "charts/throughput_rtt_model.h"

#include "charts/chart_axis.h"
#include "charts/min_max_decimator.h"
#include "charts/series_style.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tcptune::charts {

namespace {

double maxY(const QList<QPointF> &points)
{
    double top = 0;
    for (const QPointF &p : points)
        top = std::max(top, p.y());
    return top;
}

// The value a run mostly has (median of what is plotted), to tell runs 100x apart.
double typicalY(QList<QPointF> points)
{
    points.removeIf([](const QPointF &p) { return !(p.y() > 0); });
    if (points.isEmpty())
        return 0;
    auto middle = points.begin() + points.size() / 2;
    std::nth_element(points.begin(), middle, points.end(),
                     [](const QPointF &a, const QPointF &b) { return a.y() < b.y(); });
    return middle->y();
}

// Typical values of the visible runs: wide when the largest is 100x the smallest.
struct Spread {
    double lowest = 0;
    double highest = 0;
    void add(double v)
    {
        if (v > 0) {
            lowest = lowest > 0 ? std::min(lowest, v) : v;
            highest = std::max(highest, v);
        }
    }
    bool wide() const { return lowest > 0 && highest / lowest >= ChartValueAxis::kWideRatio; }
};

// Whether V of METRIC is a value to draw: NaN is "not measured", and so is an RTT of 0 (the
// kernel's "no sample yet"; drawn, it made a line ramp up from 0 ms).
bool isPlotted(ChartMetric metric, double v)
{
    return !std::isnan(v) && (metric != ChartMetric::Rtt || v > 0);
}

} // namespace

int ThroughputRttModel::addRun(const QString &label, const QColor &colour)
{
    const int id = m_nextRun++;
    ChartRun &added = m_runs[id].run;
    added.label = label;
    const int look = m_nextLook++;
    added.colour = colour.isValid() ? colour : seriesColour(look);
    added.dash = seriesDash(look);
    return id;
}

bool ThroughputRttModel::removeRun(int id)
{
    return m_runs.erase(id) > 0;
}

ChartRun *ThroughputRttModel::run(int id)
{
    auto it = m_runs.find(id);
    return it == m_runs.end() ? nullptr : &it->second.run;
}

const ChartRun *ThroughputRttModel::run(int id) const
{
    auto it = m_runs.find(id);
    return it == m_runs.end() ? nullptr : &it->second.run;
}

const ChartRun &ThroughputRttModel::runOrNone(int id) const
{
    static const ChartRun none;
    const ChartRun *found = run(id);
    return found ? *found : none;
}

QList<int> ThroughputRttModel::runIds() const
{
    QList<int> ids;
    for (const auto &[id, entry] : m_runs)
        ids.append(id);
    return ids;
}

QList<int> ThroughputRttModel::unpinnedRuns() const
{
    QList<int> ids;
    for (const auto &[id, entry] : m_runs)
        if (!entry.run.pinned)
            ids.append(id);
    return ids;
}

int ThroughputRttModel::runTagged(qint64 storedRunId) const
{
    for (const auto &[id, entry] : m_runs)
        if (storedRunId > 0 && entry.run.tag == storedRunId)
            return id;
    return -1;
}

void ThroughputRttModel::appendSamples(int id, const QList<ChartSample> &samples)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end() || samples.isEmpty())
        return;
    Entry &entry = it->second;
    for (int m = 0; m < chartMetricCount; ++m) {
        const auto metric = ChartMetric(m);
        BoundedSeries &column = entry.columns[size_t(m)];
        for (const ChartSample &s : samples) {
            const double v = s.value(metric);
            if (!isPlotted(metric, v))
                continue;
            // Out-of-order samples would break the binary searches: drop them.
            if (!column.empty() && s.t < column.lastX())
                continue;
            column.append(s.t, metric == ChartMetric::Throughput ? entry.goodput.add(s.t, v) : v);
        }
    }
}

void ThroughputRttModel::setSeries(int id, ChartMetric metric, const QList<QPointF> &points, bool restored)
{
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    // Goodput as received (GoodputWindow), unless a saved session's points are put back as they
    // were drawn: windowed again they would be averaged twice.
    const QList<QPointF> plotted =
        metric == ChartMetric::Throughput && !restored ? GoodputWindow::smooth(points) : points;
    BoundedSeries &column = it->second.columns[size_t(metric)];
    // A finished series (a capture's): every point kept, however many.
    column.reset(std::numeric_limits<std::size_t>::max());
    for (const QPointF &p : plotted) {
        if (!isPlotted(metric, p.y()))
            continue;
        if (!column.empty() && p.x() < column.lastX())
            continue;
        column.append(p.x(), p.y());
    }
}

QList<QPointF> ThroughputRttModel::series(int id, ChartMetric metric) const
{
    QList<QPointF> points;
    auto it = m_runs.find(id);
    if (it == m_runs.end())
        return points;
    const BoundedSeries &c = it->second.columns[size_t(metric)];
    points.reserve(qsizetype(c.size()));
    for (size_t i = 0; i < c.size(); ++i)
        points.append(QPointF(c.x()[i], c.y()[i]));
    return points;
}

qsizetype ThroughputRttModel::pointCount(int id, ChartMetric metric) const
{
    auto it = m_runs.find(id);
    return it == m_runs.end() ? 0 : qsizetype(it->second.columns[size_t(metric)].size());
}

QList<RunValue> ThroughputRttModel::valuesAt(double t, ChartMetric metric) const
{
    QList<RunValue> values;
    for (const auto &[id, entry] : m_runs) {
        if (!entry.run.visible)
            continue;
        const BoundedSeries &c = entry.columns[size_t(metric)];
        if (c.empty())
            continue;
        auto it = std::lower_bound(c.x().begin(), c.x().end(), t);
        size_t i = size_t(it - c.x().begin());
        if (i == c.size() || (i > 0 && t - c.x()[i - 1] < c.x()[i] - t))
            i = i == 0 ? 0 : i - 1;
        values.append({entry.run.label, c.y()[i]});
    }
    return values;
}

bool ThroughputRttModel::setThroughputUnit(ThroughputUnit unit)
{
    if (unit == m_throughputUnit)
        return false;
    m_throughputUnit = unit;
    // Every goodput line is drawn again in the new unit, whatever it was drawn from.
    for (auto &[id, entry] : m_runs)
        entry.drawn[size_t(Line::Throughput)].revision = ~std::uint64_t(0);
    return true;
}

void ThroughputRttModel::setExtraMetric(std::optional<ChartMetric> metric)
{
    if (metric == ChartMetric::Throughput || metric == ChartMetric::Rtt)
        metric.reset();
    m_extra = metric;
    // The view makes every extra line anew: none has points to keep.
    for (auto &[id, entry] : m_runs)
        entry.drawn[size_t(Line::Extra)] = Drawn{};
}

bool ThroughputRttModel::setXRange(double min, double max)
{
    if (!(max > min))
        return false;
    m_following = false;
    m_min = min;
    m_max = max;
    return true;
}

std::optional<QPointF> ThroughputRttModel::zoomed(double factor, double anchor) const
{
    const double min = anchor - (anchor - m_min) * factor;
    const double max = anchor + (m_max - anchor) * factor;
    if (max - min < 1e-4)
        return std::nullopt;
    return QPointF(min, max);
}

void ThroughputRttModel::followData()
{
    if (!m_following)
        return;
    m_min = 0;
    m_max = std::max(dataEnd(), 1.0);
}

double ThroughputRttModel::dataEnd() const
{
    double end = 0;
    for (const auto &[id, entry] : m_runs) {
        if (!entry.run.visible)
            continue;
        for (const BoundedSeries &c : entry.columns)
            if (!c.empty())
                end = std::max(end, c.lastX());
    }
    return end;
}

const BoundedSeries &ThroughputRttModel::column(const Entry &entry, Line line) const
{
    switch (line) {
    case Line::Throughput: return entry.columns[size_t(ChartMetric::Throughput)];
    case Line::Rtt: return entry.columns[size_t(ChartMetric::Rtt)];
    case Line::Extra: break;
    }
    return entry.columns[size_t(m_extra.value_or(ChartMetric::Cwnd))];
}

Replot ThroughputRttModel::replot(int throughputColumns, int rttColumns)
{
    Replot result;
    double throughputTop = 0;
    double rttTop = 0;
    double extraTop = 0;
    Spread throughputSpread;
    Spread rttSpread;
    for (auto &[id, entry] : m_runs) {
        const Drawn &throughput = plot(id, entry, Line::Throughput, throughputColumns, result);
        const Drawn &rtt = plot(id, entry, Line::Rtt, rttColumns, result);
        if (entry.run.visible) {
            throughputTop = std::max(throughputTop, throughput.top);
            rttTop = std::max(rttTop, rtt.top);
            throughputSpread.add(throughput.typical);
            rttSpread.add(rtt.typical);
        }
        if (m_extra) {
            const Drawn &extra = plot(id, entry, Line::Extra, throughputColumns, result);
            if (entry.run.visible)
                extraTop = std::max(extraTop, extra.top);
        }
    }
    result.axes[size_t(Line::Throughput)] = {throughputTop * 1.05, throughputSpread.lowest, throughputSpread.wide()};
    result.axes[size_t(Line::Rtt)] = {rttTop * 1.05, rttSpread.lowest, rttSpread.wide()};
    result.axes[size_t(Line::Extra)] = {extraTop * 1.05, 0, false};
    redrawOnScaleChange(result);
    for (LineUpdate &update : result.updates) {
        Drawn &drawn = m_runs[update.run].drawn[size_t(update.line)];
        // A logarithmic axis has no place for 0: those points are left out, not drawn at the bottom.
        drawn.logarithmic = result.axis(update.line).logarithmic();
        if (drawn.logarithmic)
            update.points.removeIf([](const QPointF &q) { return !(q.y() > 0); });
        drawn.handed = update.points.size();
    }
    return result;
}

const ThroughputRttModel::Drawn &ThroughputRttModel::plot(int id, Entry &entry, Line line, int columns, Replot &into)
{
    const BoundedSeries &source = column(entry, line);
    Drawn &drawn = entry.drawn[size_t(line)];
    // A line the chart holds no points of (the extra metric switched) is drawn whatever the cache says.
    if (drawn.revision == source.revision() && drawn.min == m_min && drawn.max == m_max && drawn.columns == columns &&
        (drawn.handed > 0 || source.empty()))
        return drawn;
    QList<QPointF> points = decimateMinMax(source.x(), source.y(), m_min, m_max, columns);
    if (const double scale = scaleOf(line); scale != 1.0)
        for (QPointF &p : points)
            p.setY(p.y() * scale);
    drawn = {source.revision(), m_min, m_max, columns, maxY(points), typicalY(points), drawn.logarithmic, drawn.handed};
    into.updates.push_back({id, line, std::move(points)});
    return drawn;
}

// A line drawn as it stands was left as it was, but when its axis turned logarithmic (or back)
// its zeros must go (or come back): decimate it again.
void ThroughputRttModel::redrawOnScaleChange(Replot &result)
{
    const auto redraw = [&](int id, const Entry &entry, Line line) {
        const Drawn &drawn = entry.drawn[size_t(line)];
        if (drawn.logarithmic == result.axis(line).logarithmic())
            return;
        if (std::any_of(result.updates.begin(), result.updates.end(),
                        [&](const LineUpdate &u) { return u.run == id && u.line == line; }))
            return;
        const BoundedSeries &source = column(entry, line);
        QList<QPointF> points = decimateMinMax(source.x(), source.y(), drawn.min, drawn.max, drawn.columns);
        for (QPointF &p : points)
            p.setY(p.y() * scaleOf(line));
        result.updates.push_back({id, line, std::move(points)});
    };
    for (const auto &[id, entry] : m_runs) {
        redraw(id, entry, Line::Throughput);
        redraw(id, entry, Line::Rtt);
        if (m_extra)
            redraw(id, entry, Line::Extra);
    }
}

} // namespace tcptune::charts
