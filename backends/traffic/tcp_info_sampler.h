#pragma once
// Reads TCP_INFO of a sending socket and turns consecutive readings into TrafficSample deltas
// (throughput from tcpi_bytes_acked, retransmits and limited-time counters per interval).
// Fields the running kernel does not fill (shorter struct) are reported as -1.

#include "traffic/traffic_result.h"

#include <QList>

#include <cstdint>

namespace tcptune {

struct TcpInfoReading {
    double t = 0; // seconds, the caller's clock
    std::uint64_t bytesAcked = 0;
    std::uint32_t rttUs = 0;
    std::uint32_t rttvarUs = 0;
    std::uint32_t cwnd = 0;
    std::uint32_t ssthresh = 0;
    std::uint32_t totalRetrans = 0;
    std::uint32_t unacked = 0;
    std::int64_t notsentBytes = -1;
    std::int64_t deliveryRateBytes = -1; // bytes per second
    std::int64_t pacingRateBytes = -1;
    std::int64_t busyUs = -1;
    std::int64_t rwndLimitedUs = -1;
    std::int64_t sndbufLimitedUs = -1;
    std::int8_t appLimited = -1; // tcpi_delivery_rate_app_limited: 0 or 1; -1 unknown
    // The peer's advertised window had less than one segment of room at this reading (0 or 1;
    // -1 before tcpi_snd_wnd, Linux 5.4): see windowFull in the .cpp for why both are kept.
    std::int8_t rwndFull = -1;
};

// One getsockopt(TCP_INFO); false when the socket is gone.
bool readTcpInfo(int fd, double t, TcpInfoReading &out);

// Keeps the previous reading of one stream and makes samples from the differences.
class StreamSampler final {
public:
    explicit StreamSampler(int stream = 0)
        : m_stream(stream)
    {
    }
    // The first call only primes (returns false); later calls fill SAMPLE for the interval since.
    bool next(const TcpInfoReading &reading, TrafficSample &sample);
    // Restarts counting from READING (e.g. at the end of the omit window).
    void prime(const TcpInfoReading &reading);
    std::uint64_t bytesAckedSincePrime() const { return m_last.bytesAcked - m_base.bytesAcked; }
    std::uint32_t retransSincePrime() const { return m_last.totalRetrans - m_base.totalRetrans; }

private:
    int m_stream;
    bool m_primed = false;
    TcpInfoReading m_base;
    TcpInfoReading m_last;
};

// The aggregate of one interval's per-stream samples: rates and counts summed, rtt averaged.
TrafficSample aggregateSamples(const QList<TrafficSample> &streams);

} // namespace tcptune
