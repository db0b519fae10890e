// limiterSpans: hand-built samples every 100 ms over 10 s (the shortest span kept: 200 ms). Each
// interval goes to the limiter that took at least half of it by the verdict's parts; neighbours
// of one limiter merge into one span; a span shorter than 200 ms is left out, or continues the
// span of its limiter before it; a bulk writer's application-limited time is its send buffer's;
// intervals without chrono timers, idle or shared by several limiters shade nothing.

#include "experiment/diagnosis/limiter_spans.h"

#include <QTest>

#include <cmath>

using namespace tcptune;

namespace {

enum class Held { Nothing, ReceiveWindow, SendBuffer, CongestionWindow, AppLimited, Idle, NoTimers, Shared };

RunSample sampleAt(int k, Held held)
{
    RunSample s;
    s.t = k * 0.1;
    s.busyMs = held == Held::Idle ? 0 : 100;
    s.rwndLimitedMs = held == Held::ReceiveWindow ? 90 : held == Held::Shared ? 30 : 0;
    s.sndbufLimitedMs = held == Held::SendBuffer ? 80 : held == Held::Shared ? 30 : 0;
    s.cwnd = 10;
    s.unacked = held == Held::CongestionWindow ? 10 : 4;
    s.appLimited = held == Held::AppLimited ? 1 : 0;
    if (held == Held::NoTimers)
        s.busyMs = s.rwndLimitedMs = s.sndbufLimitedMs = -1;
    return s;
}

// Samples 1..100 (the intervals (k-1)/10 .. k/10 s), HELD over [FROM, TO) of each piece.
struct Piece {
    int from;
    int to;
    Held held;
};
QList<RunSample> samplesOf(std::initializer_list<Piece> pieces)
{
    QList<RunSample> out;
    for (int k = 1; k <= 100; ++k) {
        Held held = Held::Nothing;
        for (const Piece &p : pieces)
            if (k > p.from && k <= p.to)
                held = p.held;
        out << sampleAt(k, held);
    }
    return out;
}

void compareSpans(const std::vector<LimiterSpan> &actual, const std::vector<LimiterSpan> &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        QCOMPARE(actual[i].limiter, expected[i].limiter);
        QVERIFY2(std::abs(actual[i].t0_s - expected[i].t0_s) < 1e-9, qPrintable(QString::number(actual[i].t0_s)));
        QVERIFY2(std::abs(actual[i].t1_s - expected[i].t1_s) < 1e-9, qPrintable(QString::number(actual[i].t1_s)));
    }
}

} // namespace

class TestLimiterSpans final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void neighboursMerge();
    void shortSpansAreLeftOutOrContinue();
    void applicationLimitedIsTheSendBufferOfABulkWriter();
    void nothingDominates();
};

void TestLimiterSpans::neighboursMerge()
{
    const auto spans = limiterSpans(samplesOf({{0, 30, Held::SendBuffer},
                                               {30, 60, Held::CongestionWindow},
                                               {60, 80, Held::ReceiveWindow},
                                               {80, 100, Held::Idle}}),
                                    false);
    compareSpans(spans, {{0.0, 3.0, SpanLimiter::SendBuffer},
                         {3.0, 6.0, SpanLimiter::CongestionWindow},
                         {6.0, 8.0, SpanLimiter::ReceiveWindow}});
}

void TestLimiterSpans::shortSpansAreLeftOutOrContinue()
{
    // One congestion-window interval inside the send buffer's time; a lone 100 ms of receive
    // window among idle ones; a 100 ms send buffer interval 100 ms after the long span ends.
    const auto spans = limiterSpans(samplesOf({{0, 60, Held::SendBuffer},
                                               {30, 31, Held::CongestionWindow},
                                               {60, 100, Held::Idle},
                                               {61, 62, Held::SendBuffer},
                                               {80, 81, Held::ReceiveWindow}}),
                                    false);
    compareSpans(spans, {{0.0, 6.2, SpanLimiter::SendBuffer}});
}

void TestLimiterSpans::applicationLimitedIsTheSendBufferOfABulkWriter()
{
    const QList<RunSample> samples = samplesOf({{20, 70, Held::AppLimited}});
    compareSpans(limiterSpans(samples, true), {{2.0, 7.0, SpanLimiter::SendBuffer}});
    // A writer that does not always have data was short of data, which is no limiter of these.
    QCOMPARE(limiterSpans(samples, false).size(), std::size_t(0));
}

void TestLimiterSpans::nothingDominates()
{
    QCOMPARE(limiterSpans(samplesOf({{0, 100, Held::NoTimers}}), true).size(), std::size_t(0));
    QCOMPARE(limiterSpans(samplesOf({{0, 100, Held::Shared}}), true).size(), std::size_t(0));
    QCOMPARE(limiterSpans(samplesOf({{0, 100, Held::Idle}}), true).size(), std::size_t(0));
    QCOMPARE(limiterSpans({}, true).size(), std::size_t(0));
}

QTEST_GUILESS_MAIN(TestLimiterSpans)
#include "tst_limiter_spans.moc"
