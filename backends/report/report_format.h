#pragma once
// Number formatting shared by every writer, so HTML, Markdown, PDF and CSV print the same figures.

#include "common/throughput_unit.h"

#include <QString>

namespace tcptune::reportformat {

// Throughput in UNIT with two decimals in Mbit/s and MB/s, four in Gbit/s.
QString throughput(double bps, ThroughputUnit unit = {});               // "47.52"
QString meanSd(double meanBps, double sdBps, ThroughputUnit unit = {}); // "47.52 ± 1.20"
// "46.90 – 48.14", or "–" when there is no interval (NaN: fewer than two runs).
QString interval(double lowBps, double highBps, ThroughputUnit unit = {});
// "0.042", "< 0.001", or "–" without a test (NaN).
QString pValue(double p);
QString ms(double value);                   // "12.3", or "-" when unknown (< 0)
QString number(double value, int decimals); // plain, for CSV
// A file-name friendly form of TEXT ("Story 5: send window" -> "story-5-send-window").
QString slug(const QString &text);

} // namespace tcptune::reportformat
