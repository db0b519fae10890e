// Measures how long ThroughputRttView takes to replot (decimate + QXYSeries::replace + axes) a
// run of N points (default 1,000,000), at full range and zoomed, and how long the charts then
// take to paint. Usage: bench_chart_replot [POINTS] [REPEATS]. Runs offscreen without a display.

#include "bench_machine.h"
#include "charts/throughput_rtt_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <cmath>

using namespace tcptune;

namespace {

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    bench::offscreenWithoutDisplay();
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    const int points = args.size() > 1 ? args[1].toInt() : 1000000;
    const int repeats = args.size() > 2 ? args[2].toInt() : 20;
    QTextStream out(stdout);
    bench::reportMachine(out, QStringLiteral("start"));

    ThroughputRttView view;
    view.resize(1600, 600);
    view.show();
    QApplication::processEvents();

    QList<ChartSample> samples;
    samples.reserve(points);
    for (int i = 0; i < points; ++i) {
        ChartSample s;
        s.t = i * 0.001;
        s.throughputMbps = 900 + 80 * std::sin(i * 0.0003) + (i * 7919 % 97);
        s.rttMs = 2 + std::fmod(i * 0.37, 5.0);
        s.cwnd = 100 + i % 300;
        samples.append(s);
    }
    // A finished series (setSeries keeps every point), as a capture's or a stored run's.
    const int run = view.addRun(QStringLiteral("bench"));
    QElapsedTimer clock;
    clock.start();
    QList<QPointF> throughput, rtt, cwnd;
    for (const ChartSample &s : samples) {
        throughput.append({s.t, s.throughputMbps});
        rtt.append({s.t, s.rttMs});
        cwnd.append({s.t, s.cwnd});
    }
    view.setSeries(run, ChartMetric::Throughput, throughput);
    view.setSeries(run, ChartMetric::Rtt, rtt);
    view.setSeries(run, ChartMetric::Cwnd, cwnd);
    const double appendMs = clock.nsecsElapsed() / 1e6;

    QList<double> full;
    QList<double> zoomed;
    QList<double> painted;
    for (int r = 0; r < repeats; ++r) {
        view.resetZoom();
        view.replotNow();
        full.append(view.lastReplotNanoseconds() / 1e6);
        clock.restart();
        view.repaint();
        painted.append(clock.nsecsElapsed() / 1e6);
        view.setXRange(points * 0.001 * 0.25, points * 0.001 * 0.75);
        view.replotNow();
        zoomed.append(view.lastReplotNanoseconds() / 1e6);
    }
    view.setExtraMetric(ChartMetric::Cwnd);
    view.resetZoom();
    view.replotNow();
    const double withExtra = view.lastReplotNanoseconds() / 1e6;

    out << "points: " << points << " (throughput + RTT series; plotted "
        << view.plottedPointCount(run, ChartMetric::Throughput) << " after decimation)\n"
        << "setSeries (three metrics): " << appendMs << " ms\n"
        << "replot full range: median " << median(full) << " ms, max " << *std::max_element(full.begin(), full.end())
        << " ms\n"
        << "replot zoomed to half: median " << median(zoomed) << " ms\n"
        << "replot with cwnd extra series: " << withExtra << " ms\n"
        << "paint both charts: median " << median(painted) << " ms\n";
    const bool ok = median(full) < 50.0;
    out << (ok ? "OK: under 50 ms\n" : "SLOW: 50 ms or more\n");
    bench::reportMachine(out, QStringLiteral("end"));
    return ok ? 0 : 1;
}
