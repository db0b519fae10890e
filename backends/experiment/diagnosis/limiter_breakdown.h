#pragma once
// What held a sender back, as shares of its time, from the TCP_INFO samples of its streams:
//   busy           tcpi_busy_time: the flow had data out (the kernel's chrono, which includes
//                  the two limited times below)
//   rwnd-limited   tcpi_rwnd_limited: the receiver's window was full; or, when more, the
//                  part of the time in which a sample found the window full (rwndFull), which
//                  the kernel's timer misses while TCP Small Queues also holds the flow
//   sndbuf-limited tcpi_sndbuf_limited: everything written was sent, the congestion window
//                  allowed more, and the application was blocked on a full send buffer
//   cwnd-limited   the samples where packets in flight (tcpi_unacked) >= tcpi_snd_cwnd
//   app-limited    the samples whose latest delivery rate sample was application-limited
//                  (tcpi_delivery_rate_app_limited)
// The first three are time the kernel measured in each interval, divided by the interval; the
// last two are the part of the time (sample intervals) in which the condition held when
// sampled. docs/diagnosis.md describes them with the rules that read them.

#include "experiment/record/run_record.h"

#include <QList>

namespace tcptune {

// One stream's breakdown over its samples whose interval began at or after FROM_T (the end of
// the omitted start). SAMPLES: one stream's, in time order.
LimiterBreakdown limiterBreakdownOf(const QList<RunSample> &samples, double fromT);

// The streams together: each share the mean of the streams that have it.
LimiterBreakdown meanBreakdown(const QList<LimiterBreakdown> &streams);

// Whether RUN's writer always had more to write (a bulk workload).
bool writerAlwaysHasData(const RunRecord &run);

// The share of the time the send buffer held the sender back. tcpi_sndbuf_limited counts only
// while the write queue is empty and SOCK_NOSPACE is set after a send: a blocked writer woken
// by every ACK rarely shows it. A writer that ALWAYS_HAS_DATA but whose delivery was
// application-limited waited on its send buffer, so for it the larger of the two
// (docs/diagnosis.md, rule 4). The verdict and the limiter charts both take it from here.
double sendBufferShare(const LimiterBreakdown &limiters, bool alwaysHasData);

// The sender's time in parts that add up to 1, for a stacked bar: receive window and send
// buffer (sendBufferShare), congestion window (the cwnd-limited share of the time left, at most
// all of it), the rest of the busy time, and idle (not busy). For a writer that does not always
// have data, application-limited overlaps these (an idle flow, or one stuck on its send buffer,
// is short of data), so it is not a part: charts show it beside the bar. KNOWN is false without
// chrono timers.
struct LimiterPartition {
    bool known = false;
    double rwnd = 0;
    double sndbuf = 0;
    double cwnd = 0;
    double otherBusy = 0;
    double idle = 0;
};
LimiterPartition partitionOf(const LimiterBreakdown &limiters, bool alwaysHasData);

// The shares of each sample's own interval, for charts: t is the interval's end; the first
// sample's interval is taken as long as the second's.
struct LimiterPoint {
    double t = 0;
    double busy = -1;
    double rwndLimited = -1;
    double sndbufLimited = -1;
    bool cwndLimited = false;
    int appLimited = -1;
};
QList<LimiterPoint> limiterSeries(const QList<RunSample> &samples);

} // namespace tcptune
