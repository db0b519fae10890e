#pragma once
// What one run takes from the agent's memory budget (MemoryBudget), reckoned from its `start`
// before anything is allocated: each thread's buffer and the pages of stack it touches, the
// capped write buffers of the agent's own sending streams, the control connection's line
// buffers and the run's intervals up to its result line. Upper bounds of what the agent's code
// allocates for the run, not measurements.

#include "traffic/agent_protocol.h"

#include <cstdint>

namespace tcptune {

// Bytes per data thread that reads or answers (AgentServer's answerRequests, the latency probe).
inline constexpr std::int64_t kAgentDataBuffer = 256 * 1024;

// PARAMS: the run's parsed `start`; MAX_INTERVALS: the intervals a run keeps (AgentOptions).
std::int64_t runMemoryBytes(const agentproto::SessionParams &params, int maxIntervals);

} // namespace tcptune
