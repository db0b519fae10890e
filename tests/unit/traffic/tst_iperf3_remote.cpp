// The iperf3 side: the parameter object, iperf3's stream numbering, and how refusals of a
// (fake) iperf3 server reach the user. Real iperf3 servers are exercised in the integration tests.

#include "traffic/iperf3_remote.h"
#include "traffic/traffic_client.h"

#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace tcptune;

class TestIperf3Remote final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parameters_data();
    void parameters();
    void directionModes();
    void streamIdsSkipTwo();
    void serverRefusals_data();
    void serverRefusals();
};

void TestIperf3Remote::parameters_data()
{
    QTest::addColumn<qint64>("writeSize");
    QTest::addColumn<qint64>("rcvbuf");
    QTest::addColumn<QString>("cc");
    QTest::addColumn<int>("len");
    QTest::addRow("defaults") << qint64(128 * 1024) << qint64(0) << QString() << 131072;
    QTest::addRow("window and cc") << qint64(65536) << qint64(262144) << QStringLiteral("cubic") << 65536;
    QTest::addRow("len capped at 1 MiB") << qint64(8 << 20) << qint64(0) << QString() << (1 << 20);
}

void TestIperf3Remote::parameters()
{
    QFETCH(qint64, writeSize);
    QFETCH(qint64, rcvbuf);
    QFETCH(QString, cc);
    QFETCH(int, len);
    TrafficSpec spec;
    spec.durationS = 2.5;
    spec.streams = 3;
    spec.writeSize = writeSize;
    spec.rcvbuf = rcvbuf;
    spec.congestionControl = cc;
    const QJsonObject p = Iperf3Remote::parameters(spec);
    QCOMPARE(p.value(QStringLiteral("tcp")).toBool(), true);
    QCOMPARE(p.value(QStringLiteral("time")).toInt(), 3); // iperf3 counts whole seconds: round up
    QCOMPARE(p.value(QStringLiteral("parallel")).toInt(), 3);
    QCOMPARE(p.value(QStringLiteral("len")).toInt(), len);
    QCOMPARE(p.contains(QStringLiteral("window")), rcvbuf > 0);
    QCOMPARE(p.value(QStringLiteral("congestion")).toString(), cc);
    QVERIFY(p.contains(QStringLiteral("client_version")));
}

// Direction down is iperf3's reverse mode, both its bidirectional mode, up neither.
void TestIperf3Remote::directionModes()
{
    TrafficSpec spec;
    QVERIFY(!Iperf3Remote::parameters(spec).contains(QStringLiteral("reverse")));
    QVERIFY(!Iperf3Remote::parameters(spec).contains(QStringLiteral("bidirectional")));
    spec.direction = Direction::Down;
    QCOMPARE(Iperf3Remote::parameters(spec).value(QStringLiteral("reverse")).toBool(), true);
    QVERIFY(!Iperf3Remote::parameters(spec).contains(QStringLiteral("bidirectional")));
    spec.direction = Direction::Both;
    QCOMPARE(Iperf3Remote::parameters(spec).value(QStringLiteral("bidirectional")).toBool(), true);
    QVERIFY(!Iperf3Remote::parameters(spec).contains(QStringLiteral("reverse")));
    QCOMPARE(Iperf3Remote::parameters(spec).value(QStringLiteral("parallel")).toInt(), 1); // streams each way
}

void TestIperf3Remote::streamIdsSkipTwo()
{
    QCOMPARE(Iperf3Remote::streamId(0), 1);
    QCOMPARE(Iperf3Remote::streamId(1), 3);
    QCOMPARE(Iperf3Remote::streamId(2), 4);
}

// A one-shot server that reads the cookie and answers with REPLY.
class FakeIperf3 final {
public:
    explicit FakeIperf3(QByteArray reply)
    {
        m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(m_listener, reinterpret_cast<sockaddr *>(&a), sizeof a);
        ::listen(m_listener, 4);
        socklen_t len = sizeof a;
        ::getsockname(m_listener, reinterpret_cast<sockaddr *>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this, reply] {
            const int fd = ::accept(m_listener, nullptr, nullptr);
            if (fd < 0)
                return;
            char cookie[Iperf3Remote::kCookieSize];
            std::size_t got = 0;
            while (got < sizeof cookie) {
                const ssize_t n = ::recv(fd, cookie + got, sizeof cookie - got, 0);
                if (n <= 0)
                    break;
                got += std::size_t(n);
            }
            m_cookieOk = got == sizeof cookie && cookie[36] == '\0';
            ::send(fd, reply.constData(), reply.size(), MSG_NOSIGNAL);
            ::close(fd);
        });
    }
    ~FakeIperf3()
    {
        ::shutdown(m_listener, SHUT_RDWR);
        m_thread.join();
        ::close(m_listener);
    }
    std::uint16_t port() const { return m_port; }
    bool cookieOk() const { return m_cookieOk; }

private:
    int m_listener = -1;
    std::uint16_t m_port = 0;
    std::thread m_thread;
    std::atomic<bool> m_cookieOk{false};
};

void TestIperf3Remote::serverRefusals_data()
{
    QTest::addColumn<QByteArray>("reply");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("busy") << QByteArray(1, char(-1)) << QStringLiteral("busy");
    const char serverError[] = {char(-2), 0, 0, 0, 5, 0, 0, 0, 13};
    QTest::addRow("server error") << QByteArray(serverError, sizeof serverError)
                                  << QStringLiteral("error 5 (errno 13)");
    QTest::addRow("not iperf3") << QByteArray("SSH-2.0-OpenSSH\r\n") << QStringLiteral("unexpected state");
    QTest::addRow("silent close") << QByteArray() << QStringLiteral("stopped answering");
}

void TestIperf3Remote::serverRefusals()
{
    QFETCH(QByteArray, reply);
    QFETCH(QString, mentions);
    FakeIperf3 server(reply);
    TrafficSpec spec;
    spec.target = *TrafficTarget::parse(QStringLiteral("iperf3://127.0.0.1:%1").arg(server.port()));
    spec.durationS = 1;
    TrafficClient client;
    const TrafficResult r = client.run(spec);
    QVERIFY(!r.ok());
    QVERIFY2(r.error.contains(mentions), qPrintable(r.error));
    QVERIFY2(r.error.contains(QStringLiteral("127.0.0.1:%1").arg(server.port())), qPrintable(r.error));
    QVERIFY(r.samples.isEmpty());
    QTRY_VERIFY(server.cookieOk());
}

QTEST_GUILESS_MAIN(TestIperf3Remote)
#include "tst_iperf3_remote.moc"
