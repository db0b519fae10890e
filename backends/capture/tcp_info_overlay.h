#pragma once
// TcpInfoOverlay: the TCP_INFO series of the run that recorded a capture, in bytes and on the
// capture's time axis, to lie over the flow's bytes in flight: the sender's congestion window
// (snd_cwnd × MSS) and its unacknowledged data (unacked × MSS), and the spans of time one limiter
// held the sender back, to shade behind any of the flow's graphs. Plain data: it is made by
// capture/tcp_info_alignment from the stored samples (the spans by experiment/diagnosis/limiter_spans)
// and drawn by the stream graph's renderer.

#include <cstdint>
#include <vector>

namespace tcptune {

// One TCP_INFO sample of a run as the result store keeps it.
struct TcpInfoPoint {
    double t_s = 0;            // since the run's traffic started (RunSample::t)
    std::int64_t cwnd = -1;    // segments (tcpi_snd_cwnd); negative: not known
    std::int64_t unacked = -1; // segments (tcpi_unacked, the kernel's packets_out)
};

// What held the sender back, as the verdict's limiter parts name them (limiter_breakdown.h).
enum class SpanLimiter { ReceiveWindow, SendBuffer, CongestionWindow };

// A span of time one limiter dominated: in run time where the samples make it, on the graph's axis
// in TcpInfoOverlay.
struct LimiterSpan {
    double t0_s = 0;
    double t1_s = 0;
    SpanLimiter limiter = SpanLimiter::CongestionWindow;
};

struct TcpInfoOverlay {
    std::vector<double> time_s; // on the stream graph's axis: since the capture's first packet
    std::vector<double> cwnd_bytes;
    std::vector<double> unacked_bytes;
    std::vector<LimiterSpan> limiter_spans; // on the graph's axis, in time order
    int mss = -1;                           // the bytes one segment of TCP_INFO's counts stands for
    double shift_s = 0;                     // the capture time of the run's traffic start (sample time 0)
};

} // namespace tcptune
