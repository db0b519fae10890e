// RunDiagnosis: each rule of docs/diagnosis.md on its own facts, at and around its threshold,
// the order that makes one finding the dominant one, the verdict's two sentences, and the
// facts gathered from a run record (sender's counters, the queue series after the omitted start,
// the knob the experiment turns).

#include "experiment/diagnosis/diagnosis_rules.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "experiment/diagnosis/run_diagnosis.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace tcptune;
using Rule = Finding::Rule;

Q_DECLARE_METATYPE(DiagnosisFacts)

namespace {

DiagnosisFacts limited(double rwnd, double sndbuf, double cwnd, double app)
{
    DiagnosisFacts f;
    f.limiters.busy = 1;
    f.limiters.rwndLimited = rwnd;
    f.limiters.sndbufLimited = sndbuf;
    f.limiters.cwndLimited = cwnd;
    f.limiters.applicationLimited = app;
    return f;
}

DiagnosisFacts queued(double averageBytes, qint64 rateBps)
{
    DiagnosisFacts f = limited(0, 0.95, 0.1, 0.9);
    f.sndbufRequested = 1048576;
    f.queueAverageBytes = averageBytes;
    f.queueRateBps = rateBps;
    f.queueDrops = 0;
    return f;
}

DiagnosisFacts lossy(qint64 out, qint64 retransmitted, qint64 drops)
{
    DiagnosisFacts f = limited(0, 0, 0.9, 0);
    f.segmentsOut = out;
    f.segmentsRetransmitted = retransmitted;
    f.queueDrops = drops;
    return f;
}

// The same facts when the far end sent (direction down): its counters are the sender's.
DiagnosisFacts atFarSender(DiagnosisFacts f)
{
    f.senderEnd = RunEnd::Remote;
    return f;
}

DiagnosisFacts corking(qint64 autocorkings, bool studied, int on)
{
    DiagnosisFacts f = limited(0, 0, 0, 0.8);
    f.segmentsOut = 100000;
    f.segmentsRetransmitted = 0;
    f.autocorkings = autocorkings;
    f.autocorkingStudied = studied;
    f.autocorkingOn = on;
    return f;
}

// A flow at THROUGHPUT through a path of RATE (the lab's), held by a 64 KiB send buffer.
DiagnosisFacts atRate(double throughputBps, qint64 rateBps)
{
    DiagnosisFacts f = limited(0, 0, 0.01, 0.97);
    f.alwaysHasData = true;
    f.sndbufRequested = 65536;
    f.throughputBps = throughputBps;
    f.queueRateBps = rateBps;
    return f;
}

// Split writes of 1 KiB after a 48-byte header, as the lab measured them with Nagle on: 45
// delayed ACKs in 2 s, the sender's RTT 0.03 / 20.5 / 21.6 ms (min, median, p95), 48 ms a message.
DiagnosisFacts splitWrites(int nodelay)
{
    DiagnosisFacts f = limited(0, 0, 0, 1);
    f.workload = Workload::SplitWrite;
    f.smallestWrite = 48;
    f.dataWrite = 1024;
    f.mss = 1448;
    f.nodelay = nodelay;
    f.receiverDelayedAcks = 45;
    f.durationS = 2;
    f.rttMinMs = 0.03;
    f.rttMedianMs = 20.5;
    f.rttP95Ms = 21.6;
    f.transactionP95Ms = 48;
    return f;
}

} // namespace

class TestRunDiagnosis final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void rules_data();
    void rules();
    void factsOfARun();
    void factsOfAFarSender();
    void bothDirectionsNameTheJudgedOne();
    void failedRunHasNoVerdict();
    void findingsRoundTrip();
    void factsOfSmallWrites();
    void deliveryPathRate();
    void fullWindowSamplesCountAsReceiveWindow();
};

void TestRunDiagnosis::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestRunDiagnosis::rules_data()
{
    QTest::addColumn<DiagnosisFacts>("facts");
    QTest::addColumn<QList<Rule>>("expected");
    QTest::addColumn<QString>("verdict");

    QTest::addRow("nothing measured") << DiagnosisFacts{} << QList<Rule>{} << QString();
    DiagnosisFacts sndbuf = limited(0, 0.78, 0.1, 0.9);
    sndbuf.sndbufRequested = 65536;
    QTest::addRow("send buffer, app-limited second")
        << sndbuf << QList<Rule>{Rule::SendBuffer, Rule::Application}
        << "Sender limited by its send buffer 78 % of the time (SO_SNDBUF 64 KiB). Application-limited 90 % of the "
           "time: the sender often had nothing to send.";
    // A bulk writer always has data: its application-limited time was spent on the send buffer.
    DiagnosisFacts bulk = limited(0, 0, 0, 0.96);
    bulk.alwaysHasData = true;
    bulk.sndbufRequested = 65536;
    QTest::addRow("bulk writer, app-limited is the send buffer")
        << bulk << QList<Rule>{Rule::SendBuffer}
        << "Sender limited by its send buffer 96 % of the time (SO_SNDBUF 64 KiB).";
    DiagnosisFacts autotuned = limited(0, 0.6, 0, 0);
    autotuned.sndbufRequested = 0;
    QTest::addRow("send buffer autotuned") << autotuned << QList<Rule>{Rule::SendBuffer}
                                           << "Sender limited by its send buffer 60 % of the time (autotuned).";
    DiagnosisFacts rwnd = limited(0.91, 0, 0.2, 0);
    rwnd.rcvbufRequested = 16384;
    QTest::addRow("receiver window") << rwnd << QList<Rule>{Rule::ReceiverWindow}
                                     << "Receiver window limited 91 % of the time (SO_RCVBUF 16 KiB at the receiver).";
    QTest::addRow("limiter just below the threshold")
        << limited(0.49, 0.49, 0.49, 0.49) << QList<Rule>{Rule::NoLimiter}
        << "No limiter held the flow back most of the time (busy 100 % of the time).";
    // Rule 6a: below half, one limiter that stands out (at least a quarter, twice every other).
    DiagnosisFacts smallWindow = limited(0.47, 0, 0.02, 0);
    smallWindow.rcvbufRequested = 16384;
    QTest::addRow("receiver window stands out below half")
        << smallWindow << QList<Rule>{Rule::ReceiverWindow}
        << "Receiver window limited 47 % of the time (SO_RCVBUF 16 KiB at the receiver).";
    QTest::addRow("main limiter at a quarter") << limited(0, 0, 0.25, 0.125) << QList<Rule>{Rule::CongestionWindow}
                                               << "Congestion window limited 25 % of the time: congestion control "
                                                  "set the pace.";
    QTest::addRow("main limiter below a quarter")
        << limited(0.24, 0, 0, 0) << QList<Rule>{Rule::NoLimiter}
        << "No limiter held the flow back most of the time (busy 100 % of the time).";
    QTest::addRow("two limiters close below half")
        << limited(0.4, 0.21, 0, 0) << QList<Rule>{Rule::NoLimiter}
        << "No limiter held the flow back most of the time (busy 100 % of the time).";
    QTest::addRow("limiter at the threshold") << limited(0, 0, 0.5, 0) << QList<Rule>{Rule::CongestionWindow}
                                              << "Congestion window limited 50 % of the time: congestion control set "
                                                 "the pace.";
    QTest::addRow("receiver window before send buffer")
        << limited(0.7, 0.6, 0, 0) << QList<Rule>{Rule::ReceiverWindow, Rule::SendBuffer}
        << "Receiver window limited 70 % of the time. Sender limited by its send buffer 60 % of the time.";

    // 1.9 MB at 50 Mbit/s: 304 ms.
    QTest::addRow("queue first") << queued(1.9e6, 50000000)
                                 << QList<Rule>{Rule::Queue, Rule::SendBuffer, Rule::Application}
                                 << "The bottleneck queue held 1.9 MB on average: +304 ms of RTT. Sender limited by "
                                    "its send buffer 95 % of the time (SO_SNDBUF 1 MiB).";
    // 312,500 bytes at 50 Mbit/s is 50 ms exactly; one byte less is below.
    QTest::addRow("queue at the threshold")
        << queued(312500, 50000000) << QList<Rule>{Rule::Queue, Rule::SendBuffer, Rule::Application}
        << "The bottleneck queue held 312.5 kB on average: +50 ms of RTT. Sender "
           "limited by its send buffer 95 % of the time (SO_SNDBUF 1 MiB).";
    QTest::addRow("queue below the threshold")
        << queued(312499, 50000000) << QList<Rule>{Rule::SendBuffer, Rule::Application}
        << "Sender limited by its send buffer 95 % of the time (SO_SNDBUF 1 MiB). Application-limited 90 % of the "
           "time: the sender often had nothing to send.";
    QTest::addRow("queue without a rate") << queued(1.9e6, -1) << QList<Rule>{Rule::SendBuffer, Rule::Application}
                                          << "Sender limited by its send buffer 95 % of the time (SO_SNDBUF 1 MiB). "
                                             "Application-limited 90 % of the time: the sender often had nothing to "
                                             "send.";

    QTest::addRow("loss with drops") << lossy(38837, 1204, 1204) << QList<Rule>{Rule::Loss, Rule::CongestionWindow}
                                     << "3.1 % of segments retransmitted; the bottleneck dropped 1,204 packets. "
                                        "Congestion window limited 90 % of the time: congestion control set the pace.";
    QTest::addRow("loss without a queue reading")
        << lossy(1000, 10, -1) << QList<Rule>{Rule::Loss, Rule::CongestionWindow}
        << "1.0 % of segments retransmitted. Congestion window limited 90 % "
           "of the time: congestion control set the pace.";
    QTest::addRow("loss below the threshold") << lossy(1001, 10, 3) << QList<Rule>{Rule::CongestionWindow}
                                              << "Congestion window limited 90 % of the time: congestion control set "
                                                 "the pace.";
    DiagnosisFacts both = queued(1.9e6, 50000000);
    both.segmentsOut = 10000;
    both.segmentsRetransmitted = 200;
    both.queueDrops = 150;
    QTest::addRow("queue before loss") << both
                                       << QList<Rule>{Rule::Queue, Rule::Loss, Rule::SendBuffer, Rule::Application}
                                       << "The bottleneck queue held 1.9 MB on average: +304 ms of RTT. 2.0 % of "
                                          "segments retransmitted; the bottleneck dropped 150 packets.";

    QTest::addRow("autocorking counted, studied")
        << corking(41223, true, 1) << QList<Rule>{Rule::Application, Rule::Autocorking}
        << "Application-limited 80 % of the time: the sender often had nothing to send. Autocorking held writes "
           "back 41,223 times.";
    QTest::addRow("autocorking counted, not studied, rare")
        << corking(999, false, 1) << QList<Rule>{Rule::Application}
        << "Application-limited 80 % of the time: the sender often had nothing to send.";
    QTest::addRow("autocorking counted, not studied, 1 %% of segments")
        << corking(1000, false, 1) << QList<Rule>{Rule::Application, Rule::Autocorking}
        << "Application-limited 80 % of the time: the sender often had nothing to send. Autocorking held writes "
           "back 1,000 times.";
    QTest::addRow("autocorking on, studied, never engaged")
        << corking(0, true, 1) << QList<Rule>{Rule::Application, Rule::AutocorkingIdle}
        << "Application-limited 80 % of the time: the sender often had nothing to send. Autocorking never engaged "
           "in this set-up (TcpExtTCPAutoCorking stayed 0).";
    QTest::addRow("autocorking off: 0 says nothing") << corking(0, true, 0) << QList<Rule>{Rule::Application}
                                                     << "Application-limited 80 % of the time: the sender often had "
                                                        "nothing to send.";
    QTest::addRow("autocorking counters unread") << corking(-1, true, 1) << QList<Rule>{Rule::Application}
                                                 << "Application-limited 80 % of the time: the sender often had "
                                                    "nothing to send.";
    DiagnosisFacts corkOnly = corking(0, true, 1);
    corkOnly.limiters = {};

    // Direction down: the sentences on counters say they are the far end's; missing ones are named.
    QTest::addRow("far sender's loss")
        << atFarSender(lossy(38837, 1204, 1204)) << QList<Rule>{Rule::Loss, Rule::CongestionWindow}
        << "3.1 % of segments retransmitted by the far end, which sent; the bottleneck dropped 1,204 packets. "
           "Congestion window limited 90 % of the time: congestion control set the pace.";
    QTest::addRow("far sender's autocorking idle")
        << atFarSender(corking(0, true, 1)) << QList<Rule>{Rule::Application, Rule::AutocorkingIdle}
        << "Application-limited 80 % of the time: the sender often had nothing to send. Autocorking never engaged "
           "at the far end, which sent (TcpExtTCPAutoCorking stayed 0).";
    DiagnosisFacts farUnread = atFarSender(lossy(-1, -1, 3));
    farUnread.senderCountersMissing = true;
    QTest::addRow("far sender's counters missing")
        << farUnread << QList<Rule>{Rule::CongestionWindow, Rule::SenderCounters}
        << "Congestion window limited 90 % of the time: congestion control set the pace. The far end sent, and its "
           "MIB counters are not available: retransmissions and autocorking are not judged.";
    DiagnosisFacts unobserved = atFarSender(DiagnosisFacts{});
    unobserved.senderCountersMissing = true;
    QTest::addRow("far sender unobserved (iperf3)")
        << unobserved << QList<Rule>{Rule::SenderUnobserved}
        << "The far end sent and reported neither its TCP_INFO nor its MIB counters: no limiter can be named; run "
           "'tcptune serve' there (with a token) for a verdict.";
    DiagnosisFacts localUnread = sndbuf;
    localUnread.senderCountersMissing = true;
    QTest::addRow("this end's counters missing come second")
        << localUnread << QList<Rule>{Rule::SendBuffer, Rule::Application, Rule::SenderCounters}
        << "Sender limited by its send buffer 78 % of the time (SO_SNDBUF 64 KiB). This end sent, but its MIB "
           "counters were not read: retransmissions and autocorking are not judged.";
    // Rule 0: the path was full; the limiter comes second, and cost nothing.
    QTest::addRow("path full first")
        << atRate(47.1e6, 50000000) << QList<Rule>{Rule::PathFull, Rule::SendBuffer}
        << "The flow filled the path: 47.1 of 50 Mbit/s (94 %). The send buffer held the window at 64 KiB (97 % of "
           "the time), which cost no throughput here.";
    QTest::addRow("path at 90 percent") << atRate(45e6, 50000000) << QList<Rule>{Rule::PathFull, Rule::SendBuffer}
                                        << "The flow filled the path: 45 of 50 Mbit/s (90 %). The send buffer held the "
                                           "window at 64 KiB (97 % of the time), which cost no throughput here.";
    QTest::addRow("path at 89 percent is not full")
        << atRate(44.5e6, 50000000) << QList<Rule>{Rule::SendBuffer}
        << "Sender limited by its send buffer 97 % of the time (SO_SNDBUF 64 KiB).";
    // A shaper whose timer passed less than its rate while its queue never drained: still full.
    DiagnosisFacts busyBottleneck = atRate(43.9e6, 50000000);
    busyBottleneck.queueBusyShare = 1.0;
    QTest::addRow("busy bottleneck below 90 percent")
        << busyBottleneck << QList<Rule>{Rule::PathFull, Rule::SendBuffer}
        << "The flow filled the path: the bottleneck held packets 100 % of the time, and its shaper passed 43.9 of "
           "50 Mbit/s (88 %). The send buffer held the window at 64 KiB (97 % of the time), which cost no throughput "
           "here.";
    DiagnosisFacts drainingBottleneck = atRate(43.9e6, 50000000);
    drainingBottleneck.queueBusyShare = 0.9;
    QTest::addRow("bottleneck that drained is not full")
        << drainingBottleneck << QList<Rule>{Rule::SendBuffer}
        << "Sender limited by its send buffer 97 % of the time (SO_SNDBUF 64 KiB).";
    DiagnosisFacts smallRcvbuf = limited(0.91, 0, 0.2, 0);
    smallRcvbuf.rcvbufRequested = 16384;
    smallRcvbuf.throughputBps = 180e6;
    smallRcvbuf.queueRateBps = 1000000000;
    QTest::addRow("far below a 1 Gbit/s path") << smallRcvbuf << QList<Rule>{Rule::ReceiverWindow}
                                               << "Receiver window limited 91 % of the time (SO_RCVBUF 16 KiB at the "
                                                  "receiver).";
    DiagnosisFacts estimated = limited(0, 0, 0.8, 0);
    estimated.throughputBps = 95.7e6;
    estimated.deliveryPathRateBps = 98.2e6;
    QTest::addRow("path rate from delivery-rate samples")
        << estimated << QList<Rule>{Rule::PathFull, Rule::CongestionWindow}
        << "The flow filled the path: 95.7 of the 98.2 Mbit/s its delivery-rate samples showed (97 %). Congestion "
           "control set the pace 80 % of the time, which cost no throughput here.";
    DiagnosisFacts fullAndQueued = atRate(47.5e6, 50000000);
    fullAndQueued.queueAverageBytes = 1000000;
    QTest::addRow("path full before the queue")
        << fullAndQueued << QList<Rule>{Rule::PathFull, Rule::Queue, Rule::SendBuffer}
        << "The flow filled the path: 47.5 of 50 Mbit/s (95 %). The bottleneck queue held 1.0 MB on average: +160 ms "
           "of RTT. The send buffer held the window at 64 KiB (97 % of the time), which cost no throughput here.";
    DiagnosisFacts fullAndCorked = atRate(97.3e6, 100000000);
    fullAndCorked.segmentsOut = 100000;
    fullAndCorked.segmentsRetransmitted = 6200;
    fullAndCorked.queueDrops = 706;
    fullAndCorked.autocorkings = 63;
    fullAndCorked.autocorkingStudied = true;
    QTest::addRow("path full, then the verdict the other rules give")
        << fullAndCorked << QList<Rule>{Rule::PathFull, Rule::Loss, Rule::SendBuffer, Rule::Autocorking}
        << "The flow filled the path: 97.3 of 100 Mbit/s (97 %). 6.2 % of segments retransmitted; the bottleneck "
           "dropped 706 packets. Autocorking held writes back 63 times.";
    // Rule 2a: Nagle held small writes for the receiver's delayed ACKs; application-limited is not said.
    QTest::addRow("Nagle stall") << splitWrites(0) << QList<Rule>{Rule::NagleStall}
                                 << "Small writes (1 KiB) waited for delayed ACKs: Nagle held each write up to 48 ms "
                                    "(TCP_NODELAY off). 45 delayed ACKs at the receiver.";
    QTest::addRow("TCP_NODELAY: no stall") << splitWrites(1) << QList<Rule>{Rule::Application}
                                           << "Application-limited 100 % of the time: the sender often had nothing "
                                              "to send.";
    DiagnosisFacts corkedWrites = splitWrites(0);
    corkedWrites.corked = true;
    QTest::addRow("TCP_CORK: Nagle is not what holds") << corkedWrites << QList<Rule>{Rule::Application}
                                                       << "Application-limited 100 % of the time: the sender often "
                                                          "had nothing to send.";
    DiagnosisFacts fewDelayed = splitWrites(0);
    fewDelayed.receiverDelayedAcks = 9; // under 5 a second
    QTest::addRow("few delayed ACKs") << fewDelayed << QList<Rule>{Rule::Application}
                                      << "Application-limited 100 % of the time: the sender often had nothing to "
                                         "send.";
    DiagnosisFacts idleRequests = splitWrites(0); // rr: the answer carries the ACK, the RTT stays low
    idleRequests.workload = Workload::RequestResponse;
    idleRequests.smallestWrite = idleRequests.dataWrite = 64;
    idleRequests.rttMinMs = 0.005;
    idleRequests.rttMedianMs = 0.04;
    idleRequests.rttP95Ms = 0.3;
    QTest::addRow("requests that idle") << idleRequests << QList<Rule>{Rule::Application}
                                        << "Application-limited 100 % of the time: the sender often had nothing to "
                                           "send.";
    DiagnosisFacts bigWrites = splitWrites(0);
    bigWrites.smallestWrite = bigWrites.dataWrite = 131072;
    QTest::addRow("writes above the MSS") << bigWrites << QList<Rule>{Rule::Application}
                                          << "Application-limited 100 % of the time: the sender often had nothing to "
                                             "send.";
    DiagnosisFacts queueNotNagle = splitWrites(0);
    queueNotNagle.rttP95Ms = 90; // past the timer's reach: a standing queue
    QTest::addRow("RTT past the timer") << queueNotNagle << QList<Rule>{Rule::Application}
                                        << "Application-limited 100 % of the time: the sender often had nothing to "
                                           "send.";
    QTest::addRow("only the autocorking finding")
        << corkOnly << QList<Rule>{Rule::AutocorkingIdle}
        << "Autocorking never engaged in this set-up (TcpExtTCPAutoCorking stayed 0).";
}

void TestRunDiagnosis::rules()
{
    QFETCH(DiagnosisFacts, facts);
    QFETCH(QList<Rule>, expected);
    QFETCH(QString, verdict);
    const QList<Finding> found = RunDiagnosis::findings(facts);
    QList<Rule> rules;
    for (const Finding &f : found)
        rules << f.rule;
    QCOMPARE(rules, expected);
    QCOMPARE(RunDiagnosis::verdict(found), verdict);
}

void TestRunDiagnosis::factsOfARun()
{
    RunRecord run;
    run.status = RunStatus::Ok;
    run.settings.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1"));
    run.details.insert(
        QStringLiteral("spec"),
        QJsonObject{{QStringLiteral("sndbuf"), 65536}, {QStringLiteral("rcvbuf"), 0}, {QStringLiteral("omit_s"), 0.5}});
    run.limiters.sndbufLimited = 0.8;
    EndRecord local;
    local.end = RunEnd::Local;
    local.sender = true;
    local.countersRead = true;
    local.counterDeltas = {{QStringLiteral("TcpOutSegs"), 5000}, {QStringLiteral("TcpRetransSegs"), 7}};
    local.knobsAfter.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1"));
    EndRecord router;
    router.end = RunEnd::Router;
    router.countersRead = true;
    router.queueRateBps = 50000000;
    // Before the omit window ends the queue fills; only the samples from 0.5 s on count.
    router.queue = {{0.1, 5000000, 1, 0, 0}, {0.5, 100000, 70, 2, 9}, {1.0, 300000, 200, 5, 20}};
    run.ends = {local, router};
    const DiagnosisFacts f = factsOf(run);
    QCOMPARE(f.sndbufRequested, qint64(65536));
    QCOMPARE(f.rcvbufRequested, qint64(0));
    QCOMPARE(f.queueAverageBytes, 200000.0);
    QCOMPARE(f.queueDrops, qint64(5));
    QCOMPARE(f.queueRateBps, qint64(50000000));
    QCOMPARE(f.segmentsOut, qint64(5000));
    QCOMPARE(f.segmentsRetransmitted, qint64(7));
    QCOMPARE(f.autocorkings, qint64(0)); // read, and did not move
    QVERIFY(f.autocorkingStudied);
    QCOMPARE(f.autocorkingOn, 1);
    QCOMPARE(RunDiagnosis::verdictOf(run),
             QStringLiteral("Sender limited by its send buffer 80 % of the time (SO_SNDBUF 64 KiB). Autocorking "
                            "never engaged in this set-up (TcpExtTCPAutoCorking stayed 0)."));
    // Counters that could not be read are unknown, not 0.
    run.ends[0].countersRead = false;
    QCOMPARE(factsOf(run).autocorkings, qint64(-1));
}

// Direction down: the far end's record is the sender's; its knobs are those it reported as the
// run began, and a sysctl this end set says nothing of it.
void TestRunDiagnosis::factsOfAFarSender()
{
    RunRecord run;
    run.status = RunStatus::Ok;
    run.settings.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1"));
    run.details.insert(QStringLiteral("spec"), QJsonObject{{QStringLiteral("workload"), QStringLiteral("bulk")}});
    run.limiters.busy = 1;
    run.limiters.cwndLimited = 0.9;
    EndRecord local;
    local.end = RunEnd::Local;
    local.countersRead = true;
    local.counterDeltas = {{QStringLiteral("TcpOutSegs"), 900}, {QStringLiteral("TcpRetransSegs"), 0}};
    EndRecord far;
    far.end = RunEnd::Remote;
    far.sender = true;
    far.countersRead = true;
    far.counterDeltas = {{QStringLiteral("TcpOutSegs"), 10000}, {QStringLiteral("TcpRetransSegs"), 300}};
    far.knobsBefore.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"));
    run.ends = {local, far};
    DiagnosisFacts f = factsOf(run);
    QCOMPARE(f.senderEnd, RunEnd::Remote);
    QVERIFY(!f.senderCountersMissing);
    QCOMPARE(f.segmentsOut, qint64(10000));
    QCOMPARE(f.segmentsRetransmitted, qint64(300));
    QCOMPARE(f.autocorkingOn, 0); // the far end's own value, not the one set here
    QCOMPARE(RunDiagnosis::verdictOf(run),
             QStringLiteral("3.0 % of segments retransmitted by the far end, which sent. Congestion window limited "
                            "90 % of the time: congestion control set the pace."));
    // Without its own knob reading the far end's autocorking is unknown: no "never engaged".
    run.ends[1].knobsBefore.clear();
    QCOMPARE(factsOf(run).autocorkingOn, -1);
    // Its counters unread (an iperf3 server, an agent without the token): named, not guessed.
    run.ends[1].countersRead = false;
    f = factsOf(run);
    QVERIFY(f.senderCountersMissing);
    QCOMPARE(f.segmentsOut, qint64(-1));
    QVERIFY(RunDiagnosis::verdictOf(run).contains(QStringLiteral("its MIB counters are not available")));
}

// Direction both: the limiters and counters judged are this host's sending (its streams, its
// end's counters), and the verdict says so; the list's verdict (from the stored findings) too.
void TestRunDiagnosis::bothDirectionsNameTheJudgedOne()
{
    RunRecord run;
    run.status = RunStatus::Ok;
    run.limiters.busy = 1;
    run.limiters.cwndLimited = 0.9;
    EndRecord local;
    local.end = RunEnd::Local;
    local.sender = true;
    local.countersRead = true;
    local.counterDeltas = {{QStringLiteral("TcpOutSegs"), 900}};
    EndRecord far = local;
    far.end = RunEnd::Remote;
    run.ends = {local, far};
    const QString judged =
        QStringLiteral("Congestion window limited 90 % of the time: congestion control set the pace.");
    QCOMPARE(RunDiagnosis::verdictOf(run), judged);
    run.details.insert(QStringLiteral("directions"),
                       QJsonArray{QJsonObject{{QStringLiteral("direction"), QStringLiteral("up")}},
                                  QJsonObject{{QStringLiteral("direction"), QStringLiteral("down")}}});
    QCOMPARE(factsOf(run).senderEnd, RunEnd::Local);
    QCOMPARE(RunDiagnosis::verdictOf(run), QStringLiteral("This host's sending (up): ") + judged);
    QCOMPARE(RunDiagnosis::withNotes(RunDiagnosis::verdict(RunDiagnosis::findings(factsOf(run))), run.details),
             RunDiagnosis::verdictOf(run));
}

void TestRunDiagnosis::failedRunHasNoVerdict()
{
    RunRecord run;
    run.status = RunStatus::Failed;
    run.limiters.sndbufLimited = 0.9;
    QVERIFY(RunDiagnosis::verdictOf(run).isEmpty());
    run.status = RunStatus::Ok;
    QVERIFY(!RunDiagnosis::verdictOf(run).isEmpty());
}

void TestRunDiagnosis::findingsRoundTrip()
{
    DiagnosisFacts facts;
    facts.queueAverageBytes = 1900000;
    facts.queueRateBps = 50000000;
    facts.segmentsOut = 10000;
    facts.segmentsRetransmitted = 310;
    facts.queueDrops = 1204;
    facts.senderEnd = RunEnd::Remote;
    const QList<Finding> found = RunDiagnosis::findings(facts);
    QCOMPARE(found.size(), 2);
    QJsonArray stored = findingsToJson(found);
    stored.append(QJsonObject{{QStringLiteral("rule"), QStringLiteral("a-rule-of-a-newer-tcptune")}});
    const QList<Finding> back = findingsFromJson(stored);
    QCOMPARE(back.size(), 2); // the unknown rule is left out
    QCOMPARE(back.at(0).rule, Finding::Rule::Queue);
    QCOMPARE(back.at(1).count, qint64(1204));
    QCOMPARE(back.at(1).end, RunEnd::Remote); // whose counters they were
    QCOMPARE(RunDiagnosis::verdict(back), RunDiagnosis::verdict(found));
    QVERIFY(findingsFromJson(QJsonArray()).isEmpty());
    // A full path read from a busy bottleneck keeps its share of busy samples, and so its sentence.
    DiagnosisFacts busy;
    busy.throughputBps = 43.9e6;
    busy.queueRateBps = 50000000;
    busy.queueBusyShare = 0.97;
    const QList<Finding> full = RunDiagnosis::findings(busy);
    QCOMPARE(full.first().rule, Finding::Rule::PathFull);
    const QList<Finding> fullBack = findingsFromJson(findingsToJson(full));
    QCOMPARE(fullBack.first().queueBusyShare, 0.97);
    QCOMPARE(RunDiagnosis::verdict(fullBack), RunDiagnosis::verdict(full));
}

// The kernel's timer showed the window 25 % of the time, the samples found it full in 7 of 10:
// the breakdown takes the larger, and a run without the samples' flag keeps the timer's.
void TestRunDiagnosis::fullWindowSamplesCountAsReceiveWindow()
{
    QList<RunSample> samples;
    for (int i = 0; i < 10; ++i) {
        RunSample s;
        s.t = 0.01 * (i + 1);
        s.busyMs = 10;
        s.rwndLimitedMs = 2.5;
        s.sndbufLimitedMs = 0;
        s.rwndFull = i < 7 ? 1 : 0;
        samples << s;
    }
    QCOMPARE(tcptune::limiterBreakdownOf(samples, 0).rwndLimited, 0.7);
    QCOMPARE(tcptune::deliveryPathRate(samples, 0), -1.0); // held by the window, not the path
    for (RunSample &s : samples)
        s.rwndFull = -1;
    QCOMPARE(tcptune::limiterBreakdownOf(samples, 0).rwndLimited, 0.25);
}

QTEST_GUILESS_MAIN(TestRunDiagnosis)
#include "tst_run_diagnosis.moc"

// The receiver's delayed ACKs (the end that did not send), the write pattern and the RTT, and
// the judged direction's throughput, as a stored run gives them.
void TestRunDiagnosis::factsOfSmallWrites()
{
    RunRecord run;
    run.status = RunStatus::Ok;
    run.throughputBps = 195000;
    run.durationS = 2;
    run.rttMinMs = 0.028;
    run.rttMedianMs = 20.485;
    run.rttP95Ms = 21.625;
    run.details.insert(QStringLiteral("spec"), QJsonObject{{QStringLiteral("workload"), QStringLiteral("split-write")},
                                                           {QStringLiteral("write_size"), 1024},
                                                           {QStringLiteral("header_size"), 48},
                                                           {QStringLiteral("nodelay"), false}});
    run.details.insert(QStringLiteral("transaction_latency_ms"), QJsonObject{{QStringLiteral("p95"), 48.0}});
    run.limiters.busy = 1;
    run.limiters.applicationLimited = 1;
    EndRecord local;
    local.end = RunEnd::Local;
    local.sender = true;
    local.countersRead = true;
    local.counterDeltas = {{QStringLiteral("TcpOutSegs"), 100}, {QStringLiteral("TcpExtDelayedACKs"), 1}};
    EndRecord far;
    far.end = RunEnd::Remote;
    far.countersRead = true;
    far.counterDeltas = {{QStringLiteral("TcpExtDelayedACKs"), 45}};
    run.ends = {local, far};
    const DiagnosisFacts f = factsOf(run);
    QCOMPARE(f.receiverDelayedAcks, qint64(45));
    QCOMPARE(f.smallestWrite, qint64(48));
    QCOMPARE(f.dataWrite, qint64(1024));
    QCOMPARE(f.mss, qint64(1448));
    QCOMPARE(f.nodelay, 0);
    QCOMPARE(f.throughputBps, 195000.0);
    QCOMPARE(RunDiagnosis::verdictOf(run),
             QStringLiteral("Small writes (1 KiB) waited for delayed ACKs: Nagle held each write up to 48 ms "
                            "(TCP_NODELAY off). 45 delayed ACKs at the receiver."));
    // A lab MTU of 1000 makes 1 KiB no longer small; the header still is.
    run.settings.insert(QStringLiteral("lab.mtu"), QStringLiteral("1000"));
    QCOMPARE(factsOf(run).mss, qint64(948));
    QVERIFY(RunDiagnosis::verdictOf(run).startsWith(QStringLiteral("Small writes (48 B)")));
    // With direction down the receiver is this end.
    run.ends[0].sender = false;
    run.ends[1].sender = true;
    QCOMPARE(factsOf(run).receiverDelayedAcks, qint64(1));
}

// The path's rate from delivery-rate samples: the 90th percentile of those not app-limited,
// only when they are most of the measured time.
void TestRunDiagnosis::deliveryPathRate()
{
    QList<RunSample> samples;
    for (int i = 0; i < 100; ++i) {
        RunSample s;
        s.t = 0.01 * (i + 1);
        s.deliveryRateBps = 1e6 * (i + 1);
        s.appLimited = i < 20 ? 1 : 0; // the first 20 app-limited
        samples << s;
    }
    // From 0.3 s on: samples 30..100 (70, all not app-limited); the 90th percentile of 30..100 Mbit/s.
    QCOMPARE(tcptune::deliveryPathRate(samples, 0.295), 93e6);
    // A flow held by its receive window most of each interval measures its window, not the path.
    QList<RunSample> rwndHeld = samples;
    for (RunSample &s : rwndHeld)
        s.rwndLimitedMs = 6; // of 10 ms
    QCOMPARE(tcptune::deliveryPathRate(rwndHeld, 0), -1.0);
    for (RunSample &s : rwndHeld)
        s.rwndLimitedMs = 4;
    QCOMPARE(tcptune::deliveryPathRate(rwndHeld, 0.295), 93e6);
    // A sender whose buffer was all in flight (nothing unsent) measures its buffer.
    QList<RunSample> bufferHeld = samples;
    for (RunSample &s : bufferHeld)
        s.notsentBytes = 0;
    QCOMPARE(tcptune::deliveryPathRate(bufferHeld, 0), -1.0);
    for (RunSample &s : bufferHeld)
        s.notsentBytes = 65536;
    QCOMPARE(tcptune::deliveryPathRate(bufferHeld, 0.295), 93e6);
    for (RunSample &s : samples)
        s.appLimited = 1;
    QCOMPARE(tcptune::deliveryPathRate(samples, 0), -1.0);
    QCOMPARE(tcptune::deliveryPathRate(samples.mid(0, 5), 0), -1.0);
}
