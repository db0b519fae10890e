#pragma once
// Number formatting shared by every writer, so HTML, Markdown, PDF and CSV print the same figures.

#include <QString>

namespace tcptune::reportformat {

QString mbps(double bps);                     // "47.52"
QString meanSd(double meanBps, double sdBps); // "47.52 ± 1.20"
QString ms(double value);                     // "12.3", or "-" when unknown (< 0)
QString number(double value, int decimals);   // plain, for CSV
// A file-name friendly form of TEXT ("Story 5: send window" -> "story-5-send-window").
QString slug(const QString &text);

} // namespace tcptune::reportformat
