#pragma once
// Number formatting shared by every writer, so HTML, Markdown, PDF and CSV print the same figures.

#include <QString>

namespace tcptune::reportformat {

QString mbps(double bps);                     // "47.52"
QString meanSd(double meanBps, double sdBps); // "47.52 ± 1.20"
// "46.90 – 48.14" (Mbit/s), or "–" when there is no interval (NaN: fewer than two runs).
QString intervalMbps(double lowBps, double highBps);
// "0.042", "< 0.001", or "–" without a test (NaN).
QString pValue(double p);
QString ms(double value);                   // "12.3", or "-" when unknown (< 0)
QString number(double value, int decimals); // plain, for CSV
// A file-name friendly form of TEXT ("Story 5: send window" -> "story-5-send-window").
QString slug(const QString &text);

} // namespace tcptune::reportformat
