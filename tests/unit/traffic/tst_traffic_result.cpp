// TrafficResult: the statistics, and the --json object promised in issue 4 (fields and round trip).

#include "traffic/traffic_result.h"

#include <QJsonArray>
#include <QTest>

using namespace tcptune;

class TestTrafficResult final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void summaryStats_data();
    void summaryStats();
    void jsonHasPromisedFields();
    void jsonRoundTrip();
    void unknownValuesAreNull();
    void bothDirectionsRoundTrip();
};

void TestTrafficResult::summaryStats_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("p95");
    QTest::addColumn<double>("max");
    QTest::addRow("empty") << QList<double>{} << 0.0 << 0.0 << 0.0 << 0.0;
    QTest::addRow("one") << QList<double>{4} << 4.0 << 4.0 << 4.0 << 4.0;
    QTest::addRow("odd unsorted") << QList<double>{3, 1, 2} << 1.0 << 2.0 << 2.9 << 3.0;
    QTest::addRow("even") << QList<double>{1, 2, 3, 4} << 1.0 << 2.5 << 3.85 << 4.0;
    QList<double> hundred;
    for (int i = 100; i >= 0; --i)
        hundred.append(i);
    QTest::addRow("0..100") << hundred << 0.0 << 50.0 << 95.0 << 100.0;
}

void TestTrafficResult::summaryStats()
{
    QFETCH(QList<double>, values);
    QFETCH(double, min);
    QFETCH(double, median);
    QFETCH(double, p95);
    QFETCH(double, max);
    const SummaryStats s = SummaryStats::of(values);
    QCOMPARE(s.count, int(values.size()));
    QCOMPARE(s.min, min);
    QCOMPARE(s.median, median);
    QVERIFY2(qAbs(s.p95 - p95) < 1e-9, qPrintable(QString::number(s.p95)));
    QCOMPARE(s.max, max);
}

static TrafficResult sampleResult()
{
    TrafficResult r;
    r.spec.target = *TrafficTarget::parse(QStringLiteral("198.18.1.2:15200"));
    r.spec.workload = Workload::RequestResponse;
    r.target = r.spec.target.toString();
    r.startedAt = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5, 6), Qt::UTC);
    r.throughputBps = 1e9;
    r.senderThroughputBps = 1.01e9;
    r.senderBytes = 375000000;
    r.receiverBytes = 374000000;
    r.durationS = 3;
    r.streams = 1;
    r.sndbufRequested = 4 << 20;
    r.sndbufActual = 8 << 20;
    r.sndbufCapped = true;
    r.congestionControl = QStringLiteral("cubic");
    for (int i = 1; i <= 3; ++i) {
        TrafficSample s;
        s.t = 0.01 * i;
        s.throughputBps = 1e9 + i;
        s.rttMs = 0.1 * i;
        s.cwnd = 10 * i;
        s.retrans = i;
        s.deliveryRateBps = 9e8;
        s.busyMs = 10;
        r.samples.append(s);
    }
    r.rttMs = SummaryStats::of({0.1, 0.2, 0.3});
    StreamResult st;
    st.localPort = 40000;
    st.senderBytes = r.senderBytes;
    st.samples = r.samples;
    r.perStream.append(st);
    r.localPorts = {40000};
    r.receiverIntervals.append({0.01, 1250000, 1e9, false});
    r.transactionLatenciesMs = {0.05, 0.06};
    r.transactionLatencyMs = SummaryStats::of(r.transactionLatenciesMs);
    r.transactionsPerSecond = 20000;
    r.remoteKnobs.insert(QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1"));
    return r;
}

void TestTrafficResult::jsonHasPromisedFields()
{
    const QJsonObject o = sampleResult().toJson();
    for (const char *field :
         {"throughput_bps", "sender_bytes", "receiver_bytes", "duration_s", "streams", "sndbuf_actual", "sndbuf_capped",
          "rtt_ms", "samples", "remote_knobs", "local_ports", "interrupted", "per_stream", "transaction_latency_ms"})
        QVERIFY2(o.contains(QLatin1String(field)), field);
    const QJsonObject rtt = o.value(QStringLiteral("rtt_ms")).toObject();
    for (const char *field : {"min", "median", "p95", "max"})
        QVERIFY2(rtt.contains(QLatin1String(field)), field);
    const QJsonObject sample = o.value(QStringLiteral("samples")).toArray().at(0).toObject();
    for (const char *field : {"t", "throughput_bps", "rtt_ms", "cwnd", "retrans", "delivery_rate_bps", "busy_ms"})
        QVERIFY2(sample.contains(QLatin1String(field)), field);
    QCOMPARE(
        o.value(QStringLiteral("remote_knobs")).toObject().value(QStringLiteral("net.ipv4.tcp_autocorking")).toString(),
        QStringLiteral("1"));
}

void TestTrafficResult::jsonRoundTrip()
{
    const TrafficResult r = sampleResult();
    auto back = TrafficResult::fromJson(r.toJson());
    QVERIFY2(back.has_value(), qPrintable(back ? QString() : back.error().message));
    QCOMPARE(back->toJson(), r.toJson());
    QCOMPARE(back->samples.size(), 3);
    QCOMPARE(back->samples[2].cwnd, 30);
    QCOMPARE(back->startedAt, r.startedAt);
}

void TestTrafficResult::unknownValuesAreNull()
{
    TrafficSample s; // the kernel fields default to -1 (unknown)
    const QJsonObject o = s.toJson();
    QVERIFY(o.value(QStringLiteral("delivery_rate_bps")).isNull());
    QVERIFY(o.value(QStringLiteral("busy_ms")).isNull());
    QCOMPARE(TrafficSample::fromJson(o).deliveryRateBps, -1.0);
}

// Direction both: each direction apart (who sampled, who counted, its own series), each stream
// and each sample saying its direction, and all of it read back as written.
void TestTrafficResult::bothDirectionsRoundTrip()
{
    TrafficResult r = sampleResult();
    r.spec.workload = Workload::Bulk;
    r.spec.direction = Direction::Both;
    StreamResult far;
    far.index = 1;
    far.direction = Direction::Down;
    far.senderBytes = 180000000;
    far.receiverBytes = 179000000;
    TrafficSample farSample;
    farSample.t = 0.02;
    farSample.stream = 1;
    farSample.cwnd = 44;
    farSample.direction = Direction::Down;
    far.samples.append(farSample);
    r.perStream.append(far);
    DirectionResult up;
    up.direction = Direction::Up;
    up.samplesFrom = QStringLiteral("local sender");
    up.receivedBy = QStringLiteral("target receiver");
    up.throughputBps = 24.1e6;
    up.senderBytes = 9000000;
    up.samples = r.samples;
    up.receiverIntervals = r.receiverIntervals;
    DirectionResult down;
    down.direction = Direction::Down;
    down.samplesFrom = QStringLiteral("target sender");
    down.receivedBy = QStringLiteral("local receiver");
    down.throughputBps = 23.8e6;
    down.receiverBytes = 8900000;
    down.rttMs = SummaryStats::of({1.5, 2.5});
    farSample.stream = -1;
    down.samples.append(farSample);
    r.directions = {up, down};

    const QJsonObject o = r.toJson();
    QCOMPARE(o.value(QStringLiteral("direction")).toString(), QStringLiteral("both"));
    const QJsonArray directions = o.value(QStringLiteral("directions")).toArray();
    QCOMPARE(directions.size(), 2);
    QCOMPARE(directions.at(1).toObject().value(QStringLiteral("received_by")).toString(),
             QStringLiteral("local receiver"));
    QCOMPARE(
        o.value(QStringLiteral("per_stream")).toArray().at(1).toObject().value(QStringLiteral("direction")).toString(),
        QStringLiteral("down"));
    QCOMPARE(
        o.value(QStringLiteral("per_stream")).toArray().at(0).toObject().value(QStringLiteral("direction")).toString(),
        QStringLiteral("up"));
    // An up sample says nothing of its direction (the default, as results before directions).
    QVERIFY(!o.value(QStringLiteral("samples")).toArray().at(0).toObject().contains(QStringLiteral("direction")));

    auto back = TrafficResult::fromJson(o);
    QVERIFY2(back.has_value(), qPrintable(back ? QString() : back.error().message));
    QCOMPARE(back->toJson(), o);
    QCOMPARE(back->spec.direction, Direction::Both);
    QCOMPARE(back->directions.size(), 2);
    QCOMPARE(back->directions[0].direction, Direction::Up);
    QCOMPARE(back->directions[1].direction, Direction::Down);
    QCOMPARE(back->directions[1].throughputBps, 23.8e6);
    QCOMPARE(back->directions[1].samples.front().direction, Direction::Down);
    QCOMPARE(back->directions[1].samples.front().cwnd, 44);
    QCOMPARE(back->directions[1].rttMs.count, 2);
    QCOMPARE(back->directions[0].receiverIntervals.size(), 1);
    QCOMPARE(back->perStream[1].direction, Direction::Down);
    QCOMPARE(back->perStream[1].samples.front().direction, Direction::Down);
    // A result written before directions existed reads as up, with no directions.
    QJsonObject old = sampleResult().toJson();
    old.remove(QStringLiteral("direction"));
    auto oldBack = TrafficResult::fromJson(old);
    QVERIFY(oldBack.has_value());
    QVERIFY(oldBack->directions.isEmpty());
    QCOMPARE(oldBack->perStream.front().direction, Direction::Up);
}

QTEST_GUILESS_MAIN(TestTrafficResult)
#include "tst_traffic_result.moc"
