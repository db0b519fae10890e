// The tuner's search against models of a target (pure: no network, no clock): a receiver-limited
// path it must open up, a full path it must leave alone, a standing queue it must drain for the
// latency goal, and its limits (budget, cancel, knobs left alone, ranges, early drops, failed
// baselines), and that replaying its runs gives the same decisions.

#include "experiment/tune/tune_candidates.h"
#include "experiment/tune/tuner_search.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

using namespace tcptune;

namespace {

constexpr double kPathBps = 1e9;
constexpr double kRttS = 0.020;
const QString kRmemBase = QStringLiteral("4096 16384 65536");
const QString kCc = QStringLiteral("net.ipv4.tcp_congestion_control");
const QStringList kCcChoices = {QStringLiteral("cubic"), QStringLiteral("bbr"), QStringLiteral("reno")};

qint64 tripleMax(const QString &text)
{
    return text.split(QLatin1Char(' ')).constLast().toLongLong();
}

Finding finding(Finding::Rule rule)
{
    Finding f;
    f.rule = rule;
    return f;
}

using Model = std::function<TrialRun(const TuneConfig &, double noise)>;

// Runs a model with a fixed seed: 3 % normal noise, and 10 s of "time" per run.
class ModelSource final : public TrialSource {
public:
    explicit ModelSource(Model model)
        : m_model(std::move(model))
    {
    }
    TrialRun measure(const TuneConfig &config, int, const QString &) override
    {
        ++runs;
        const TrialRun run = m_model(config, m_noise(m_rng));
        recorded.append(run);
        return run;
    }
    bool cancelled() const override { return cancelAfter >= 0 && runs >= cancelAfter; }
    double elapsedS() const override { return 10.0 * runs; }

    int runs = 0;
    int cancelAfter = -1;
    QList<TrialRun> recorded;

private:
    Model m_model;
    std::mt19937 m_rng{20261207};
    std::normal_distribution<double> m_noise{1.0, 0.03};
};

// Hands back stored runs in order, as a resumed tune does.
class ReplaySource final : public TrialSource {
public:
    explicit ReplaySource(QList<TrialRun> runs)
        : m_runs(std::move(runs))
    {
    }
    TrialRun measure(const TuneConfig &, int, const QString &) override { return m_runs.value(m_next++); }
    double elapsedS() const override { return 0; }

private:
    QList<TrialRun> m_runs;
    qsizetype m_next = 0;
};

// The receiver's window: its tcp_rmem max, or SO_RCVBUF when set.
double windowOf(const TuneConfig &config, const QString &rmemKey)
{
    if (config.contains(QStringLiteral("socket.SO_RCVBUF")))
        return config.value(QStringLiteral("socket.SO_RCVBUF")).toDouble();
    return double(tripleMax(config.value(rmemKey, kRmemBase)));
}

// Throughput = min(path, window / RTT); the window is the receiver's tcp_rmem max, or SO_RCVBUF
// when set. Congestion control and autocorking change nothing here.
Model receiverModel(const QString &rmemKey)
{
    return [rmemKey](const TuneConfig &config, double noise) {
        const double window = windowOf(config, rmemKey);
        TrialRun run;
        run.ok = true;
        run.throughputBps = std::min(kPathBps, window * 8 / kRttS) * noise;
        run.rttP95Ms = 20 * noise;
        run.findings = {
            finding(run.throughputBps >= 0.9 * kPathBps ? Finding::Rule::PathFull : Finding::Rule::ReceiverWindow)};
        run.knobsInEffect = {{rmemKey, kRmemBase}};
        return run;
    };
}

double meanThroughput(const QList<TrialRun> &runs)
{
    double sum = 0;
    for (const TrialRun &r : runs)
        sum += r.throughputBps;
    return runs.isEmpty() ? 0 : sum / double(runs.size());
}

struct Grid {
    double best = 0;
    int runs = 0;
};

// Every combination of the knobs the tuner might touch, three runs each, over the same model.
Grid fullGrid(const QString &rmemKey)
{
    ModelSource source(receiverModel(rmemKey));
    Grid grid;
    for (qint64 rmem = 64 * 1024; rmem <= 16 * 1024 * 1024; rmem *= 2)
        for (const QString &cc : kCcChoices)
            for (const char *autocorking : {"0", "1"}) {
                const TuneConfig config{{rmemKey, QStringLiteral("4096 16384 %1").arg(rmem)},
                                        {kCc, cc},
                                        {QStringLiteral("net.ipv4.tcp_autocorking"), QLatin1StringView(autocorking)}};
                QList<TrialRun> runs;
                for (int i = 0; i < 3; ++i)
                    runs.append(source.measure(config, 0, QString()));
                grid.best = std::max(grid.best, meanThroughput(runs));
                grid.runs += 3;
            }
    return grid;
}

// Latency model: 50 Mbit/s, 10 ms, a 2 MB bottleneck queue. Cubic fills the queue with what the
// send buffer lets it have in flight beyond the path's BDP; bbr keeps a tenth of a BDP queued.
TrialRun latencyModel(const TuneConfig &config, double noise)
{
    constexpr double rate = 50e6, baseMs = 10, queueLimit = 2 * 1024 * 1024;
    constexpr double bdp = rate / 8 * baseMs / 1000;
    const double inflight =
        double(tripleMax(config.value(QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 4194304"))));
    const bool bbr = config.value(kCc) == QLatin1String("bbr");
    const double queue = bbr ? 0.1 * bdp : std::clamp(inflight - bdp, 0.0, queueLimit);
    const double queueMs = queue * 8 / rate * 1000;
    TrialRun run;
    run.ok = true;
    run.throughputBps = std::min(rate, inflight * 8 / ((baseMs + queueMs) / 1000)) * noise;
    run.rttP95Ms = (baseMs + queueMs) * noise;
    if (run.throughputBps >= 0.9 * rate)
        run.findings.append(finding(Finding::Rule::PathFull));
    if (queueMs >= 50)
        run.findings.append(finding(Finding::Rule::Queue));
    if (run.findings.isEmpty())
        run.findings.append(finding(Finding::Rule::NoLimiter));
    run.knobsInEffect = {{QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("4096 16384 4194304")},
                         {kCc, QStringLiteral("cubic")}};
    return run;
}

TuneEnvironment farReceiver()
{
    TuneEnvironment environment;
    environment.direction = QStringLiteral("up");
    environment.localKnobs = true;
    environment.remoteKnobs = true;
    environment.choices = {{kCc, kCcChoices}, {QStringLiteral("remote:") + kCc, kCcChoices}};
    return environment;
}

bool touches(const TuneAnswer &answer, const QString &knob)
{
    return std::any_of(answer.trials.cbegin(), answer.trials.cend(),
                       [&](const TuneTrial &t) { return t.knob == knob; });
}

const TuneChange *changeOf(const TuneAnswer &answer, const QString &knob)
{
    for (const TuneChange &c : answer.changes)
        if (c.knob == knob)
            return &c;
    return nullptr;
}

} // namespace

class TestTunerSearch final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void receiverLimited_data();
    void receiverLimited();
    void pathAlreadyFull();
    void latencyDrainsTheQueue();
    void runBudget();
    void timeBudgetAndCancel();
    void leaveAloneHonoured();
    void rangeHonoured();
    void worseDroppedEarly();
    void replayGivesTheSameTrials();
    void baselineFailed();
    void describeLine();
    void bisectsAfterOvershoot();
    void choiceAccepted();
    void candidateValues();
    void pinnedSocketOptionMoved();
    void winningMoveGoesOnPastItsFinding();
    void flatStepTriedFurther();
    void distantGainFoundByTheFarLeap();
};

void TestTunerSearch::receiverLimited_data()
{
    QTest::addColumn<QString>("direction");
    QTest::addColumn<QString>("rmemKey");
    // Up: this end sends, the far end receives; down: this end receives.
    QTest::addRow("up, far receiver") << QStringLiteral("up") << QStringLiteral("remote:net.ipv4.tcp_rmem");
    QTest::addRow("down, this end receives") << QStringLiteral("down") << QStringLiteral("net.ipv4.tcp_rmem");
}

void TestTunerSearch::receiverLimited()
{
    QFETCH(QString, direction);
    QFETCH(QString, rmemKey);
    TuneEnvironment environment = farReceiver();
    environment.direction = direction;
    ModelSource source(receiverModel(rmemKey));
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), environment).run(source);

    QCOMPARE(answer.findingsBefore.constFirst().rule, Finding::Rule::ReceiverWindow);
    const TuneChange *rmem = changeOf(answer, rmemKey);
    QVERIFY(rmem);
    QCOMPARE(rmem->rule, Finding::Rule::ReceiverWindow);
    QVERIFY(tripleMax(rmem->to) > 65536);
    QVERIFY(rmem->difference > 0 && rmem->p < 0.05);
    QVERIFY(answer.recommendedObjective >= 2 * answer.baselineObjective);
    QVERIFY(answer.gainCiLow > 0);
    QCOMPARE(answer.stop, TuneAnswer::Stop::PathFull);
    QCOMPARE(answer.runs, source.runs);
    // Every winner, raced against by the next candidate, has as many runs as the baseline.
    for (const TuneTrial &t : answer.trials)
        if (t.outcome == TuneTrial::Outcome::Accepted)
            QVERIFY(t.runs.size() >= TuneSpec().baselineRepeats);

    const Grid grid = fullGrid(rmemKey);
    qInfo("tuner: %d runs, %.1f Mbit/s; grid: %d runs, best %.1f Mbit/s; ratio of best %.3f, of runs %.3f", answer.runs,
          answer.recommendedObjective / 1e6, grid.runs, grid.best / 1e6, answer.recommendedObjective / grid.best,
          double(answer.runs) / grid.runs);
    QVERIFY(answer.recommendedObjective >= 0.9 * grid.best);
    QVERIFY(3 * answer.runs <= grid.runs);
}

void TestTunerSearch::pathAlreadyFull()
{
    ModelSource source([](const TuneConfig &, double noise) {
        TrialRun run;
        run.ok = true;
        run.throughputBps = kPathBps * 0.97 * noise;
        run.findings = {finding(Finding::Rule::PathFull), finding(Finding::Rule::ReceiverWindow)};
        return run;
    });
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), farReceiver()).run(source);
    QCOMPARE(answer.stop, TuneAnswer::Stop::PathFull);
    QVERIFY(answer.changes.isEmpty());
    QCOMPARE(answer.recommended, answer.baseline);
    QCOMPARE(answer.runs, TuneSpec().baselineRepeats);
    QCOMPARE(answer.trials.size(), 1);
}

void TestTunerSearch::latencyDrainsTheQueue()
{
    TuneSpec spec;
    spec.goal = TuneGoal::Latency;
    ModelSource source(latencyModel);
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    for (const TuneTrial &t : answer.trials)
        qInfo("%s", qPrintable(TunerSearch::describe(t, spec.goal)));

    QVERIFY(answer.findingsBefore.size() >= 2);
    QCOMPARE(answer.findingsBefore.at(1).rule, Finding::Rule::Queue);
    QVERIFY(!answer.changes.isEmpty());
    QVERIFY(answer.recommendedObjective <= answer.baselineObjective / 3);
    const TuneTrial &baseline = answer.trials.constFirst();
    QList<TrialRun> recommendedRuns;
    for (const TuneTrial &t : answer.trials)
        if (t.config == answer.recommended)
            recommendedRuns = t.runs;
    QVERIFY(meanThroughput(recommendedRuns) >= 0.9 * meanThroughput(baseline.runs));
    const TuneChange *wmem = changeOf(answer, QStringLiteral("net.ipv4.tcp_wmem"));
    const TuneChange *cc = changeOf(answer, kCc);
    QVERIFY((wmem && tripleMax(wmem->to) < 4194304) || (cc && cc->to != QLatin1String("cubic")));
}

void TestTunerSearch::runBudget()
{
    TuneSpec spec;
    spec.budgetRuns = 8;
    ModelSource source(receiverModel(QStringLiteral("remote:net.ipv4.tcp_rmem")));
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    QCOMPARE(answer.stop, TuneAnswer::Stop::Budget);
    QCOMPARE(answer.runs, 8);
    QCOMPARE(source.runs, 8);
    // What it won before the budget ran out is still recommended.
    QVERIFY(!answer.changes.isEmpty());
}

void TestTunerSearch::timeBudgetAndCancel()
{
    TuneSpec spec;
    spec.budgetS = 45; // 10 s a run: the fifth run starts at 40 s, the sixth would at 50 s
    ModelSource timed(receiverModel(QStringLiteral("remote:net.ipv4.tcp_rmem")));
    const TuneAnswer byTime = TunerSearch(spec, TuneConfig(), farReceiver()).run(timed);
    QCOMPARE(byTime.stop, TuneAnswer::Stop::Budget);
    QCOMPARE(byTime.runs, 5);

    ModelSource cancelled(receiverModel(QStringLiteral("remote:net.ipv4.tcp_rmem")));
    cancelled.cancelAfter = 2;
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), farReceiver()).run(cancelled);
    QCOMPARE(answer.stop, TuneAnswer::Stop::Cancelled);
    QCOMPARE(answer.runs, 2);
    QVERIFY(answer.changes.isEmpty());
    QCOMPARE(answer.recommended, answer.baseline);
}

void TestTunerSearch::leaveAloneHonoured()
{
    TuneSpec spec;
    spec.leaveAlone = {QStringLiteral("remote:net.ipv4.tcp_rmem")};
    ModelSource source(receiverModel(QStringLiteral("remote:net.ipv4.tcp_rmem")));
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    QVERIFY(!touches(answer, QStringLiteral("remote:net.ipv4.tcp_rmem")));
    // The socket's own buffer is the other way to a larger window; it starts from the receiver's
    // tcp_rmem max in effect (64 KiB).
    const TuneChange *rcvbuf = changeOf(answer, QStringLiteral("socket.SO_RCVBUF"));
    QVERIFY(rcvbuf);
    QCOMPARE(answer.trials.at(1).to, QStringLiteral("131072"));
    QCOMPARE(answer.stop, TuneAnswer::Stop::PathFull);

    // Without the far end's knobs and with the socket buffer left alone there is nothing to try.
    TuneSpec none;
    none.leaveAlone = {QStringLiteral("socket.SO_RCVBUF")};
    TuneEnvironment local = farReceiver();
    local.remoteKnobs = false;
    ModelSource again(receiverModel(QStringLiteral("remote:net.ipv4.tcp_rmem")));
    const TuneAnswer nothing = TunerSearch(none, TuneConfig(), local).run(again);
    QCOMPARE(nothing.stop, TuneAnswer::Stop::NothingToTry);
    QCOMPARE(nothing.runs, 3);
}

void TestTunerSearch::rangeHonoured()
{
    TuneSpec spec;
    spec.leaveAlone = {QStringLiteral("socket.SO_RCVBUF")};
    spec.ranges.insert(QStringLiteral("remote:net.ipv4.tcp_rmem"), TuneRange{QString(), QStringLiteral("1048576")});
    ModelSource source(receiverModel(QStringLiteral("remote:net.ipv4.tcp_rmem")));
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    for (const TuneTrial &t : answer.trials)
        if (!t.to.isEmpty())
            QVERIFY2(tripleMax(t.to) <= 1048576, qPrintable(t.to));
    QCOMPARE(answer.recommended.value(QStringLiteral("remote:net.ipv4.tcp_rmem")),
             QStringLiteral("4096 16384 1048576"));
    QCOMPARE(answer.stop, TuneAnswer::Stop::NoImprovement);
}

void TestTunerSearch::worseDroppedEarly()
{
    // Congestion-window limited; bbr halves the throughput here, reno is no different.
    ModelSource source([](const TuneConfig &config, double noise) {
        TrialRun run;
        run.ok = true;
        const bool bbr = config.value(kCc) == QLatin1String("bbr");
        run.throughputBps = (bbr ? 200e6 : 400e6) * noise;
        run.findings = {finding(Finding::Rule::CongestionWindow)};
        run.knobsInEffect = {{kCc, QStringLiteral("cubic")}};
        return run;
    });
    const TuneSpec spec;
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    QCOMPARE(answer.stop, TuneAnswer::Stop::NoImprovement);
    QVERIFY(answer.changes.isEmpty());
    QCOMPARE(answer.trials.size(), 3); // the baseline, bbr, reno
    const TuneTrial &bbr = answer.trials.at(1);
    QCOMPARE(bbr.to, QStringLiteral("bbr"));
    QCOMPARE(bbr.outcome, TuneTrial::Outcome::Worse);
    QVERIFY(bbr.runs.size() < spec.maxRepeats);
    QVERIFY(bbr.difference < 0 && bbr.ciHigh < 0);
    QCOMPARE(answer.trials.at(2).outcome, TuneTrial::Outcome::NoDifference);
    QCOMPARE(answer.trials.at(2).runs.size(), spec.maxRepeats);
}

void TestTunerSearch::replayGivesTheSameTrials()
{
    TuneSpec spec;
    spec.goal = TuneGoal::Latency;
    ModelSource source(latencyModel);
    const TuneAnswer first = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    ReplaySource replay(source.recorded);
    const TuneAnswer second = TunerSearch(spec, TuneConfig(), farReceiver()).run(replay);
    QCOMPARE(second.trials.size(), first.trials.size());
    for (qsizetype i = 0; i < first.trials.size(); ++i) {
        const TuneTrial &a = first.trials.at(i);
        const TuneTrial &b = second.trials.at(i);
        QCOMPARE(b.config, a.config);
        QCOMPARE(b.outcome, a.outcome);
        QCOMPARE(b.runs.size(), a.runs.size());
        QCOMPARE(b.difference, a.difference);
        QCOMPARE(b.p, a.p);
    }
    QCOMPARE(second.recommended, first.recommended);
    QCOMPARE(second.stop, first.stop);
}

void TestTunerSearch::baselineFailed()
{
    ModelSource source([](const TuneConfig &, double) { return TrialRun(); });
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), farReceiver()).run(source);
    QCOMPARE(answer.stop, TuneAnswer::Stop::BaselineFailed);
    QCOMPARE(answer.runs, 3);
    QCOMPARE(answer.trials.size(), 1);
    QVERIFY(answer.changes.isEmpty());
}

void TestTunerSearch::describeLine()
{
    TuneTrial trial;
    trial.index = 3;
    trial.label = QStringLiteral("net.ipv4.tcp_rmem max 512 KiB");
    trial.outcome = TuneTrial::Outcome::Accepted;
    for (double v : {138e6, 138e6}) {
        TrialRun run;
        run.ok = true;
        run.throughputBps = v;
        trial.runs.append(run);
    }
    trial.difference = 38e6;
    trial.p = 0.001;
    QCOMPARE(TunerSearch::describe(trial, TuneGoal::Throughput),
             QStringLiteral("Trial 3: net.ipv4.tcp_rmem max 512 KiB, 2 runs: +38.0 %, accepted"));
}

void TestTunerSearch::bisectsAfterOvershoot()
{
    // A window above 1.5 MiB costs the receiver (memory pressure, in this model): doubling to
    // 2 MiB overshoots, and the bisection between 1 and 2 MiB finds the better middle.
    const QString rmemKey = QStringLiteral("remote:net.ipv4.tcp_rmem");
    ModelSource source([rmemKey](const TuneConfig &config, double noise) {
        const double window = windowOf(config, rmemKey);
        TrialRun run;
        run.ok = true;
        run.throughputBps = (window > 1.5 * 1024 * 1024 ? 300e6 : window * 8 / kRttS) * noise;
        run.findings = {finding(Finding::Rule::ReceiverWindow)};
        run.knobsInEffect = {{rmemKey, kRmemBase}};
        return run;
    });
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), farReceiver()).run(source);
    QStringList tried;
    for (const TuneTrial &t : answer.trials)
        if (t.knob == rmemKey)
            tried.append(QString::number(tripleMax(t.to)));
    // 128 KiB .. 1 MiB accepted, 2 MiB worse, then sqrt(1 MiB * 2 MiB) to a multiple of 4096.
    QCOMPARE(tried.mid(0, 6),
             QStringList({QStringLiteral("131072"), QStringLiteral("262144"), QStringLiteral("524288"),
                          QStringLiteral("1048576"), QStringLiteral("2097152"), QStringLiteral("1482752")}));
    QCOMPARE(answer.recommended.value(rmemKey), QStringLiteral("4096 16384 1482752"));
    QCOMPARE(answer.stop, TuneAnswer::Stop::NoImprovement);
    // The second round's doubling from there was refused without a bisection (nothing won in it).
    QCOMPARE(tried.size(), 7);
}

void TestTunerSearch::choiceAccepted()
{
    // With the send buffer left alone, only another congestion control drains the queue.
    TuneSpec spec;
    spec.goal = TuneGoal::Latency;
    spec.leaveAlone = {QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("net.ipv4.tcp_notsent_lowat")};
    ModelSource source(latencyModel);
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    const TuneChange *cc = changeOf(answer, kCc);
    QVERIFY(cc);
    QCOMPARE(cc->to, QStringLiteral("bbr"));
    QCOMPARE(cc->rule, Finding::Rule::Queue);
    QVERIFY(cc->difference < 0 && cc->ciHigh < 0);
    QVERIFY(answer.recommendedObjective <= answer.baselineObjective / 3);
    // reno raced the new incumbent (bbr) and lost at once.
    const TuneTrial &reno = answer.trials.constLast();
    QCOMPARE(reno.to, QStringLiteral("reno"));
    QCOMPARE(reno.outcome, TuneTrial::Outcome::Worse);
    QCOMPARE(answer.changes.size(), 1);
}

void TestTunerSearch::candidateValues()
{
    QCOMPARE(tuneRoleKey(KnobRole::Receiver, QStringLiteral("net.ipv4.tcp_rmem"), QStringLiteral("up")),
             QStringLiteral("remote:net.ipv4.tcp_rmem"));
    QCOMPARE(tuneRoleKey(KnobRole::Sender, QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("down")),
             QStringLiteral("remote:net.ipv4.tcp_wmem"));
    QCOMPARE(tuneRoleKey(KnobRole::Socket, QStringLiteral("socket.SO_RCVBUF"), QStringLiteral("down")),
             QStringLiteral("socket.SO_RCVBUF"));

    TuneEnvironment environment = farReceiver();
    const QList<ResolvedMove> queue =
        tuneCandidates({finding(Finding::Rule::PathFull), finding(Finding::Rule::Queue)}, TuneSpec(), environment);
    QCOMPARE(queue.size(), 3);
    const ResolvedMove &wmem = queue.at(0);
    QCOMPARE(wmem.key, QStringLiteral("net.ipv4.tcp_wmem"));
    // A triple keeps its minimum, and its default comes down with a maximum below it.
    const TuneConfig config{{wmem.key, QStringLiteral("4096 131072 4194304")}};
    QCOMPARE(tuneNumberValue(wmem, 65536, config, {}), QStringLiteral("4096 65536 65536"));
    QCOMPARE(tuneNumberValue(wmem, 1048576, config, {}), QStringLiteral("4096 131072 1048576"));
    QCOMPARE(tuneBisect(wmem, 1048576, 2097152), 1482752);
    // tcp_notsent_lowat unset (no limit) starts at 128 KiB.
    const auto notsent = tuneNumberStart(queue.at(1), {}, {}, environment);
    QVERIFY(notsent);
    QCOMPARE(notsent->first, 131072);
    QCOMPARE(queue.at(2).key, kCc);

    // Without the far end's knobs the receiver's tcp_rmem is out; the socket buffer stays.
    environment.remoteKnobs = false;
    const QList<ResolvedMove> window =
        tuneCandidates({finding(Finding::Rule::ReceiverWindow)}, TuneSpec(), environment);
    QCOMPARE(window.size(), 1);
    QCOMPARE(window.constFirst().key, QStringLiteral("socket.SO_RCVBUF"));
}

// A spec that pins a socket option (TCP_CONGESTION, SO_SNDBUF) makes the sysctl it replaces on the
// run's sockets a knob the run never reads: the search moves the option instead, from the spec's
// value, and never tries that value again.
void TestTunerSearch::pinnedSocketOptionMoved()
{
    const QString socketCc = QStringLiteral("socket.TCP_CONGESTION");
    TuneEnvironment environment = farReceiver();
    environment.socketOptions = {socketCc};
    environment.choices.insert(socketCc, kCcChoices);
    TuneSpec spec;
    spec.goal = TuneGoal::Latency;
    spec.leaveAlone = {QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("net.ipv4.tcp_notsent_lowat")};
    // The model's congestion control is the socket's: the sysctl changes nothing.
    ModelSource source([&](const TuneConfig &config, double noise) {
        TuneConfig effective = config;
        effective.insert(kCc, config.value(socketCc, QStringLiteral("cubic")));
        return latencyModel(effective, noise);
    });
    // The search starts from the spec's knobs, its socket options among them.
    const TuneConfig base{{socketCc, QStringLiteral("cubic")}};
    const TuneAnswer answer = TunerSearch(spec, base, environment).run(source);
    QVERIFY(!touches(answer, kCc));
    const TuneChange *cc = changeOf(answer, socketCc);
    QVERIFY(cc);
    QCOMPARE(cc->from, QStringLiteral("cubic"));
    QCOMPARE(cc->to, QStringLiteral("bbr"));
    for (const TuneTrial &t : answer.trials)
        QVERIFY2(t.to != QLatin1String("cubic"), qPrintable(t.label));

    // A pinned send buffer: the queue's buffer move halves SO_SNDBUF from the spec's value.
    const QString sndbuf = QStringLiteral("socket.SO_SNDBUF");
    environment.socketOptions = {sndbuf};
    const QList<ResolvedMove> queue = tuneCandidates({finding(Finding::Rule::Queue)}, TuneSpec(), environment);
    QCOMPARE(queue.size(), 3);
    QCOMPARE(queue.at(0).key, sndbuf);
    const auto start = tuneNumberStart(queue.at(0), {{sndbuf, QStringLiteral("1048576")}}, {}, environment);
    QVERIFY(start);
    QCOMPARE(start->from, 1048576);
    QCOMPARE(start->first, 524288);
    QCOMPARE(queue.at(2).key, kCc);
}

// The lab's receiver case: past 128 KiB the kernel's counters stop calling the window the limit
// (no limiter), yet a bigger buffer still wins. With no other limiter to follow, the doubling goes
// on while each step is accepted, to the full path.
void TestTunerSearch::winningMoveGoesOnPastItsFinding()
{
    const QString rmemKey = QStringLiteral("remote:net.ipv4.tcp_rmem");
    const Model limited = receiverModel(rmemKey);
    ModelSource source([&](const TuneConfig &config, double noise) {
        TrialRun run = limited(config, noise);
        if (run.findings.constFirst().rule == Finding::Rule::ReceiverWindow && windowOf(config, rmemKey) >= 131072)
            run.findings = {finding(Finding::Rule::NoLimiter)};
        return run;
    });
    TuneSpec spec;
    spec.leaveAlone = {QStringLiteral("socket.SO_RCVBUF")};
    const TuneAnswer answer = TunerSearch(spec, TuneConfig(), farReceiver()).run(source);
    const TuneChange *rmem = changeOf(answer, rmemKey);
    QVERIFY(rmem);
    QVERIFY2(tripleMax(rmem->to) >= 2 * 1024 * 1024, qPrintable(rmem->to));
    QCOMPARE(answer.stop, TuneAnswer::Stop::PathFull);
}

// A window of 128 KiB gains nothing over 64 KiB here, 256 KiB doubles the throughput: the
// doubling that made no difference is tried once more at twice the distance, which wins, and the
// search goes on from there.
void TestTunerSearch::flatStepTriedFurther()
{
    const QString rmemKey = QStringLiteral("remote:net.ipv4.tcp_rmem");
    ModelSource source([rmemKey](const TuneConfig &config, double noise) {
        TrialRun run;
        run.ok = true;
        run.throughputBps = (windowOf(config, rmemKey) >= 256 * 1024 ? 200e6 : 100e6) * noise;
        run.findings = {finding(Finding::Rule::ReceiverWindow)};
        run.knobsInEffect = {{rmemKey, kRmemBase}};
        return run;
    });
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), farReceiver()).run(source);
    QVERIFY(answer.trials.size() >= 3);
    QCOMPARE(tripleMax(answer.trials.at(1).to), 131072);
    QCOMPARE(answer.trials.at(1).outcome, TuneTrial::Outcome::NoDifference);
    QCOMPARE(tripleMax(answer.trials.at(2).to), 262144);
    QCOMPARE(answer.trials.at(2).outcome, TuneTrial::Outcome::Accepted);
    QVERIFY(tripleMax(answer.recommended.value(rmemKey)) >= 262144);
    QVERIFY(answer.recommendedObjective >= 1.8 * answer.baselineObjective);
}

// The lab's receiver past 256 KiB: each doubling gains too little to tell from the noise, the gain
// is there only over a distance. Here nothing changes up to 512 KiB and 4 MiB doubles the
// throughput: the flat step and the leap at twice its distance make no difference, the leap at
// six doublings wins. The step from there makes no difference either, and is not bisected:
// nothing lies between two equal values.
void TestTunerSearch::distantGainFoundByTheFarLeap()
{
    const QString rmemKey = QStringLiteral("remote:net.ipv4.tcp_rmem");
    ModelSource source([rmemKey](const TuneConfig &config, double noise) {
        TrialRun run;
        run.ok = true;
        run.throughputBps = (windowOf(config, rmemKey) >= 4 * 1024 * 1024 ? 200e6 : 100e6) * noise;
        run.findings = {finding(Finding::Rule::ReceiverWindow)};
        run.knobsInEffect = {{rmemKey, kRmemBase}};
        return run;
    });
    const TuneAnswer answer = TunerSearch(TuneSpec(), TuneConfig(), farReceiver()).run(source);
    QList<qint64> tried;
    QList<TuneTrial::Outcome> outcomes;
    for (const TuneTrial &t : answer.trials)
        if (t.knob == rmemKey) {
            tried.append(tripleMax(t.to));
            outcomes.append(t.outcome);
        }
    // (The verdict still names the window: a new round of the move follows, from 4 MiB.)
    QCOMPARE(tried.mid(0, 4), QList<qint64>({131072, 262144, 4194304, 8388608}));
    QCOMPARE(outcomes.mid(0, 4),
             QList<TuneTrial::Outcome>({TuneTrial::Outcome::NoDifference, TuneTrial::Outcome::NoDifference,
                                        TuneTrial::Outcome::Accepted, TuneTrial::Outcome::NoDifference}));
    QVERIFY(std::none_of(tried.cbegin(), tried.cend(), [](qint64 n) { return n > 4194304 && n < 8388608; }));
    QCOMPARE(tripleMax(answer.recommended.value(rmemKey)), 4194304);
}

QTEST_GUILESS_MAIN(TestTunerSearch)
#include "tst_tuner_search.moc"
