// LiveCapture on a real transfer between two scratch namespaces (veth, 198.18.20.0/24): the
// handle opens inside the namespace, the statistics add up, and TcpFlowAnalyzer agrees with
// tshark run on the very same file, also when the packet socket is made apart from LiveCapture
// and handed to it (as tcptune-helper does for a user). Also what a user sees without capture
// privileges.

#include "capture/live_capture.h"
#include "capture/tcp_flow_analyzer.h"
#include "common/netns.h"
#include "command_runner.h"
#include "scratch_namespace.h"

#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmath>
#include <thread>

using namespace tcptune;
using namespace tcptune::test;

namespace {

constexpr quint16 kPort = 15601;

int openSocketIn(const QString &netns)
{
    int fd = -1;
    const Result<void> r = netns::runIn(netns, [&fd] { fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0); });
    return r ? fd : -1;
}

void setTimeouts(int fd)
{
    timeval tv{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

sockaddr_in addressOf(const QString &ip, quint16 port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    ::inet_pton(AF_INET, ip.toLatin1().constData(), &a.sin_addr);
    return a;
}

// Client in A sends BYTES in WRITE-sized writes to the server in B, which answers with 1000
// bytes at the end. Returns the bytes the server received, -1 on failure.
qint64 transfer(ScratchPair &pair, qint64 bytes, int writeSize)
{
    const int listener = openSocketIn(pair.b().name());
    const int client = openSocketIn(pair.a().name());
    if (listener < 0 || client < 0)
        return -1;
    const int one = 1;
    ::setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    sockaddr_in server = addressOf(pair.addressB(), kPort);
    if (::bind(listener, reinterpret_cast<sockaddr *>(&server), sizeof server) != 0 || ::listen(listener, 1) != 0)
        return -1;
    setTimeouts(listener);
    setTimeouts(client);
    qint64 received = -1;
    std::thread serverThread([&] {
        const int conn = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (conn < 0)
            return;
        setTimeouts(conn);
        QByteArray buffer(65536, '\0');
        qint64 total = 0;
        for (;;) {
            const ssize_t n = ::read(conn, buffer.data(), std::size_t(buffer.size()));
            if (n <= 0)
                break;
            total += n;
        }
        const QByteArray answer(1000, 'a');
        // The answer is best effort: the client may have gone; the test reads what it captured.
        if (::write(conn, answer.constData(), std::size_t(answer.size())) < 0)
            qWarning("the answer was not written");
        ::close(conn);
        received = total;
    });
    if (::connect(client, reinterpret_cast<sockaddr *>(&server), sizeof server) == 0) {
        ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        const QByteArray chunk(writeSize, 'd');
        for (qint64 sent = 0; sent < bytes;) {
            const ssize_t n =
                ::write(client, chunk.constData(), std::size_t(std::min<qint64>(writeSize, bytes - sent)));
            if (n <= 0)
                break;
            sent += n;
        }
        ::shutdown(client, SHUT_WR);
        char answer[2000];
        while (::read(client, answer, sizeof answer) > 0) {
        }
    }
    ::close(client);
    serverThread.join();
    ::close(listener);
    return received;
}

// tshark's view of one stream: per direction (key: "ip:port" of the sender) packets, bytes,
// payload, RTT samples (on ACKs sent by the other side) and retransmissions.
struct TsharkSide {
    qint64 packets = 0;
    qint64 bytes = 0;
    qint64 payload = 0;
    qint64 retransmissions = 0;
    QList<double> rttOfThisSidesData;
};

QMap<QString, TsharkSide> tsharkFlow(const QString &file)
{
    const CommandResult r =
        runCommand(QStringLiteral("tshark"), {QStringLiteral("-r"), file,
                                              QStringLiteral("-Y"), QStringLiteral("tcp.stream==0"),
                                              QStringLiteral("-T"), QStringLiteral("fields"),
                                              QStringLiteral("-E"), QStringLiteral("separator=;"),
                                              QStringLiteral("-e"), QStringLiteral("ip.src"),
                                              QStringLiteral("-e"), QStringLiteral("tcp.srcport"),
                                              QStringLiteral("-e"), QStringLiteral("ip.dst"),
                                              QStringLiteral("-e"), QStringLiteral("tcp.dstport"),
                                              QStringLiteral("-e"), QStringLiteral("frame.len"),
                                              QStringLiteral("-e"), QStringLiteral("tcp.len"),
                                              QStringLiteral("-e"), QStringLiteral("tcp.analysis.ack_rtt"),
                                              QStringLiteral("-e"), QStringLiteral("tcp.analysis.retransmission")},
                   120000);
    QMap<QString, TsharkSide> sides;
    for (const QByteArray &line : r.out.split('\n')) {
        const QList<QByteArray> f = line.split(';');
        if (f.size() < 8)
            continue;
        const QString from = QString::fromLatin1(f[0] + ':' + f[1]);
        const QString to = QString::fromLatin1(f[2] + ':' + f[3]);
        TsharkSide &s = sides[from];
        ++s.packets;
        s.bytes += f[4].toLongLong();
        s.payload += f[5].toLongLong();
        if (!f[6].isEmpty())
            sides[to].rttOfThisSidesData << f[6].toDouble();
        if (!f[7].isEmpty())
            ++s.retransmissions;
    }
    return sides;
}

// tshark -z io,stat bytes per interval of stream 0.
std::vector<std::int64_t> tsharkIntervals(const QString &file)
{
    const CommandResult r = runCommand(QStringLiteral("tshark"),
                                       {QStringLiteral("-r"), file, QStringLiteral("-q"), QStringLiteral("-z"),
                                        QStringLiteral("io,stat,0.1,tcp.stream==0")},
                                       120000);
    static const QRegularExpression row(
        QStringLiteral(R"(^\|\s*[\d.]+\s*<>\s*(?:[\d.]+|Dur)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|)"));
    std::vector<std::int64_t> out;
    for (const QByteArray &line : r.out.split('\n')) {
        const QRegularExpressionMatch m = row.match(QString::fromLatin1(line));
        if (m.hasMatch())
            out.push_back(m.captured(2).toLongLong());
    }
    return out;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    const qsizetype n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

class TestLiveCapture final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void capturesTransferInNamespaceAndAgreesWithTshark_data();
    void capturesTransferInNamespaceAndAgreesWithTshark();
    void explainsBadInterfaceAndFilter_data();
    void explainsBadInterfaceAndFilter();
    void withoutPrivilegesSaysSo();
};

void TestLiveCapture::initTestCase()
{
    if (qEnvironmentVariableIsSet("TCPTUNE_CAPTURE_CHILD"))
        return;
    if (!runningAsRoot())
        QSKIP("needs root for namespaces and capture");
}

void TestLiveCapture::capturesTransferInNamespaceAndAgreesWithTshark_data()
{
    QTest::addColumn<QString>("interface");
    QTest::addColumn<bool>("inSenderNamespace");
    QTest::addColumn<QString>("linkType");
    QTest::addColumn<bool>("passedSocket");
    // The sender's veth shows GSO super-segments; 'any' in the receiver's namespace gives
    // Linux cooked frames.
    QTest::addRow("sender veth") << QStringLiteral("ttcap1a") << true << QStringLiteral("EN10MB") << false;
    QTest::addRow("any, receiver namespace") << QStringLiteral("any") << false << QStringLiteral("LINUX_SLL") << false;
    // What a user's capture does: the packet socket made as tcptune-helper makes it (the same
    // function), read and written by LiveCapture without libpcap's capture.
    QTest::addRow("sender veth, passed socket")
        << QStringLiteral("ttcap1a") << true << QStringLiteral("EN10MB") << true;
}

void TestLiveCapture::capturesTransferInNamespaceAndAgreesWithTshark()
{
    if (qEnvironmentVariableIsSet("TCPTUNE_CAPTURE_CHILD"))
        QSKIP("child run");
    QFETCH(QString, interface);
    QFETCH(bool, inSenderNamespace);
    QFETCH(QString, linkType);
    QFETCH(bool, passedSocket);
    ScratchPair pair(QStringLiteral("cap1"), 20);
    QVERIFY2(pair.ok(), qPrintable(pair.error()));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("run.pcap"));

    LiveCapture capture;
    LiveCaptureOptions options;
    options.interface = interface;
    options.netns = inSenderNamespace ? pair.a().name() : pair.b().name();
    options.filter = QStringLiteral("tcp port %1").arg(kPort);
    options.outputPath = file;
    if (passedSocket)
        options.socketMaker = capturesocket::open;
    const Result<void> started = capture.start(options);
    QVERIFY2(started.has_value(), started ? "" : qPrintable(started.error().message));
    QVERIFY(capture.isRunning());

    const qint64 bytes = 3 * 1024 * 1024;
    QCOMPARE(transfer(pair, bytes, 16384), bytes);
    const CaptureStatistics stats = capture.stop();
    QVERIFY(!capture.isRunning());
    QVERIFY(stats.written > 0);
    QVERIFY2(stats.received >= stats.written,
             qPrintable(QStringLiteral("%1 %2").arg(stats.received).arg(stats.written)));
    QCOMPARE(stats.droppedByKernel, 0u);

    const Result<CaptureAnalysis> analysed = analyzeCapture(file);
    QVERIFY2(analysed.has_value(), analysed ? "" : qPrintable(analysed.error().message));
    const CaptureAnalysis &a = *analysed;
    QCOMPARE(a.packets, qint64(stats.written));
    QCOMPARE(a.link_type, linkType);
    QCOMPARE(a.flows.size(), std::size_t(1));
    const FlowAnalysis &f = a.flows.front();
    QCOMPARE(f.client.toString().section(QLatin1Char(':'), 0, 0), pair.addressA());
    QCOMPARE(f.server.toString(), QStringLiteral("%1:%2").arg(pair.addressB()).arg(kPort));
    QVERIFY(f.saw_syn);
    QCOMPARE(f.c2s.payload_bytes, bytes);
    QCOMPARE(f.s2c.payload_bytes, 1000);

    // The same file through tshark.
    const QMap<QString, TsharkSide> t = tsharkFlow(file);
    QVERIFY2(t.contains(f.client.toString()), "tshark did not see the flow; is tshark installed?");
    for (const auto &[endpoint, mine] :
         {std::pair{f.client.toString(), &f.c2s}, std::pair{f.server.toString(), &f.s2c}}) {
        const TsharkSide &theirs = t.value(endpoint);
        QCOMPARE(mine->packets, theirs.packets);
        QCOMPARE(mine->frame_bytes, theirs.bytes);
        QCOMPARE(mine->payload_bytes, theirs.payload);
        QVERIFY(std::abs(mine->retransmissions - theirs.retransmissions) <= 0.1 * double(theirs.retransmissions));
        const double count = double(theirs.rttOfThisSidesData.size());
        QVERIFY2(std::abs(double(mine->rtt_stats.count) - count) <= 0.1 * count,
                 qPrintable(QStringLiteral("%1 RTT samples vs tshark %2").arg(mine->rtt_stats.count).arg(count)));
        if (count > 0) {
            const double theirMedian = median(theirs.rttOfThisSidesData) * 1000.0;
            QVERIFY2(std::abs(mine->rtt_stats.median_ms - theirMedian) <= 0.05 * theirMedian,
                     qPrintable(QStringLiteral("median %1 vs %2 ms").arg(mine->rtt_stats.median_ms).arg(theirMedian)));
        }
    }
    std::vector<std::int64_t> intervals(std::size_t(a.interval_count), 0);
    const auto c2s = a.captureAlignedSeries(f.c2s.intervals);
    const auto s2c = a.captureAlignedSeries(f.s2c.intervals);
    for (std::size_t i = 0; i < intervals.size(); ++i)
        intervals[i] = c2s[i] + s2c[i];
    QCOMPARE(intervals, tsharkIntervals(file));
}

void TestLiveCapture::explainsBadInterfaceAndFilter_data()
{
    QTest::addColumn<QString>("interface");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("netns");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("no such interface") << QStringLiteral("tcptune-nope0") << QString() << QString()
                                       << QStringLiteral("no such interface");
    QTest::addRow("bad filter") << QStringLiteral("lo") << QStringLiteral("tcp port banana") << QString()
                                << QStringLiteral("not valid");
    QTest::addRow("missing namespace") << QStringLiteral("lo") << QString() << QStringLiteral("tcptune-t-capnone")
                                       << QStringLiteral("does not exist");
}

void TestLiveCapture::explainsBadInterfaceAndFilter()
{
    if (qEnvironmentVariableIsSet("TCPTUNE_CAPTURE_CHILD"))
        QSKIP("child run");
    QFETCH(QString, interface);
    QFETCH(QString, filter);
    QFETCH(QString, netns);
    QFETCH(QString, expectedWords);
    QTemporaryDir dir;
    LiveCapture capture;
    const Result<void> r = capture.start({interface, netns, filter, dir.filePath(QStringLiteral("x.pcap"))});
    QVERIFY(!r.has_value());
    QVERIFY2(r.error().message.contains(expectedWords), qPrintable(r.error().message));
    QVERIFY(!capture.isRunning());
    QCOMPARE(capture.stop().written, 0u);
}

void TestLiveCapture::withoutPrivilegesSaysSo()
{
    if (qEnvironmentVariableIsSet("TCPTUNE_CAPTURE_CHILD")) {
        // Runs with CAP_NET_RAW and CAP_NET_ADMIN dropped (see below).
        QTemporaryDir dir;
        LiveCapture capture;
        const Result<void> r = capture.start({QStringLiteral("lo"), {}, {}, dir.filePath(QStringLiteral("x.pcap"))});
        QVERIFY(!r.has_value());
        QVERIFY2(r.error().message.contains(QStringLiteral("No permission")), qPrintable(r.error().message));
        QVERIFY(r.error().message.contains(QStringLiteral("without a capture")));
        return;
    }
    if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
        QSKIP("setpriv (util-linux) is missing");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TCPTUNE_CAPTURE_CHILD"), QStringLiteral("1"));
    const CommandResult r = runCommand(
        QStringLiteral("setpriv"),
        {QStringLiteral("--inh-caps=-net_raw,-net_admin"), QStringLiteral("--bounding-set=-net_raw,-net_admin"),
         QCoreApplication::applicationFilePath(), QStringLiteral("withoutPrivilegesSaysSo")},
        60000, {}, env);
    QVERIFY2(r.exitCode == 0 && !r.crashed, r.out.constData());
    QVERIFY(r.out.contains("PASS   : TestLiveCapture::withoutPrivilegesSaysSo"));
}

QTEST_GUILESS_MAIN(TestLiveCapture)
#include "tst_live_capture.moc"
