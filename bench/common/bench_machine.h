#pragma once
// The machine and its load, printed by every C++ benchmark at its start and end: timings are only
// comparable when nothing else runs, so a load average above 1 gets a warning beside them.

#include <QString>
#include <QTextStream>

namespace tcptune::bench {

// "2 cores (CPU model), kernel 6.1.0, load average 0.40 0.35 0.30"
QString machineLine();
// Prints "machine at STAGE: ..." and a warning when the 1-minute load average is above 1.
void reportMachine(QTextStream &out, const QString &stage);
// Before the QApplication: without a display the benchmarks draw offscreen.
void offscreenWithoutDisplay();

} // namespace tcptune::bench
