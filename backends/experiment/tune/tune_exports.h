#pragma once
// The tuner's answer as files a user takes home, for one end (this host, or "remote:" for the far
// one): a sysctl.d file (`sysctl -p FILE` loads it), a tuned profile ([sysctl], and [net] for link
// knobs), a shell script of `sysctl -w` and `ethtool` lines, and the socket options an application
// should set. Only the recommended changes, never the knobs the baseline already had.

#include "experiment/record/run_record.h"
#include "experiment/tune/tuner_search.h"

#include <QByteArray>
#include <QMap>
#include <QString>

namespace tcptune {

enum class TuneExportFormat { SysctlD, Tuned, Shell, SocketOptions };
QString tuneExportFormatName(TuneExportFormat format); // "sysctl.d", "tuned", "shell", "socket"

// END's recommended sysctls (key without "remote:" -> value): what its sysctl.d export sets, what
// "Apply until I quit" and "Make permanent" write. Socket options and link knobs are not in it.
QMap<QString, QString> tuneSysctlsAt(const TuneAnswer &answer, RunEnd end);

// The text of FORMAT for END's changes of ANSWER; NAME heads it (the experiment's name).
QByteArray tuneExport(const TuneAnswer &answer, RunEnd end, TuneExportFormat format, const QString &name);

} // namespace tcptune
