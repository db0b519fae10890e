#pragma once
// A fake ExperimentBackend for the Runner's unit tests: it logs the calls, keeps one knob's value
// (applied, restored), produces samples and figures from the point's SO_SNDBUF, fails a chosen
// point and can hold a run until cancelled. makePlan: three SO_SNDBUF points with REPEATS runs.

#include "experiment/run/experiment_backend.h"
#include "experiment/spec/sweep_plan.h"

#include <QStringList>
#include <QThread>

#include <atomic>

namespace tcptune::test {

struct FakeLog {
    QStringList calls;
    int applied = 0;
    int restored = 0;
    std::atomic<int> trafficRuns{0};
    std::atomic<QThread *> trafficThread{nullptr}; // the thread the last traffic ran on
};

class FakeBackend final : public ExperimentBackend {
public:
    explicit FakeBackend(FakeLog *log)
        : m_log(log)
    {
    }
    QString failOnSndbuf; // a point whose traffic fails
    int blockOnRun = -1;  // this traffic run waits until cancelled
    [[nodiscard]] Result<RunEndpoint> prepareTarget(const ExperimentSpec &spec) override
    {
        m_log->calls << QStringLiteral("prepare");
        RunEndpoint e;
        e.lab = spec.target.kind == TargetSpec::Kind::Lab;
        e.clientNetns = QStringLiteral("tcptune-fake-client");
        return e;
    }
    [[nodiscard]] Result<KnobSnapshot> snapshotLocal(const RunEndpoint &) override
    {
        m_log->calls << QStringLiteral("snapshot");
        return KnobSnapshot{{QStringLiteral("net.ipv4.tcp_autocorking"), m_value}};
    }
    [[nodiscard]] Result<void> applySysctls(const RunEndpoint &, const QMap<QString, QString> &sysctls) override
    {
        m_log->calls << QStringLiteral("apply");
        if (sysctls.contains(QStringLiteral("net.ipv4.tcp_autocorking"))) {
            m_value = sysctls.value(QStringLiteral("net.ipv4.tcp_autocorking"));
            ++m_log->applied;
        }
        return {};
    }
    [[nodiscard]] Result<void> restoreKnobs() override
    {
        m_log->calls << QStringLiteral("restore");
        m_value = QStringLiteral("1");
        ++m_log->restored;
        return {};
    }
    [[nodiscard]] Result<void> startCapture(const RunEndpoint &, const QString &) override
    {
        m_log->calls << QStringLiteral("capture");
        return {};
    }
    CaptureRecord stopCapture() override
    {
        m_log->calls << QStringLiteral("stop-capture");
        return CaptureRecord{QString(), QStringLiteral("veth"), 10, 0, {}};
    }
    [[nodiscard]] Result<QJsonObject> analyseCapture(const QString &) override
    {
        m_log->calls << QStringLiteral("analyse");
        return QJsonObject{{QStringLiteral("flows"), 1}};
    }
    TrafficOutcome runTraffic(const ExperimentSpec &spec, const RunEndpoint &, const SampleSink &sink) override
    {
        m_log->calls << QStringLiteral("traffic");
        const int run = m_log->trafficRuns.fetch_add(1);
        m_log->trafficThread.store(QThread::currentThread());
        TrafficOutcome o;
        if (run == blockOnRun) {
            while (!m_cancel.load())
                QThread::msleep(5);
            o.figures.status = RunStatus::Cancelled;
            o.figures.error = QStringLiteral("cancelled");
            return o;
        }
        const QString sndbuf = spec.knobs.value(QStringLiteral("socket.SO_SNDBUF"));
        if (!failOnSndbuf.isEmpty() && sndbuf == failOnSndbuf) {
            o.figures.status = RunStatus::Failed;
            o.figures.error = QStringLiteral("connection refused");
            return o;
        }
        QList<RunSample> batch;
        for (int i = 0; i < 10; ++i) {
            RunSample s;
            s.t = i * 0.1;
            s.throughputBps = sndbuf.toDouble();
            s.rttMs = sndbuf.toDouble() / 65536.0;
            batch.append(s);
        }
        sink(batch);
        o.samples = batch;
        o.figures.status = RunStatus::Ok;
        o.figures.throughputBps = sndbuf.toDouble() + run; // runs differ a little
        o.figures.rttMedianMs = sndbuf.toDouble() / 65536.0;
        o.figures.intervalThroughputBps = {10, 10, 10, 1, 1, 1};
        o.remoteKnobs = {{QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 4194304")}};
        return o;
    }
    void cancel() override { m_cancel.store(true); }
    void finish(bool) override { m_log->calls << QStringLiteral("finish"); }

private:
    FakeLog *m_log;
    QString m_value = QStringLiteral("1");
    std::atomic<bool> m_cancel{false};
};

inline SweepPlan makePlan(int repeats, bool capture = false)
{
    ExperimentSpec spec;
    spec.name = QStringLiteral("fake");
    spec.capture = capture;
    spec.durationS = 1;
    (void)spec.setParameter(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"));
    SweepPlan plan{spec};
    (void)plan.addAxis(QStringLiteral("socket.SO_SNDBUF"),
                       {QStringLiteral("64K"), QStringLiteral("128K"), QStringLiteral("256K")});
    plan.setRepeats(repeats);
    return plan;
}

} // namespace tcptune::test
