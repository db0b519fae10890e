// StreamSampler turns cumulative TCP_INFO counters into per-interval samples; readTcpInfo reads
// a real loopback socket.

#include "traffic/tcp_info_sampler.h"

#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;

namespace {

// A listening socket on 127.0.0.1 (a port of the kernel's choice, in ADDR); RCVBUF > 0 sets the
// buffer its connections inherit.
int loopbackListener(sockaddr_in &addr, int rcvbuf = 0)
{
    const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
    if (rcvbuf > 0)
        ::setsockopt(listener, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    addr = {};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (::bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(listener, 1) != 0 ||
        ::getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len) != 0) {
        ::close(listener);
        return -1;
    }
    return listener;
}

} // namespace

class TestTcpInfoSampler final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deltas_data();
    void deltas();
    void firstReadingOnlyPrimes();
    void aggregateSumsAndAverages();
    void readsRealSocket();
    void seesAFullReceiveWindow();
};

void TestTcpInfoSampler::deltas_data()
{
    QTest::addColumn<double>("dt");
    QTest::addColumn<qint64>("ackedDelta");
    QTest::addColumn<int>("retransDelta");
    QTest::addColumn<double>("throughput");
    QTest::addRow("10 ms, 1.25 MB") << 0.01 << qint64(1'250'000) << 0 << 1e9;
    QTest::addRow("1 s, 1 MB, 3 retrans") << 1.0 << qint64(1'000'000) << 3 << 8e6;
    QTest::addRow("nothing acked") << 0.01 << qint64(0) << 1 << 0.0;
}

void TestTcpInfoSampler::deltas()
{
    QFETCH(double, dt);
    QFETCH(qint64, ackedDelta);
    QFETCH(int, retransDelta);
    QFETCH(double, throughput);
    StreamSampler sampler(2);
    TcpInfoReading a;
    a.t = 1.0;
    a.bytesAcked = 5000;
    a.totalRetrans = 7;
    a.busyUs = 1000;
    a.rwndLimitedUs = 0;
    a.sndbufLimitedUs = 0;
    sampler.prime(a);
    TcpInfoReading b = a;
    b.t = a.t + dt;
    b.bytesAcked = a.bytesAcked + std::uint64_t(ackedDelta);
    b.totalRetrans = a.totalRetrans + std::uint32_t(retransDelta);
    b.rttUs = 2500;
    b.cwnd = 42;
    b.ssthresh = 0x7fffffff;
    b.busyUs = a.busyUs + 4000;
    b.rwndLimitedUs = 0;
    b.sndbufLimitedUs = 1500;
    b.deliveryRateBytes = 125'000'000;
    TrafficSample s;
    QVERIFY(sampler.next(b, s));
    QCOMPARE(s.stream, 2);
    QVERIFY(qAbs(s.throughputBps - throughput) < 1e-3 * qMax(1.0, throughput));
    QCOMPARE(s.retrans, qint64(retransDelta));
    QCOMPARE(s.rttMs, 2.5);
    QCOMPARE(s.cwnd, 42);
    QCOMPARE(s.ssthresh, -1); // "infinite" ssthresh: still in slow start
    QCOMPARE(s.busyMs, 4.0);
    QCOMPARE(s.sndbufLimitedMs, 1.5);
    QCOMPARE(s.deliveryRateBps, 1e9);
    QCOMPARE(qint64(sampler.bytesAckedSincePrime()), ackedDelta);
}

void TestTcpInfoSampler::firstReadingOnlyPrimes()
{
    StreamSampler sampler;
    TcpInfoReading r;
    TrafficSample s;
    QVERIFY(!sampler.next(r, s));
    r.t = 0.01;
    QVERIFY(sampler.next(r, s));
}

void TestTcpInfoSampler::aggregateSumsAndAverages()
{
    TrafficSample a;
    a.t = 0.5;
    a.throughputBps = 1e9;
    a.rttMs = 1;
    a.cwnd = 10;
    a.retrans = 1;
    a.deliveryRateBps = -1;
    a.busyMs = 5;
    TrafficSample b = a;
    b.throughputBps = 2e9;
    b.rttMs = 3;
    b.cwnd = 30;
    b.deliveryRateBps = 5e8;
    b.busyMs = 8;
    const TrafficSample s = aggregateSamples({a, b});
    QCOMPARE(s.t, 0.5);
    QCOMPARE(s.stream, -1);
    QCOMPARE(s.throughputBps, 3e9);
    QCOMPARE(s.rttMs, 2.0);
    QCOMPARE(s.cwnd, 40);
    QCOMPARE(s.retrans, 2);
    QCOMPARE(s.deliveryRateBps, 5e8); // the unknown one does not count
    QCOMPARE(s.busyMs, 8.0);
}

void TestTcpInfoSampler::readsRealSocket()
{
    sockaddr_in addr;
    const int listener = loopbackListener(addr);
    QVERIFY(listener >= 0);
    const int client = ::socket(AF_INET, SOCK_STREAM, 0);
    QCOMPARE(::connect(client, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
    const int server = ::accept(listener, nullptr, nullptr);
    QVERIFY(server >= 0);
    const QByteArray data(100000, 'x');
    QCOMPARE(::send(client, data.constData(), data.size(), 0), ssize_t(data.size()));
    QByteArray in(200000, '\0');
    qint64 got = 0;
    while (got < data.size()) {
        const ssize_t n = ::recv(server, in.data(), in.size(), 0);
        QVERIFY(n > 0);
        got += n;
    }
    TcpInfoReading r;
    QTRY_VERIFY_WITH_TIMEOUT(readTcpInfo(client, 1.0, r) && r.bytesAcked >= std::uint64_t(data.size()), 2000);
    QVERIFY(r.cwnd > 0);
    QVERIFY(r.rttUs > 0);
    QVERIFY(r.busyUs >= 0);            // this kernel has the limited-time fields
    QVERIFY(r.deliveryRateBytes >= 0); // and the delivery rate
    ::close(client);
    ::close(server);
    ::close(listener);
    QVERIFY(!readTcpInfo(client, 2.0, r));
}

// A receiver that reads nothing: once its small buffer is full, the sender's window has no room,
// while a receiver that read everything leaves it open.
void TestTcpInfoSampler::seesAFullReceiveWindow()
{
    sockaddr_in addr;
    const int listener = loopbackListener(addr, 8192);
    QVERIFY(listener >= 0);
    const int client = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    ::connect(client, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
    const int server = ::accept(listener, nullptr, nullptr);
    QVERIFY(server >= 0);
    TcpInfoReading r;
    QTRY_VERIFY_WITH_TIMEOUT(readTcpInfo(client, 0.0, r) && r.rwndFull == 0, 2000); // nothing sent yet
    const QByteArray data(65536, 'x');
    qint64 sent = 0;
    for (int i = 0; i < 1000 && ::send(client, data.constData(), data.size(), MSG_NOSIGNAL) > 0; ++i)
        sent += data.size();
    QVERIFY(sent > 0);
    QTRY_VERIFY_WITH_TIMEOUT(readTcpInfo(client, 1.0, r) && r.rwndFull == 1, 2000);
    ::close(client);
    ::close(server);
    ::close(listener);
}

QTEST_GUILESS_MAIN(TestTcpInfoSampler)
#include "tst_tcp_info_sampler.moc"
