#pragma once
// The JSON forms of what a run's diagnosis rests on: the per-end records (counters, queue
// series; knob snapshots are kept apart, in the store's knob_snapshots) and the limiter
// breakdown. The result store keeps these, results.json and the JSON report show them.

#include "experiment/record/run_record.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tcptune {

// {"end", "where", "sender", "counters_read", "counters": {...}, "counters_note",
//  "queue": {"interface", "rate_bps", "limit_bytes", "note",
//            "samples": [[t, backlog_bytes, backlog_packets, drops, overlimits], ...]}}
QJsonObject toJson(const EndRecord &end);
EndRecord endRecordFromJson(const QJsonObject &json);

QJsonObject toJson(const QList<QueueSample> &queue);
QList<QueueSample> queueSamplesFromJson(const QJsonArray &samples);

// {"busy", "rwnd_limited", "sndbuf_limited", "cwnd_limited", "application_limited"}: shares of
// time 0 .. 1; unknown ones left out.
QJsonObject toJson(const LimiterBreakdown &limiters);
LimiterBreakdown limiterBreakdownFromJson(const QJsonObject &json);

// Every end of RUN as toJson(EndRecord) gives it.
QJsonArray endsJson(const RunRecord &run);

// {"run": <breakdown>, "streams": [<breakdown>, ...]}
QJsonObject limitersJson(const RunRecord &run);
void readLimitersJson(const QJsonObject &json, RunRecord &run);

} // namespace tcptune
