#pragma once
// The charts' part of a session file: each line's names, store ids and series, written so that
// the charts can be drawn again from the file alone.

#include "common/error.h"
#include "session/workbench_session.h"

#include <QJsonArray>
#include <QStringList>

namespace tcptune {

// The series names a session file knows, in the charts' order (throughput_mbps, rtt_ms, ...).
const QStringList &sessionSeriesNames();

QJsonArray chartRunsToJson(const QList<SessionChartRun> &runs);
// Series of names this version does not know are left out (a newer file's extra lines), so the
// rest still opens; a malformed point, or more than the session's bounds, is an error.
[[nodiscard]] Result<QList<SessionChartRun>> chartRunsFromJson(const QJsonValue &json);

} // namespace tcptune
