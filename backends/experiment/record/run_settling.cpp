#include "experiment/record/run_settling.h"

#include "common/statistics.h"
#include "experiment/record/record_enum_names.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <span>

namespace tcptune {
namespace {

struct Window {
    double t = 0;           // its start
    double rttMs = -1;      // the median of its RTT samples
    double throughput = -1; // the mean of its throughput samples
};

QList<Window> windowsOf(const QList<RunSample> &samples)
{
    QList<Window> out;
    QList<double> rtts, rates;
    double start = samples.isEmpty() ? 0 : samples.first().t;
    auto close = [&] {
        if (rates.isEmpty())
            return;
        Window w;
        w.t = start;
        w.rttMs = rtts.isEmpty() ? -1 : stats::median(std::span<const double>(rtts));
        w.throughput = stats::mean(std::span<const double>(rates));
        out << w;
        rtts.clear();
        rates.clear();
    };
    for (const RunSample &s : samples) {
        if (s.t >= start + RunSettling::kWindowS - 1e-9) {
            close();
            start = s.t;
        }
        if (s.rttMs > 0)
            rtts << s.rttMs;
        rates << s.throughputBps;
    }
    close();
    return out;
}

// The first window from which FIELD came within the tolerance of the level of the last windows
// (a rising series: the first at or above it, less the tolerance; a falling one mirrored), or
// within FLOOR of it: an RTT of a few hundred microseconds jitters by more than a fifth.
qsizetype levelledFrom(const QList<Window> &windows, double Window::*field, double floor)
{
    QList<double> tail;
    for (qsizetype i = std::max<qsizetype>(0, windows.size() - RunSettling::kEndWindows); i < windows.size(); ++i)
        if (windows[i].*field >= 0)
            tail << windows[i].*field;
    if (tail.isEmpty())
        return 0;
    const double level = stats::median(std::span<const double>(tail));
    for (qsizetype i = 0; i < windows.size(); ++i) {
        const double v = windows[i].*field;
        if (v >= 0 && std::abs(v - level) <= std::max(RunSettling::kTolerance * level, floor))
            return i;
    }
    return windows.size() - 1;
}

// Whether FIELD still rose over the windows from FROM on: the median of their second half above
// the first half's by more than half the tolerance (and FLOOR).
bool stillRising(const QList<Window> &windows, qsizetype from, double Window::*field, double floor)
{
    QList<double> first, second;
    const qsizetype middle = from + (windows.size() - from) / 2;
    for (qsizetype i = from; i < windows.size(); ++i)
        if (windows[i].*field >= 0)
            (i < middle ? first : second) << windows[i].*field;
    if (first.isEmpty() || second.isEmpty())
        return false;
    const double before = stats::median(std::span<const double>(first));
    const double after = stats::median(std::span<const double>(second));
    return after - before > std::max(RunSettling::kTolerance / 2 * before, floor);
}

QString seriesName(RunSettling::Series s)
{
    return nameOf(kSettlingSeriesNames, s);
}

} // namespace

RunSettling RunSettling::find(const QList<RunSample> &samples)
{
    RunSettling out;
    const QList<Window> windows = windowsOf(samples);
    if (windows.size() < 2 * kEndWindows)
        return out;
    out.judged = true;
    const double begin = samples.first().t;
    out.endS = samples.last().t;
    const qsizetype rtt = levelledFrom(windows, &Window::rttMs, kRttFloorMs);
    const qsizetype rate = levelledFrom(windows, &Window::throughput, 0);
    const qsizetype cut = std::max(rtt, rate);
    out.cutS = cut == 0 ? 0 : windows[cut].t;
    const double length = out.endS - begin;
    const double kept = out.endS - std::max(out.cutS, begin);
    // The RTT only: a queue that still fills. A small flow's throughput per window jumps by
    // more than the check allows (a few messages a window), and a late level catches a ramp.
    const bool rttRising = stillRising(windows, cut, &Window::rttMs, kRttFloorMs);
    out.settled = kept >= kMinMeasuredS && kept >= kMinMeasuredShare * length && !rttRising;
    for (const RunSample &s : samples)
        if (s.rttMs > 0 && (out.pathRttMs < 0 || s.rttMs < out.pathRttMs))
            out.pathRttMs = s.rttMs;
    if (!out.settled) {
        out.rising = rttRising || rtt >= rate ? Series::Rtt : Series::Throughput;
        // Room for the start-up phase seen so far and as long again to measure.
        out.advisedS = std::round(4 * std::max(length, kMinMeasuredS)) / 2;
    }
    return out;
}

RunSettling settlingOf(const RunRecord &run)
{
    return RunSettling::fromJson(run.details.value(QStringLiteral("settling")).toObject());
}

QString RunSettling::warning() const
{
    if (!judged || settled)
        return QString();
    const QString length = QLocale().toString(advisedS, 'g', 3);
    if (rising == Series::Throughput)
        return tr("The throughput was still rising when the run ended: run longer than %1 s.").arg(length);
    return tr("The RTT was still rising when the run ended: run longer than %1 s.").arg(length);
}

QJsonObject RunSettling::toJson() const
{
    return {{QStringLiteral("judged"), judged},        {QStringLiteral("measured_from_s"), cutS},
            {QStringLiteral("settled"), settled},      {QStringLiteral("rising"), seriesName(rising)},
            {QStringLiteral("end_s"), endS},           {QStringLiteral("advised_duration_s"), advisedS},
            {QStringLiteral("path_rtt_ms"), pathRttMs}};
}

RunSettling RunSettling::fromJson(const QJsonObject &json)
{
    RunSettling s;
    s.judged = json.value(QStringLiteral("judged")).toBool();
    s.cutS = json.value(QStringLiteral("measured_from_s")).toDouble();
    s.settled = json.value(QStringLiteral("settled")).toBool(true);
    const QString rising = json.value(QStringLiteral("rising")).toString();
    s.rising = parseName(kSettlingSeriesNames, rising).value_or(Series::None);
    s.endS = json.value(QStringLiteral("end_s")).toDouble();
    s.advisedS = json.value(QStringLiteral("advised_duration_s")).toDouble();
    s.pathRttMs = json.value(QStringLiteral("path_rtt_ms")).toDouble(-1);
    return s;
}

} // namespace tcptune
