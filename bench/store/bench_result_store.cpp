// The result store at scale: generates a store of EXPERIMENTS x RUNS runs (default 1,000 x 10 =
// 10,000 runs) of SAMPLES samples each (default 300, stored as a single-stream run stores them:
// the aggregate and the stream's own series), through the real write path (ResultStore,
// outcomeOf, three knob snapshots per run as the Runner takes them), then times
//   - `tcptune results list` (the built binary, a process per repeat),
//   - opening the History tab (HistoryPanel::refresh on a real panel, offscreen),
//   - an A/B of two runs (tick two runs, which overlays their samples, then Compare A/B),
// and states the database size per run.
// Usage: bench_result_store [--db FILE] [--experiments N] [--runs N] [--samples N] [--repeats N]
//        [--tcptune PATH] [--regenerate] [--quick]
// (--quick: 20 x 5 runs in /tmp/tcptune-bench-store/quick.db, 3 repeats; options after it override)
// The store is kept for reruns (default /tmp/tcptune-bench-store/results.db).

#include "bench_machine.h"
#include "charts/throughput_rtt_view.h"
#include "experiment/run/traffic_bridge.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTableWidget>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>

using namespace tcptune;

namespace {

struct Options {
    QString db = QStringLiteral("/tmp/tcptune-bench-store/results.db");
    int experiments = 1000;
    int runs = 10;
    int samples = 300;
    int repeats = 7;
    QString tcptune;
    bool regenerate = false;
};

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

Options parse(const QStringList &args)
{
    Options o;
    o.tcptune = QCoreApplication::applicationDirPath() + QStringLiteral("/../bin/tcptune");
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString a = args[i];
        const QString next = args.value(i + 1);
        if (a == QLatin1String("--regenerate")) {
            o.regenerate = true;
            continue;
        }
        if (a == QLatin1String("--quick")) { // 100 runs in a store of its own, to see that the bench runs
            o.db = QStringLiteral("/tmp/tcptune-bench-store/quick.db");
            o.experiments = 20;
            o.runs = 5;
            o.repeats = 3;
            continue;
        }
        if (a == QLatin1String("--db"))
            o.db = next;
        else if (a == QLatin1String("--experiments"))
            o.experiments = next.toInt();
        else if (a == QLatin1String("--runs"))
            o.runs = next.toInt();
        else if (a == QLatin1String("--samples"))
            o.samples = next.toInt();
        else if (a == QLatin1String("--repeats"))
            o.repeats = next.toInt();
        else if (a == QLatin1String("--tcptune"))
            o.tcptune = next;
        ++i;
    }
    return o;
}

// A traffic result as a 1-stream bulk run of SAMPLES samples at 10 ms reports it.
TrafficResult syntheticResult(int samples, int seed)
{
    TrafficResult r;
    r.spec.target.host = QStringLiteral("198.18.1.2");
    r.target = r.spec.target.toString();
    r.streams = 1;
    r.durationS = samples * 0.01;
    r.perStream.append(StreamResult{});
    QList<double> rtts;
    for (int i = 0; i < samples; ++i) {
        TrafficSample s;
        s.t = (i + 1) * 0.01;
        s.throughputBps = 9.4e9 + 2e8 * std::sin(i * 0.1 + seed);
        s.rttMs = 0.2 + 0.05 * std::fmod(i * 0.37 + seed, 1.0);
        s.cwnd = 100 + (i + seed) % 50;
        s.deliveryRateBps = s.throughputBps;
        s.pacingRateBps = 1.2 * s.throughputBps;
        s.unacked = s.cwnd / 2;
        s.notsentBytes = 65536;
        r.samples.append(s);
        TrafficSample own = s;
        own.stream = 0;
        r.perStream[0].samples.append(own);
        r.receiverIntervals.append({s.t, std::int64_t(s.throughputBps / 800), s.throughputBps, false});
        rtts.append(s.rttMs);
    }
    r.rttMs = SummaryStats::of(rtts);
    r.throughputBps = 9.4e9;
    r.senderBytes = r.receiverBytes = std::int64_t(9.4e9 / 8 * r.durationS);
    return r;
}

[[nodiscard]] Result<void> generate(const Options &o, QTextStream &out)
{
    QFile::remove(o.db);
    QFile::remove(o.db + QStringLiteral("-wal"));
    QFile::remove(o.db + QStringLiteral("-shm"));
    ResultStore store;
    if (auto opened = store.open(o.db); !opened)
        return opened;
    auto readings = KnobReader::readSysctls();
    const KnobSnapshot knobs = readings ? KnobReader::snapshotOf(*readings) : KnobSnapshot{};
    QStringList values;
    for (int v = 0; v < o.runs; ++v)
        values << QString::number(16 << v % 12) + QStringLiteral("K");
    QElapsedTimer clock;
    clock.start();
    for (int e = 0; e < o.experiments; ++e) {
        ExperimentSpec spec;
        spec.name = QStringLiteral("bench experiment %1").arg(e);
        SweepPlan plan(spec);
        if (auto axis = plan.addAxis(QStringLiteral("workload.write_size"), values); !axis)
            return axis;
        auto id = store.createExperiment(plan);
        if (!id)
            return std::unexpected(id.error());
        for (const PlannedRun &planned : plan.runs()) {
            RunRecord record;
            record.experimentId = *id;
            record.runIndex = planned.index;
            record.pointIndex = planned.point;
            record.pointLabel = plan.points().at(planned.point).label();
            record.settings = plan.points().at(planned.point).settings;
            auto runId = store.beginRun(record);
            if (!runId)
                return std::unexpected(runId.error());
            const TrafficOutcome outcome = outcomeOf(syntheticResult(o.samples, planned.index + e));
            RunRecord finished = outcome.figures;
            finished.id = *runId;
            finished.experimentId = *id;
            finished.runIndex = planned.index;
            finished.pointIndex = planned.point;
            finished.pointLabel = record.pointLabel;
            finished.settings = record.settings;
            for (const char *phase : {"before", "after"})
                if (auto k = store.addKnobSnapshot(*runId, QStringLiteral("local"), QString::fromLatin1(phase), knobs);
                    !k)
                    return k;
            if (auto k = store.addKnobSnapshot(*runId, QStringLiteral("remote"), QStringLiteral("before"), knobs); !k)
                return k;
            if (auto f = store.finishRun(finished, outcome.samples); !f)
                return f;
        }
        if (auto s = store.setExperimentStatus(*id, ExperimentStatus::Finished); !s)
            return s;
        if ((e + 1) % 100 == 0)
            out << "  generated " << (e + 1) * o.runs << " runs in " << clock.elapsed() / 1000.0 << " s\n" << Qt::flush;
    }
    return {};
}

Timing timeResultsList(const Options &o)
{
    Timing t;
    for (int i = 0; i < o.repeats; ++i) {
        QProcess p;
        p.setStandardOutputFile(QProcess::nullDevice());
        QElapsedTimer clock;
        clock.start();
        p.start(o.tcptune, {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--db"), o.db});
        p.waitForFinished(120000);
        t.ms.append(clock.nsecsElapsed() / 1e6);
    }
    return t;
}

Timing timeHistoryOpen(const Options &o, HistoryPanel &panel)
{
    Timing t;
    for (int i = 0; i < o.repeats; ++i) {
        QElapsedTimer clock;
        clock.start();
        panel.refresh();
        QApplication::processEvents(); // layout and paint, as the tab shows
        t.ms.append(clock.nsecsElapsed() / 1e6);
    }
    return t;
}

// The queries alone: what the History tab read before (every experiment with its plan, then each
// experiment's runs with all their JSON) against the two list queries it reads now.
std::pair<Timing, Timing> timeQueries(const Options &o)
{
    ResultStore store;
    if (!store.open(o.db))
        return {};
    Timing perExperiment;
    Timing lists;
    for (int i = 0; i < o.repeats; ++i) {
        QElapsedTimer clock;
        clock.start();
        qsizetype runs = 0;
        for (const ExperimentRecord &e : store.experiments().value_or(QList<ExperimentRecord>{}))
            runs += store.runs(e.id).value_or(QList<RunRecord>{}).size();
        perExperiment.ms.append(clock.nsecsElapsed() / 1e6);
        clock.restart();
        const auto experiments = store.experimentList();
        const auto all = store.runList();
        lists.ms.append(clock.nsecsElapsed() / 1e6);
        if (!experiments || !all || all->size() != runs)
            qWarning("the list queries disagree with the per-experiment ones");
    }
    return {perExperiment, lists};
}

QTreeWidgetItem *runItem(HistoryPanel &panel, int experiment, int run)
{
    QTreeWidgetItem *top = panel.tree()->topLevelItem(experiment);
    return top ? top->child(run) : nullptr;
}

Timing timeAb(const Options &o, HistoryPanel &panel)
{
    Timing t;
    for (int i = 0; i < o.repeats; ++i) {
        QTreeWidgetItem *a = runItem(panel, i, 0);
        QTreeWidgetItem *b = runItem(panel, i + 1, 1);
        if (!a || !b)
            break;
        QElapsedTimer clock;
        clock.start();
        a->setCheckState(0, Qt::Checked);
        b->setCheckState(0, Qt::Checked);
        panel.compareTicked();
        QApplication::processEvents();
        t.ms.append(clock.nsecsElapsed() / 1e6);
        a->setCheckState(0, Qt::Unchecked);
        b->setCheckState(0, Qt::Unchecked);
    }
    return t;
}

} // namespace

int main(int argc, char **argv)
{
    bench::offscreenWithoutDisplay();
    QApplication app(argc, argv);
    const Options o = parse(QApplication::arguments());
    QTextStream out(stdout);
    bench::reportMachine(out, QStringLiteral("start"));
    QDir().mkpath(QFileInfo(o.db).absolutePath());
    const int runs = o.experiments * o.runs;
    if (o.regenerate || !QFileInfo::exists(o.db)) {
        out << "generating " << runs << " runs of " << o.samples << " samples into " << o.db << '\n' << Qt::flush;
        if (auto g = generate(o, out); !g) {
            out << "generation failed: " << g.error().message << '\n';
            return 2;
        }
    }
    qputenv("TCPTUNE_RESULTS_DB", QFile::encodeName(o.db));
    const double mb = double(QFileInfo(o.db).size() + QFileInfo(o.db + QStringLiteral("-wal")).size()) / 1e6;

    const Timing list = timeResultsList(o);
    const auto [perExperiment, lists] = timeQueries(o);
    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.resize(1400, 800);
    panel.show();
    QApplication::processEvents();
    const Timing history = timeHistoryOpen(o, panel);
    const Timing ab = timeAb(o, panel);

    out << "\n| operation (" << runs << " runs of " << o.samples << " samples) | median | min | target |\n"
        << "|---|---|---|---|\n"
        << "| `tcptune results list` | " << list.median() << " ms | " << list.min() << " ms | < 200 ms |\n"
        << "| open the History tab | " << history.median() << " ms | " << history.min() << " ms | < 1000 ms |\n"
        << "| A/B of two runs (tick both, compare) | " << ab.median() << " ms | " << ab.min() << " ms | < 100 ms |\n"
        << "| History's queries as before (experiments(), runs() of each) | " << perExperiment.median() << " ms | "
        << perExperiment.min() << " ms | |\n"
        << "| History's queries now (experimentList(), runList()) | " << lists.median() << " ms | " << lists.min()
        << " ms | |\n"
        << "\ndatabase: " << mb << " MB, " << mb * 1000.0 / runs << " kB per run\n"
        << "repeats: " << o.repeats << "; command: bench_result_store "
        << QApplication::arguments().mid(1).join(QLatin1Char(' ')) << '\n';
    bench::reportMachine(out, QStringLiteral("end"));
    return 0;
}
