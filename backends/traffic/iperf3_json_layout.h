#pragma once
// `tcptune run --json-iperf3`: a run in iperf3's own JSON layout (`iperf3 -J`: start, intervals,
// end with sum_sent and sum_received), so that scripts and dashboards that read iperf3's results
// read tcptune's. Only fields tcptune measured are written, each in iperf3's unit (bytes, bit/s,
// RTT in microseconds); what it does not know (CPU use, the cookie, snd_wnd, pmtu) is left out.
// docs/json.md ("run --json-iperf3") lists the fields; "schema_version" beside iperf3's keys is
// jsonschema::kRunIperf3.

#include "traffic/traffic_result.h"

#include <QJsonObject>
#include <QString>

namespace tcptune {

// RESULT of a run in one direction (up, or down as iperf3's reverse mode); PROGRAM names the
// writer in start.version ("tcptune 0.9.0"); intervals of INTERVAL_S seconds, as iperf3 -i.
QJsonObject toIperf3Json(const TrafficResult &result, const QString &program, double intervalS = 1.0);

} // namespace tcptune
