// BulkReceiver on real loopback TCP connections: one thread counts every stream's bytes exactly,
// connections may join while it runs, it ends when every expected stream has closed, and a stop
// flag ends it early. Sampling ticks run on the receiving thread, never early, while data flows
// and while none does, and none runs after stopTicks(). A single stream's wake-ups are batched to
// about a millisecond of its rate (SO_RCVLOWAT); several streams instead let about
// kGatherPerStream of each arrive between passes, SO_RCVLOWAT left at one byte. A trickle after a
// fast phase is still read within a batch period.

#include "loopback_client.h"
#include "traffic/bulk_receiver.h"

#include <QTest>

#include <algorithm>
#include <cerrno>
#include <mutex>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

class TestBulkReceiver final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsEveryStream_data();
    void countsEveryStream();
    void stopEndsEarly();
    void ticksOnTheReceivingThread();
    void wakeBatchFollowsTheRate_data();
    void wakeBatchFollowsTheRate();
    void fastStreamsBatchTheirWakeups_data();
    void fastStreamsBatchTheirWakeups();
    void gatherTimeFollowsTheRate_data();
    void gatherTimeFollowsTheRate();
    void severalStreamsGatherBetweenPasses_data();
    void severalStreamsGatherBetweenPasses();
    void aResetIsAFailureAnOrderlyEndIsNot();
};

namespace {

// A connected loopback TCP pair: {sending end, receiving end}.
std::pair<sock::Fd, sock::Fd> tcpPair()
{
    sock::Fd listener(tcptune::test::listenLoopback());
    sock::Fd out(tcptune::test::connectLoopback(sock::localPort(listener.get())));
    sock::Fd in(::accept4(listener.get(), nullptr, nullptr, SOCK_CLOEXEC));
    return {std::move(out), std::move(in)};
}

// The rows of a test run with batching and without (a receive buffer the client fixed).
void addBatchingRows()
{
    QTest::addColumn<bool>("batching");
    QTest::addRow("batched") << true;
    QTest::addRow("not batched (a fixed receive buffer)") << false;
}

} // namespace

void TestBulkReceiver::countsEveryStream_data()
{
    QTest::addColumn<int>("streams");
    QTest::addColumn<qint64>("bytesEach");
    QTest::addRow("one stream, 64 MiB") << 1 << (qint64(64) << 20);
    QTest::addRow("four streams, odd sizes") << 4 << qint64(10'000'001);
}

void TestBulkReceiver::countsEveryStream()
{
    QFETCH(int, streams);
    QFETCH(qint64, bytesEach);
    const auto started = BulkReceiver::Clock::now();
    BulkReceiver receiver(streams);
    QVERIFY(receiver.valid().has_value());
    std::vector<std::pair<sock::Fd, sock::Fd>> pairs;
    std::vector<std::atomic<std::int64_t>> counted(static_cast<std::size_t>(streams));
    for (int i = 0; i < streams; ++i)
        pairs.push_back(tcpPair());
    receiver.add(pairs[0].second.get(), counted[0]); // the rest join while it runs
    QVERIFY(receiver.claim());
    QVERIFY(!receiver.claim());
    std::atomic<bool> stop{false};
    std::thread receiving([&] { receiver.run(stop, 50); });
    for (int i = 1; i < streams; ++i)
        receiver.add(pairs[std::size_t(i)].second.get(), counted[std::size_t(i)]);
    std::vector<std::thread> senders;
    for (auto &pair : pairs)
        senders.emplace_back([fd = pair.first.get(), bytesEach] {
            std::vector<char> chunk(100'000, 'x');
            for (qint64 left = bytesEach; left > 0;) {
                const ssize_t n = ::send(fd, chunk.data(), std::size_t(std::min<qint64>(left, 100'000)), 0);
                if (n <= 0)
                    return;
                left -= n;
            }
            ::shutdown(fd, SHUT_WR);
        });
    for (std::thread &t : senders)
        t.join();
    receiving.join();
    QVERIFY(receiver.done());
    for (int i = 0; i < streams; ++i)
        QCOMPARE(qint64(counted[std::size_t(i)].load()), bytesEach);
    QVERIFY(receiver.lastByte().has_value());
    QVERIFY(*receiver.lastByte() > started);
    QVERIFY(*receiver.lastByte() <= BulkReceiver::Clock::now());
}

void TestBulkReceiver::stopEndsEarly()
{
    BulkReceiver receiver(2);
    auto pair = tcpPair();
    std::atomic<std::int64_t> counted{0};
    receiver.add(pair.second.get(), counted);
    std::atomic<bool> stop{false};
    std::thread receiving([&] { receiver.run(stop, 20); });
    QVERIFY(::send(pair.first.get(), "abc", 3, 0) == 3);
    QTRY_COMPARE(qint64(counted.load()), qint64(3));
    QVERIFY(!receiver.done()); // the second stream never came
    stop = true;
    receiving.join();
    QVERIFY(receiver.done());
}

void TestBulkReceiver::ticksOnTheReceivingThread()
{
    using namespace std::chrono_literals;
    BulkReceiver receiver(1);
    auto pair = tcpPair();
    std::atomic<std::int64_t> counted{0};
    receiver.add(pair.second.get(), counted);
    std::atomic<bool> stop{false};
    std::thread::id receivingId;
    std::thread receiving([&] { receiver.run(stop, 200); });
    receivingId = receiving.get_id();
    std::mutex mutex;
    std::vector<BulkReceiver::Clock::time_point> ticks;
    std::vector<std::thread::id> tickThreads;
    std::vector<std::int64_t> countedAtTick;
    const auto start = BulkReceiver::Clock::now();
    constexpr auto kInterval = 5ms;
    receiver.startTicks(start, kInterval, [&](BulkReceiver::Clock::time_point now) {
        std::lock_guard lock(mutex);
        ticks.push_back(now);
        tickThreads.push_back(std::this_thread::get_id());
        countedAtTick.push_back(counted.load());
    });
    auto tickCount = [&] {
        std::lock_guard lock(mutex);
        return ticks.size();
    };
    QTRY_VERIFY(tickCount() >= 3); // no data yet: the receiver wakes for its ticks
    std::thread sending([fd = pair.first.get()] {
        std::vector<char> chunk(100'000, 'x');
        for (int i = 0; i < 200; ++i)
            if (::send(fd, chunk.data(), chunk.size(), 0) <= 0)
                return;
    });
    sending.join();
    QTRY_COMPARE(qint64(counted.load()), qint64(200 * 100'000));
    const std::size_t before = tickCount();
    QTRY_VERIFY(tickCount() > before); // a tick after the last byte sees all of them
    receiver.stopTicks();
    const std::size_t atStop = tickCount();
    std::this_thread::sleep_for(30ms); // several intervals: none may tick now
    QCOMPARE(tickCount(), atStop);
    stop = true;
    receiving.join();

    std::lock_guard lock(mutex);
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        QVERIFY(tickThreads[i] == receivingId);
        // Never early: tick I is due I + 1 intervals after the start or later (a late one delays the next).
        QVERIFY(ticks[i] >= start + kInterval * std::int64_t(i + 1));
        if (i > 0)
            QVERIFY(countedAtTick[i] >= countedAtTick[i - 1]);
    }
    QCOMPARE(qint64(countedAtTick.back()), qint64(200 * 100'000));
}

void TestBulkReceiver::wakeBatchFollowsTheRate_data()
{
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<int>("overMs");
    QTest::addColumn<int>("batch");
    QTest::addRow("nothing arrived") << qint64(0) << 10 << 1;
    QTest::addRow("no time passed") << qint64(1000) << 0 << 1;
    QTest::addRow("50 Mbit/s: a millisecond's 6250 bytes") << qint64(62'500) << 10 << 6250;
    QTest::addRow("a trickle: one byte at least") << qint64(5) << 10 << 1;
    QTest::addRow("20 Gbit/s: capped") << qint64(25'000'000) << 10 << BulkReceiver::kMaxWakeBatch;
}

void TestBulkReceiver::wakeBatchFollowsTheRate()
{
    QFETCH(qint64, bytes);
    QFETCH(int, overMs);
    QFETCH(int, batch);
    QCOMPARE(BulkReceiver::wakeBatchFor(bytes, std::chrono::milliseconds(overMs)), batch);
}

void TestBulkReceiver::fastStreamsBatchTheirWakeups_data()
{
    addBatchingRows();
}

// A fast phase raises the socket's SO_RCVLOWAT; then a few bytes, less than that, and a pause
// (the connection stays open): they are counted anyway, within a few batch periods.
void TestBulkReceiver::fastStreamsBatchTheirWakeups()
{
    QFETCH(bool, batching);
    BulkReceiver receiver(1, batching);
    auto pair = tcpPair();
    std::atomic<std::int64_t> counted{0};
    receiver.add(pair.second.get(), counted);
    std::atomic<bool> stop{false};
    std::thread receiving([&] { receiver.run(stop, 200); });
    int highest = 1;
    std::vector<char> chunk(256 * 1024, 'x');
    // Ten batch periods, so that a loaded machine's receiver too sees the rate several times.
    const auto fastUntil = BulkReceiver::Clock::now() + 10 * BulkReceiver::kBatchPeriod;
    std::int64_t sent = 0;
    bool sending = true;
    while (sending && BulkReceiver::Clock::now() < fastUntil) {
        const ssize_t n = ::send(pair.first.get(), chunk.data(), chunk.size(), 0);
        sending = n > 0;
        sent += std::max<ssize_t>(n, 0);
        int lowat = 0;
        socklen_t length = sizeof lowat;
        ::getsockopt(pair.second.get(), SOL_SOCKET, SO_RCVLOWAT, &lowat, &length);
        highest = std::max(highest, lowat);
    }
    if (sending && ::send(pair.first.get(), "tail", 4, 0) == 4)
        sent += 4;
    // Without the fall-back to one byte the tail would wait for the connection's end; a second
    // leaves room for a loaded machine (the batch falls within two periods).
    const bool tailCounted = QTest::qWaitFor([&] { return counted.load() == sent; }, 1000);
    stop = true;
    receiving.join();
    QVERIFY(sending);
    QVERIFY2(tailCounted, qPrintable(QStringLiteral("%1 of %2 bytes counted").arg(counted.load()).arg(sent)));
    QCOMPARE(highest > 1, batching);
}

void TestBulkReceiver::gatherTimeFollowsTheRate_data()
{
    using namespace std::chrono_literals;
    QTest::addColumn<qint64>("bytes");
    QTest::addColumn<int>("active");
    QTest::addColumn<qint64>("smallestBuffer");
    QTest::addColumn<qint64>("gatherNs");
    constexpr qint64 big = qint64(6) << 20;
    // 30 Gbit/s over 10 ms is 37.5 MB; an eighth of 6 MiB would take 210 us per stream.
    QTest::addRow("4 streams at 30 Gbit/s") << qint64(37'500'000) << 4 << big << qint64(120'000);
    QTest::addRow("16 streams at 30 Gbit/s") << qint64(37'500'000) << 16 << big << qint64(480'000);
    QTest::addRow("64 streams: capped") << qint64(37'500'000) << 64 << big << qint64(1'000'000);
    QTest::addRow("4 streams at 100 Mbit/s: the same wait") << qint64(125'000) << 4 << big << qint64(120'000);
    QTest::addRow("one delivering stream: read at once") << qint64(37'500'000) << 1 << big << qint64(0);
    QTest::addRow("nothing arrived") << qint64(0) << 4 << big << qint64(0);
    // 64 KiB buffers: an eighth, 8 KiB of each of 4 streams, arrives in 8,738 ns.
    QTest::addRow("small buffers: an eighth of the smallest")
        << qint64(37'500'000) << 4 << qint64(64 * 1024) << qint64(8'738);
    QTest::addRow("a buffer that could not be read") << qint64(37'500'000) << 4 << qint64(-1) << qint64(0);
}

void TestBulkReceiver::gatherTimeFollowsTheRate()
{
    QFETCH(qint64, bytes);
    QFETCH(int, active);
    QFETCH(qint64, smallestBuffer);
    QFETCH(qint64, gatherNs);
    const auto gather = BulkReceiver::gatherTimeFor(bytes, active, std::chrono::milliseconds(10), smallestBuffer);
    QCOMPARE(qint64(std::chrono::duration_cast<std::chrono::nanoseconds>(gather).count()), gatherNs);
}

void TestBulkReceiver::severalStreamsGatherBetweenPasses_data()
{
    addBatchingRows();
}

// Four fast streams: the receiver waits between its passes and leaves every socket's SO_RCVLOWAT
// at one byte; then a few bytes on each and a pause: they are counted within a second.
void TestBulkReceiver::severalStreamsGatherBetweenPasses()
{
    QFETCH(bool, batching);
    constexpr int kStreams = 4;
    BulkReceiver receiver(kStreams, batching);
    std::vector<std::pair<sock::Fd, sock::Fd>> pairs;
    std::vector<std::atomic<std::int64_t>> counted(kStreams);
    for (int i = 0; i < kStreams; ++i) {
        pairs.push_back(tcpPair());
        receiver.add(pairs.back().second.get(), counted[std::size_t(i)]);
    }
    std::atomic<bool> stop{false};
    std::thread receiving([&] { receiver.run(stop, 200); });
    std::vector<char> chunk(256 * 1024, 'x');
    const auto fastUntil = BulkReceiver::Clock::now() + 10 * BulkReceiver::kBatchPeriod;
    std::int64_t sent = 0;
    bool sending = true;
    auto longestGather = BulkReceiver::Clock::duration::zero();
    int highestLowat = 1;
    while (sending && BulkReceiver::Clock::now() < fastUntil) {
        for (auto &pair : pairs) {
            const ssize_t n = ::send(pair.first.get(), chunk.data(), chunk.size(), 0);
            sending = sending && n > 0;
            sent += std::max<ssize_t>(n, 0);
            highestLowat = std::max(highestLowat, int(sock::intOption(pair.second.get(), SOL_SOCKET, SO_RCVLOWAT)));
        }
        longestGather = std::max(longestGather, receiver.gatherTime());
    }
    for (auto &pair : pairs)
        if (sending && ::send(pair.first.get(), "tail", 4, 0) == 4)
            sent += 4;
    const auto countedAll = [&] {
        std::int64_t sum = 0;
        for (const auto &c : counted)
            sum += c.load();
        return sum;
    };
    const bool tailCounted = QTest::qWaitFor([&] { return countedAll() == sent; }, 1000);
    stop = true;
    receiving.join();
    QVERIFY(sending);
    QVERIFY2(tailCounted, qPrintable(QStringLiteral("%1 of %2 bytes counted").arg(countedAll()).arg(sent)));
    QCOMPARE(highestLowat, 1);
    QCOMPARE(longestGather > BulkReceiver::Clock::duration::zero(), batching);
    QVERIFY(longestGather <= BulkReceiver::kMaxGather);
}

// Two streams: one ends with a reset (SO_LINGER 0), one with an orderly close. Only the reset is
// reported, with its errno, and the receiver ends once both have.
void TestBulkReceiver::aResetIsAFailureAnOrderlyEndIsNot()
{
    BulkReceiver receiver(2);
    auto reset = tcpPair();
    auto orderly = tcpPair();
    std::atomic<std::int64_t> counted{0};
    std::mutex mutex;
    std::vector<std::pair<int, int>> failures; // {fd, errno}
    for (int fd : {reset.second.get(), orderly.second.get()})
        receiver.add(fd, counted, [&, fd](int error) {
            std::lock_guard lock(mutex);
            failures.emplace_back(fd, error);
        });
    std::atomic<bool> stop{false};
    std::thread receiving([&] { receiver.run(stop, 20); });
    QVERIFY(::send(orderly.first.get(), "abc", 3, 0) == 3);
    QTRY_COMPARE(qint64(counted.load()), qint64(3));
    const linger abort{1, 0};
    ::setsockopt(reset.first.get(), SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
    reset.first = sock::Fd();
    orderly.first = sock::Fd();
    QTRY_VERIFY(receiver.done());
    stop = true;
    receiving.join();
    std::lock_guard lock(mutex);
    QCOMPARE(failures.size(), std::size_t(1));
    QCOMPARE(failures.front().first, reset.second.get());
    QCOMPARE(failures.front().second, ECONNRESET);
}

QTEST_GUILESS_MAIN(TestBulkReceiver)
#include "tst_bulk_receiver.moc"
