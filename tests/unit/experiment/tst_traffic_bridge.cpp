// From an ExperimentSpec to the traffic engine's TrafficSpec and back from a TrafficResult to
// the store's figures, without any network.

#include "experiment/run/traffic_bridge.h"

#include "both_run_fixture.h"
#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "traffic/socket_util.h"

#include <QTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;

class TestTrafficBridge final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void socketOptionsBecomeTrafficOptions_data();
    void socketOptionsBecomeTrafficOptions();
    void catalogueSaysWhereEachOptionActs_data();
    void catalogueSaysWhereEachOptionActs();
    void endpointBecomesTarget();
    void unsupportedOptionIsNamed();
    void outcomeFigures();
    void settledGoodputIsBytesOverTime();
    void bothKeepsEachDirectionsSeries();
    void intervalsFromSamples();
};

void TestTrafficBridge::socketOptionsBecomeTrafficOptions_data()
{
    QTest::addColumn<QString>("knob");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    QTest::addRow("sndbuf") << "socket.SO_SNDBUF"
                            << "256K"
                            << "sndbuf"
                            << "262144";
    QTest::addRow("rcvbuf") << "socket.SO_RCVBUF"
                            << "1M"
                            << "rcvbuf"
                            << "1048576";
    QTest::addRow("nodelay") << "socket.TCP_NODELAY"
                             << "on"
                             << "nodelay"
                             << "true";
    QTest::addRow("cork") << "socket.TCP_CORK"
                          << "1"
                          << "cork"
                          << "true";
    QTest::addRow("lowat") << "socket.TCP_NOTSENT_LOWAT"
                           << "16K"
                           << "notsent_lowat"
                           << "16384";
    QTest::addRow("cc") << "socket.TCP_CONGESTION"
                        << "reno"
                        << "congestion_control"
                        << "reno";
    QTest::addRow("pacing: bytes/s to bit/s") << "socket.SO_MAX_PACING_RATE"
                                              << "1250000"
                                              << "max_pacing_rate_bps"
                                              << "10000000";
}

void TestTrafficBridge::socketOptionsBecomeTrafficOptions()
{
    QFETCH(QString, knob);
    QFETCH(QString, value);
    QFETCH(QString, field);
    QFETCH(QString, expected);
    ExperimentSpec spec;
    spec.durationS = 2;
    QVERIFY(spec.setParameter(knob, value).has_value());
    RunEndpoint endpoint;
    endpoint.host = QStringLiteral("198.18.30.2");
    auto t = trafficSpecFor(spec, endpoint);
    QVERIFY2(t.has_value(), qPrintable(t ? QString() : t.error().message));
    const QJsonValue v = t->toJson().value(field);
    const QString text = v.isBool()     ? (v.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                         : v.isString() ? v.toString()
                                        : QString::number(qint64(v.toDouble()));
    QCOMPARE(text, expected);
}

namespace {

// What a fresh TCP socket's option LEVEL/NAME reads (TEXT: a name such as TCP_CONGESTION's).
QString optionValue(int fd, int level, int name, bool text)
{
    char buffer[64] = {};
    socklen_t size = sizeof buffer;
    if (::getsockopt(fd, level, name, buffer, &size) != 0)
        return QStringLiteral("error");
    if (text)
        return QString::fromLatin1(buffer, qstrnlen(buffer, size));
    return QString::fromLatin1(QByteArray(buffer, int(size)).toHex());
}

// A value for KNOB the kernel shows as a change on a fresh socket.
QString changingValue(const KnobInfo &knob)
{
    if (knob.type == ValueType::Bool)
        return QStringLiteral("1");
    if (knob.type == ValueType::Enum) {
        const QString current =
            procsys::read(QStringLiteral("/proc/sys/net/ipv4/tcp_congestion_control")).value_or(QString()).trimmed();
        for (const QString &cc :
             procsys::read(knob.enumSource).value_or(QString()).simplified().split(QLatin1Char(' ')))
            if (cc != current)
                return cc;
        return {};
    }
    return QString::number(std::clamp<std::int64_t>(48 * 1024, knob.minimum, knob.maximum));
}

} // namespace

// The catalogue's word on each option the engine sets is true: its setsockopt level and name read
// back changed on the data sockets of the ends it names, and unchanged on the other end.
void TestTrafficBridge::catalogueSaysWhereEachOptionActs_data()
{
    QTest::addColumn<QString>("key");
    int options = 0;
    for (const KnobInfo &knob : KnobCatalogue::instance().ofKind(KnobKind::SocketOption))
        if (knob.socket.setByEngine() && ++options)
            QTest::addRow("%s", qPrintable(knob.key)) << knob.key;
    QVERIFY(options >= 7);
}

void TestTrafficBridge::catalogueSaysWhereEachOptionActs()
{
    QFETCH(QString, key);
    const KnobInfo *knob = KnobCatalogue::instance().find(key);
    QVERIFY(knob);
    const QString value = changingValue(*knob);
    QVERIFY2(!value.isEmpty(), "no second congestion control in this kernel");
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(key, value).has_value());
    RunEndpoint endpoint;
    endpoint.host = QStringLiteral("198.18.30.2");
    auto t = trafficSpecFor(spec, endpoint);
    QVERIFY2(t.has_value(), qPrintable(t ? QString() : t.error().message));
    const QString field = knob->socket.engineField;
    QVERIFY2(t->toJson().value(field) != TrafficSpec().toJson().value(field), qPrintable(field));
    // The workloads cork around their writes, not when the socket is made: the field is all.
    if (key == QLatin1String("socket.TCP_CORK"))
        return;

    const bool text = knob->type == ValueType::Enum;
    const int level = knob->socket.level;
    const int name = knob->socket.name;
    const int sender = ::socket(AF_INET, SOCK_STREAM, 0);
    const int receiver = ::socket(AF_INET, SOCK_STREAM, 0);
    QVERIFY(sender >= 0 && receiver >= 0);
    const QString before = optionValue(sender, level, name, text);
    QCOMPARE(optionValue(receiver, level, name, text), before);
    QVERIFY(sock::applySenderOptions(sender, *t).has_value());
    QVERIFY(sock::applyReceiverOptions(receiver, *t).has_value());
    const QString atSender = optionValue(sender, level, name, text);
    const QString atReceiver = optionValue(receiver, level, name, text);
    ::close(sender);
    ::close(receiver);
    QVERIFY(before != QLatin1String("error"));
    QCOMPARE(atSender != before, knob->socket.actsAtSender());
    QCOMPARE(atReceiver != before, knob->socket.actsAtReceiver());
}

void TestTrafficBridge::endpointBecomesTarget()
{
    ExperimentSpec spec;
    spec.durationS = 3;
    spec.omitS = 0.5;
    spec.sampleMs = 10;
    spec.workload.streams = 2;
    RunEndpoint lab;
    lab.host = QStringLiteral("198.18.2.2");
    lab.port = 5300;
    lab.clientNetns = QStringLiteral("tcptune-t-exp1-client");
    auto t = trafficSpecFor(spec, lab);
    QVERIFY(t.has_value());
    QCOMPARE(t->target.kind, TargetKind::Agent);
    QCOMPARE(t->target.host, QStringLiteral("198.18.2.2"));
    QCOMPARE(t->clientNetns, lab.clientNetns);
    QCOMPARE(t->streams, 2);
    QCOMPARE(t->omitS, 0.5);
    QCOMPARE(t->sampleIntervalMs, 10);
    RunEndpoint iperf;
    iperf.host = QStringLiteral("198.18.30.2");
    iperf.iperf3 = true;
    t = trafficSpecFor(spec, iperf);
    QVERIFY(t.has_value());
    QCOMPARE(t->target.kind, TargetKind::Iperf3);
    QCOMPARE(t->target.port, TrafficTarget::kDefaultIperf3Port);
}

void TestTrafficBridge::unsupportedOptionIsNamed()
{
    ExperimentSpec spec;
    QVERIFY(spec.setParameter(QStringLiteral("socket.TCP_MAXSEG"), QStringLiteral("1400")).has_value());
    RunEndpoint endpoint;
    endpoint.host = QStringLiteral("198.18.30.2");
    auto t = trafficSpecFor(spec, endpoint);
    QVERIFY(!t.has_value());
    QVERIFY(t.error().message.contains(QStringLiteral("'knobs.socket.TCP_MAXSEG'")));
}

void TestTrafficBridge::outcomeFigures()
{
    TrafficResult result;
    result.throughputBps = 47e6;
    result.senderBytes = 1000;
    result.receiverBytes = 900;
    result.durationS = 3;
    result.sndbufActual = 131072;
    result.rttMs = SummaryStats::of({10, 20, 30});
    StreamResult stream;
    stream.retrans = 4;
    result.perStream = {stream};
    result.remoteKnobs = {{QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1")}};
    TrafficOutcome o = outcomeOf(result);
    QCOMPARE(o.figures.status, RunStatus::Ok);
    QCOMPARE(o.figures.throughputBps, 47e6);
    QCOMPARE(o.figures.rttMedianMs, 20.0);
    QCOMPARE(o.figures.retransmits, 4);
    QCOMPARE(o.figures.sndbufActual, 131072);
    QCOMPARE(o.remoteKnobs.size(), 1);
    result.interrupted = true;
    result.error = QStringLiteral("the agent went away");
    o = outcomeOf(result);
    QCOMPARE(o.figures.status, RunStatus::Failed);
    QCOMPARE(o.figures.error, QStringLiteral("the agent went away"));
    result.cancelled = true;
    QCOMPARE(outcomeOf(result).figures.status, RunStatus::Cancelled);
}

// A settled run's goodput counts the receiver's bytes over the time they took. 10 ms intervals
// are uneven: here a 50 Mbit/s flow's 62,500 bytes per 10 ms, with one tick 5 ms late and the next
// 5 ms early; the mean of the intervals' rates from 0.02 s would say 58.3 Mbit/s, the bytes say 50.
void TestTrafficBridge::settledGoodputIsBytesOverTime()
{
    QList<ReceiverInterval> intervals;
    const double ends[] = {0.01, 0.02, 0.035, 0.04, 0.05, 0.06};
    double previous = 0;
    for (const double t : ends) {
        ReceiverInterval i;
        i.t = t;
        i.bytes = qRound64(50e6 / 8 * (t - previous));
        i.throughputBps = double(i.bytes) * 8 / (t - previous);
        intervals.append(i);
        previous = t;
    }
    intervals[3].bytes += intervals[2].bytes - 62500; // the late tick's bytes arrive in a burst
    intervals[2].bytes = 62500;
    intervals[2].throughputBps = 62500 * 8 / 0.015;
    intervals[3].throughputBps = double(intervals[3].bytes) * 8 / 0.005;
    QCOMPARE(qRound(receiverGoodputFrom(intervals, 0.02) / 1e3), 50000);
    QCOMPARE(qRound(receiverGoodputFrom(intervals, 0.015) / 1e3), 50000); // from the tick before
    QCOMPARE(receiverGoodputFrom(intervals, 0.06), -1.0);
    QCOMPARE(receiverGoodputFrom({}, 0), -1.0);
}

// Direction both: the store gets each direction's aggregate series (this host's sending and the
// target's), every sample saying whose it is, and the verdict's limiters are this host's streams.
void TestTrafficBridge::bothKeepsEachDirectionsSeries()
{
    const TrafficOutcome o = outcomeOf(test::bothDirectionsResult(5));
    int up = 0;
    int down = 0;
    for (const RunSample &s : o.samples) {
        QCOMPARE(s.farSender, s.throughputBps < 20e6);
        if (s.stream < 0)
            ++(s.farSender ? down : up);
    }
    QCOMPARE(up, 5);
    QCOMPARE(down, 5);
    QCOMPARE(o.samples.size(), 4 * 5); // and a stream each way
    QCOMPARE(o.figures.streamLimiters.size(), 2);
    QCOMPARE(o.figures.limiters.cwndLimited, 1.0);
}

void TestTrafficBridge::intervalsFromSamples()
{
    TrafficResult result;
    for (int i = 0; i < 40; ++i) {
        TrafficSample s;
        s.t = 0.01 * (i + 1);
        s.omitted = i < 10;
        s.throughputBps = i < 25 ? 90e6 : 3e6;
        result.samples.append(s);
    }
    double bin = 0;
    const QList<double> intervals = intervalThroughput(result, 0.05, &bin);
    QCOMPARE(intervals.size(), 6);
    QVERIFY(qAbs(bin - 0.05) < 1e-9);
    QCOMPARE(intervals.first(), 90e6);
    QCOMPARE(intervals.last(), 3e6);
}

QTEST_GUILESS_MAIN(TestTrafficBridge)
#include "tst_traffic_bridge.moc"
