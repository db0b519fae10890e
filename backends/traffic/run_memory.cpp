#include "traffic/run_memory.h"

#include "traffic/bulk_receiver.h"
#include "traffic/stream_workers.h"

namespace tcptune {
namespace {

// A thread's stack pages in use and its bookkeeping (the stack is mapped larger but not touched).
constexpr std::int64_t kThreadBytes = 128 * 1024;
// One interval: its IntervalLog entry, its JSON value and its text in the result line.
constexpr std::int64_t kIntervalBytes = 192;

} // namespace

std::int64_t runMemoryBytes(const agentproto::SessionParams &params, int maxIntervals)
{
    const int threads = 1 + params.connections() + (params.latencyProbe ? 1 : 0);
    std::int64_t bytes = std::int64_t(threads) * kThreadBytes;
    // The control connection: the line it reads and the samples it sends during the run.
    bytes += agentproto::kMaxControlLine + agentproto::kMaxSamplesLine;
    if (params.upStreams() > 0) {
        // A bulk run's streams are all read by one BulkReceiver; requests are answered per stream.
        const bool oneReceiver = params.requestBytes == 0;
        bytes += oneReceiver ? std::int64_t(BulkReceiver::kReadSize) : params.upStreams() * kAgentDataBuffer;
    }
    bytes += std::int64_t(params.downStreams()) * streamBufferBytes(params.sending);
    if (params.latencyProbe)
        bytes += kAgentDataBuffer;
    return bytes + std::int64_t(maxIntervals) * kIntervalBytes;
}

} // namespace tcptune
