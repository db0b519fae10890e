#include "report_fixture.h"

#include "experiment/spec/sweep_plan.h"

#include <QTest>

namespace tcptune::test {

qint64 fillStory5Sweep(ResultStore &store, const ReportFixtureOptions &options)
{
    ExperimentSpec spec;
    spec.name = QStringLiteral("Story 5: throughput against the send window");
    spec.description = QStringLiteral("Bulk stream through the lab router, SO_SNDBUF swept.");
    spec.durationS = 4;
    SweepPlan plan{spec};
    const QStringList windows{QStringLiteral("64K"),  QStringLiteral("128K"), QStringLiteral("256K"),
                              QStringLiteral("384K"), QStringLiteral("512K"), QStringLiteral("1M"),
                              QStringLiteral("2M"),   QStringLiteral("4M")};
    const auto added = plan.addAxis(QStringLiteral("socket.SO_SNDBUF"), windows);
    if (!added)
        qFatal("fixture plan: %s", qPrintable(added.error().message));
    plan.setRepeats(options.repeats);
    const auto id = store.createExperiment(plan);
    if (!id)
        qFatal("fixture: %s", qPrintable(id.error().message));
    // Story 5's MB/s per window, as Mbit/s.
    const QList<double> mbps{93 * 8, 111 * 8, 112 * 8, 105 * 8, 23 * 8, 21 * 8, 21 * 8, 19 * 8};
    const QList<SweepPoint> points = plan.points();
    int runIndex = 0;
    for (const PlannedRun &planned : plan.runs()) {
        const SweepPoint &point = points.at(planned.point);
        RunRecord run;
        run.experimentId = *id;
        run.runIndex = planned.index;
        run.pointIndex = planned.point;
        run.repeat = planned.repeat;
        run.pointLabel = point.label();
        run.settings = point.settings;
        run.started = QDateTime::currentDateTimeUtc();
        const auto runId = store.beginRun(run);
        if (!runId)
            qFatal("fixture run: %s", qPrintable(runId.error().message));
        run.id = *runId;
        run.ended = run.started.addSecs(4);
        const bool failed = options.failPoint && point.labels.value(0) == QLatin1String("512 KiB");
        QList<RunSample> samples;
        if (failed) {
            run.status = RunStatus::Failed;
            run.error = kFixtureError;
        } else {
            run.status = RunStatus::Ok;
            const double base = mbps.at(planned.point) * 1e6 * (1.0 + 0.03 * planned.repeat);
            const bool collapses = options.collapse && planned.point == 7 && planned.repeat == 0;
            const double rtt = 2.0 + planned.point * 6.0;
            for (int i = 0; i < options.samplesPerRun; ++i) {
                RunSample s;
                s.t = 0.1 * (i + 1);
                const double wobble = 1.0 + 0.05 * ((i * 7 + runIndex) % 5 - 2) / 2.0;
                s.throughputBps = base * wobble * (collapses && i > options.samplesPerRun / 3 ? 0.1 : 1.0);
                s.rttMs = rtt * (1.0 + 0.02 * (i % 4));
                s.cwnd = 10 + i;
                s.retransmits = i / 10;
                samples << s;
                run.intervalThroughputBps << s.throughputBps;
            }
            run.intervalS = 0.1;
            double sum = 0;
            for (double v : run.intervalThroughputBps)
                sum += v;
            run.throughputBps = sum / run.intervalThroughputBps.size();
            run.rttMedianMs = rtt * 1.02;
            run.rttP95Ms = rtt * 1.06;
            run.retransmits = options.samplesPerRun / 10;
            run.durationS = 4;
            run.collapsed = collapses;
        }
        if (const auto finished = store.finishRun(run, samples); !finished)
            qFatal("fixture finish: %s", qPrintable(finished.error().message));
        const auto local =
            store.addKnobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before"),
                                  {{QStringLiteral("net.ipv4.tcp_autocorking"), options.localAutocorking},
                                   {QStringLiteral("net.ipv4.tcp_congestion_control"), QStringLiteral("cubic")},
                                   {QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 4194304")}});
        const auto remote =
            store.addKnobSnapshot(run.id, QStringLiteral("remote"), QStringLiteral("before"),
                                  {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")},
                                   {QStringLiteral("net.ipv4.tcp_congestion_control"), QStringLiteral("cubic")},
                                   {QStringLiteral("net.ipv4.tcp_rmem"), QStringLiteral("4096 131072 6291456")}});
        if (!local || !remote)
            qFatal("fixture knobs: %s", qPrintable((local ? remote : local).error().message));
        ++runIndex;
    }
    if (const auto status = store.setExperimentStatus(*id, ExperimentStatus::Finished); !status)
        qFatal("fixture status: %s", qPrintable(status.error().message));
    return *id;
}

} // namespace tcptune::test
