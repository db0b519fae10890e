// The agent's memory budget: reservations that cannot exceed it, given back when dropped or
// moved from, and what a run reserves: capped write buffers (a 64 MiB write costs what a 1 MiB
// one does), more streams cost more, and the worker's real buffers stay within the cap.

#include "traffic/memory_budget.h"
#include "traffic/run_memory.h"
#include "traffic/stream_workers.h"

#include <QTest>

#include <thread>
#include <vector>

using namespace tcptune;

class TestMemoryBudget final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reservesUpToTheTotalAndGivesBack();
    void concurrentReservationsNeverExceedTheTotal();
    void largeWritesCostTheCappedBuffer();
    void runsCostPerStreamAndPerInterval();
};

void TestMemoryBudget::reservesUpToTheTotalAndGivesBack()
{
    MemoryBudget budget(100);
    MemoryBudget::Reservation a = budget.reserve(60);
    QCOMPARE(a.bytes(), 60);
    QCOMPARE(budget.reserve(41).bytes(), 0); // refused: 40 left
    QCOMPARE(budget.left(), 40);
    {
        MemoryBudget::Reservation b = budget.reserve(40);
        QCOMPARE(budget.left(), 0);
        MemoryBudget::Reservation moved = std::move(b);
        QCOMPARE(b.bytes(), 0);
        QCOMPARE(budget.left(), 0);
    }
    QCOMPARE(budget.left(), 40);
    a.reset();
    QCOMPARE(budget.used(), 0);
}

void TestMemoryBudget::concurrentReservationsNeverExceedTheTotal()
{
    MemoryBudget budget(1000);
    std::atomic<int> granted{0};
    std::vector<std::thread> threads;
    std::vector<MemoryBudget::Reservation> held(64);
    for (int i = 0; i < 64; ++i)
        threads.emplace_back([&, i] {
            held[std::size_t(i)] = budget.reserve(100);
            if (held[std::size_t(i)].bytes() > 0)
                granted.fetch_add(1);
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(granted.load(), 10);
    QCOMPARE(budget.used(), 1000);
    held.clear();
    QCOMPARE(budget.used(), 0);
}

void TestMemoryBudget::largeWritesCostTheCappedBuffer()
{
    TrafficSpec spec;
    spec.workload = Workload::Bulk;
    spec.writeSize = TrafficLimits::kMaxWriteSize;
    QCOMPARE(streamBufferBytes(spec), kMaxWriteBuffer);
    spec.writeSize = 128 * 1024;
    QCOMPARE(streamBufferBytes(spec), 128 * 1024);
    spec.workload = Workload::RequestResponse;
    spec.requestSize = TrafficLimits::kMaxMessageSize;
    spec.responseSize = TrafficLimits::kMaxMessageSize;
    QCOMPARE(streamBufferBytes(spec), 2 * kMaxWriteBuffer);
}

void TestMemoryBudget::runsCostPerStreamAndPerInterval()
{
    agentproto::SessionParams down;
    down.direction = Direction::Down;
    down.streams = 16;
    down.sending.workload = Workload::Bulk;
    down.sending.writeSize = TrafficLimits::kMaxWriteSize;
    const std::int64_t sixteen = runMemoryBytes(down, 20000);
    // 16 capped buffers and more, far below the 1 GiB the uncapped writes took.
    QVERIFY(sixteen > 16 * kMaxWriteBuffer);
    QVERIFY(sixteen < 64LL << 20);
    down.sending.writeSize = kMaxWriteBuffer;
    QCOMPARE(runMemoryBytes(down, 20000), sixteen);
    down.streams = 32;
    QVERIFY(runMemoryBytes(down, 20000) > sixteen + 16 * kMaxWriteBuffer);
    QVERIFY(runMemoryBytes(down, 40000) > runMemoryBytes(down, 20000));
}

QTEST_GUILESS_MAIN(TestMemoryBudget)
#include "tst_memory_budget.moc"
