// QueueSampler: a baseline, readings on its own thread until stop(), drops and overlimits counted
// from the baseline across the kernel's 32-bit wrap, a failing reading kept as the run's note, and
// what its thread cost (the figure bench/diagnosis/cost.py reports).

#include "experiment/run/queue_sampler.h"
#include "lab/qdisc_stats.h"

#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

using namespace tcptune;
using namespace std::chrono_literals;

class TestQueueSampler : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsFromTheBaselineAcrossTheWrap();
    void keepsTheFirstErrorAndGoesOn();
    void measuresItsOwnThreadOnARealQdisc();
};

void TestQueueSampler::countsFromTheBaselineAcrossTheWrap()
{
    // Drops start just below 2^32 and grow by 10 per reading, so they wrap during the run.
    auto readings = std::make_shared<std::atomic<int>>(0);
    QueueSampler sampler(
        [readings]() -> Result<QdiscStats> {
            const int n = readings->fetch_add(1);
            QdiscStats s;
            s.drops = (4294967290LL + 10LL * n) % 4294967296LL;
            s.overlimits = 3 * n;
            s.backlogBytes = 1000 * n;
            return s;
        },
        5ms);
    QVERIFY(sampler.start().has_value());
    QTRY_VERIFY_WITH_TIMEOUT(readings->load() >= 6, 5000);
    const QList<QueueSample> samples = sampler.stop();
    QVERIFY(samples.size() >= 6);
    QCOMPARE(samples.first().drops, 0);
    for (qsizetype i = 1; i < samples.size(); ++i) {
        QCOMPARE(samples[i].drops, samples[i].overlimits / 3 * 10); // 10 per reading, wrapped or not
        QVERIFY(samples[i].t >= samples[i - 1].t);
    }
    QVERIFY(samples.last().drops >= 60);
    // The baseline is start()'s reading; every later one is counted.
    QCOMPARE(sampler.readingCount(), int(samples.size()) - 1);
    QVERIFY(sampler.error().isEmpty());
}

void TestQueueSampler::keepsTheFirstErrorAndGoesOn()
{
    auto readings = std::make_shared<std::atomic<int>>(0);
    QueueSampler sampler(
        [readings]() -> Result<QdiscStats> {
            const int n = readings->fetch_add(1);
            if (n == 2 || n == 3)
                return std::unexpected(Error{QStringLiteral("reading %1 failed").arg(n)});
            return QdiscStats{};
        },
        5ms);
    QVERIFY(sampler.start().has_value());
    QTRY_VERIFY_WITH_TIMEOUT(readings->load() >= 6, 5000);
    const QList<QueueSample> samples = sampler.stop();
    QCOMPARE(sampler.error(), QStringLiteral("reading 2 failed"));
    QCOMPARE(samples.size(), readings->load() - 2);
}

void TestQueueSampler::measuresItsOwnThreadOnARealQdisc()
{
    auto reader = QdiscStatsReader::open(QString(), QStringLiteral("lo"));
    QVERIFY2(reader.has_value(), reader ? "" : qPrintable(reader.error().message));
    std::shared_ptr<QdiscStatsReader> shared(std::move(*reader));
    QueueSampler sampler([shared] { return shared->readRoot(); }, 2ms);
    QVERIFY(sampler.start().has_value());
    QCOMPARE(sampler.threadCpuTime(), 0ns); // only known once the thread has ended
    std::this_thread::sleep_for(100ms);
    const QList<QueueSample> samples = sampler.stop();
    QVERIFY2(sampler.error().isEmpty(), qPrintable(sampler.error()));
    QVERIFY(sampler.readingCount() >= 5);
    QCOMPARE(samples.size(), sampler.readingCount() + 1);
    // Every reading is a netlink request and reply: its thread spent CPU, and less than it lived.
    QVERIFY(sampler.threadCpuTime() > 0ns);
    QVERIFY(sampler.threadCpuTime() < 100ms + 1s);
}

QTEST_GUILESS_MAIN(TestQueueSampler)
#include "tst_queue_sampler.moc"
