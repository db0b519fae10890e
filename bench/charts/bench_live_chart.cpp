// A long live run on the real ThroughputRttView, fed as the workbench feeds it: a run of STREAMS
// streams (default 16) sampled every 10 ms, its samples (the aggregate and every stream's) in a
// batch every 100 ms as the Runner emits them; the view draws the run's aggregate (throughput,
// RTT and cwnd as the extra metric), as MainWindow does. OVERLAID finished runs of the same
// length (default 0) can sit beside it, as earlier runs of a sweep do.
// 1. Simulated time, as fast as the machine goes (default 10 minutes of samples): replot time
//    (replotNow after every batch) and memory (RSS, points held) as the history grows.
// 2. Real time, on top of that history (default 60 s): batches from a timer, the view's own
//    40 ms replot timer, and a 10 ms heartbeat timer whose longest gap is the worst stall the
//    user would feel.
// Usage: bench_live_chart [--streams N] [--overlaid K] [--minutes M] [--real-seconds S] [--quick]
// (--quick: 1 minute simulated, 5 s real time).
// Runs offscreen.

#include "bench_machine.h"
#include "charts/throughput_rtt_view.h"
#include "experiment/record/run_record.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QPixmap>
#include <QTimer>

#include <algorithm>
#include <cmath>

using namespace tcptune;

namespace {

constexpr double kSampleS = 0.01;
constexpr int kSamplesPerBatch = 10; // a batch every 100 ms

double rssMb()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return 0;
}

struct Stats {
    QList<double> values;
    double quantile(double q) const
    {
        QList<double> v = values;
        std::sort(v.begin(), v.end());
        return v.isEmpty() ? 0 : v[std::min<qsizetype>(v.size() - 1, qsizetype(q * double(v.size())))];
    }
    double max() const { return values.isEmpty() ? 0 : *std::max_element(values.begin(), values.end()); }
};

// The batch the Runner emits for ten sample intervals from sample index FIRST: the aggregate and
// each of STREAMS streams per interval.
QList<RunSample> runnerBatch(qint64 first, int streams)
{
    QList<RunSample> batch;
    batch.reserve(kSamplesPerBatch * (streams + 1));
    for (qint64 i = first; i < first + kSamplesPerBatch; ++i)
        for (int stream = -1; stream < streams; ++stream) {
            RunSample s;
            s.t = double(i) * kSampleS;
            s.stream = stream;
            const double share = stream < 0 ? 1.0 : 1.0 / streams;
            s.throughputBps = share * (600e6 + 50e6 * std::sin(double(i) * 0.003) + double(i * 7919 % 97) * 1e6);
            s.rttMs = 1 + std::fmod(double(i) * 0.37 + stream, 4.0);
            s.cwnd = qint64(share * double(100 + i % 300));
            batch.append(s);
        }
    return batch;
}

// What MainWindow::onSamples does with a batch: the aggregate samples, converted, appended.
void feedBatch(ThroughputRttView &view, int run, const QList<RunSample> &batch)
{
    QList<ChartSample> converted;
    for (const RunSample &s : batch) {
        if (s.stream >= 0)
            continue;
        ChartSample c;
        c.t = s.t;
        c.throughputMbps = s.throughputBps / 1e6;
        c.rttMs = s.rttMs;
        c.cwnd = double(s.cwnd);
        c.retransmits = double(s.retransmits);
        converted.append(c);
    }
    view.appendSamples(run, converted);
}

qsizetype pointsHeld(const ThroughputRttView &view, const QList<int> &runs)
{
    qsizetype n = 0;
    for (int id : runs)
        for (ChartMetric m : {ChartMetric::Throughput, ChartMetric::Rtt, ChartMetric::Cwnd})
            n += view.pointCount(id, m);
    return n;
}

qint64 simulate(ThroughputRttView &view, const QList<int> &runs, int streams, double minutes, QTextStream &out)
{
    const qint64 batches = qint64(minutes * 60.0 / (kSamplesPerBatch * kSampleS));
    Stats replot;
    out << "| simulated time | RSS | points held | replot median | replot max |\n|---|---|---|---|---|\n";
    qint64 next = 0;
    for (qint64 b = 0; b < batches; ++b, next += kSamplesPerBatch) {
        feedBatch(view, runs.back(), runnerBatch(next, streams));
        view.replotNow();
        replot.values.append(double(view.lastReplotNanoseconds()) / 1e6);
        const double simulatedS = double(next + kSamplesPerBatch) * kSampleS;
        if (std::fmod(simulatedS, 60.0) < 1e-6 || b == batches - 1) {
            out << "| " << simulatedS / 60.0 << " min | " << rssMb() << " MB | " << pointsHeld(view, runs) << " | "
                << replot.quantile(0.5) << " ms | " << replot.max() << " ms |\n"
                << Qt::flush;
            replot.values.clear();
        }
    }
    return next;
}

void realTime(ThroughputRttView &view, int run, int streams, qint64 next, double seconds, QTextStream &out)
{
    Stats gaps;
    Stats replots;
    QElapsedTimer clock;
    clock.start();
    qint64 lastBeat = 0;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        gaps.values.append(double(now - lastBeat) / 1e6);
        lastBeat = now;
    });
    QTimer feeder;
    QObject::connect(&feeder, &QTimer::timeout, [&] {
        feedBatch(view, run, runnerBatch(next, streams));
        next += kSamplesPerBatch;
    });
    QObject::connect(&view, &ThroughputRttView::replotted,
                     [&] { replots.values.append(double(view.lastReplotNanoseconds()) / 1e6); });
    heartbeat.start(10);
    feeder.start(kSamplesPerBatch * int(kSampleS * 1000));
    QTimer::singleShot(int(seconds * 1000), qApp, &QCoreApplication::quit);
    QApplication::exec();
    out << "\nreal time, " << seconds << " s on top of that history: " << replots.values.size() << " replots, median "
        << replots.quantile(0.5) << " ms, p99 " << replots.quantile(0.99) << " ms, max " << replots.max()
        << " ms; heartbeat (10 ms) longest gap " << gaps.max() << " ms, p99 " << gaps.quantile(0.99) << " ms; RSS "
        << rssMb() << " MB\n";
    const bool ok = replots.quantile(0.99) < 50 && gaps.max() < 100;
    out << (ok ? "OK: replot p99 under 50 ms, no stall of 100 ms or more\n"
               : "SLOW: replot p99 of 50 ms or more, or a stall of 100 ms or more\n");
}

} // namespace

int main(int argc, char **argv)
{
    bench::offscreenWithoutDisplay();
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    auto option = [&args](const char *name, double fallback) {
        const qsizetype i = args.indexOf(QString::fromLatin1(name));
        return i >= 0 && i + 1 < args.size() ? args[i + 1].toDouble() : fallback;
    };
    // --quick: a minute simulated and 5 s in real time, to see that the bench runs.
    const bool quick = args.contains(QStringLiteral("--quick"));
    const int streams = int(option("--streams", 16));
    const int overlaid = int(option("--overlaid", 0));
    const double minutes = option("--minutes", quick ? 1 : 10);
    const double realSeconds = option("--real-seconds", quick ? 5 : 60);
    QTextStream out(stdout);
    bench::reportMachine(out, QStringLiteral("start"));
    out << "RSS before the view: " << rssMb() << " MB\n";

    ThroughputRttView view;
    view.resize(1600, 600);
    view.show();
    QApplication::processEvents();
    view.setExtraMetric(ChartMetric::Cwnd);
    QList<int> runs;
    const qint64 batches = qint64(minutes * 60.0 / (kSamplesPerBatch * kSampleS));
    for (int r = 0; r < overlaid; ++r) {
        runs.append(view.addRun(QStringLiteral("finished run %1").arg(r + 1)));
        for (qint64 b = 0; b < batches; ++b)
            feedBatch(view, runs.back(), runnerBatch(b * kSamplesPerBatch, 0));
    }
    runs.append(view.addRun(QStringLiteral("live run")));
    out << "a run of " << streams << " streams sampled every 10 ms, batches every 100 ms, " << overlaid
        << " finished runs beside it; " << minutes << " minutes simulated as fast as possible:\n\n";
    const qint64 next = simulate(view, runs, streams, minutes, out);
    {
        QElapsedTimer clock;
        clock.start();
        view.grab().save(QStringLiteral("/tmp/tcptune-bench-live-chart.png"));
        out << "\npaint after " << minutes << " minutes (QWidget::grab): " << clock.nsecsElapsed() / 1e6
            << " ms; picture in /tmp/tcptune-bench-live-chart.png\n";
    }
    realTime(view, runs.back(), streams, next, realSeconds, out);
    out << "command: bench_live_chart " << args.mid(1).join(QLatin1Char(' ')) << '\n';
    bench::reportMachine(out, QStringLiteral("end"));
    return 0;
}
