#pragma once
// The client's reading of an agent's "result" line (agent_protocol.h): receiver bytes, intervals,
// per-stream figures and what the agent sent, as RemoteFigures. The line comes from a peer that
// may lie: every count is a whole number from 0 to kMaxPeerCount (anything else counts as
// unknown: receiverBytes -1, other counts 0) and every time is finite and not negative, so no
// cast overflows and no throughput is infinite. The MIB counters are AgentRemote's (they need the
// counters from "ready").

#include "traffic/remote_session.h"

#include <QJsonObject>

#include <cstdint>

namespace tcptune {

inline constexpr std::int64_t kMaxPeerCount = std::int64_t(1) << 62;

// RESULT: the decoded "result"; OMIT_S: the run's omit window (intervals up to the agent's
// omit_end_s are marked omitted).
RemoteFigures figuresFromResult(const QJsonObject &result, double omitS);

} // namespace tcptune
