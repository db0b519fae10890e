#pragma once
// The job `tcptune` runs when there is no display (scripts/run on a server or in CI): story 5's
// send-window sweep in the built-in lab, then its report as HTML and PDF.

#include <QString>

namespace tcptune {

// Runs the sweep and writes the table and the report into OUT_DIR. Needs a QApplication
// (the report draws charts). Returns the process exit code.
int runDefaultJob(const QString &outDir);

// reports/<date-time> below the current directory.
QString defaultJobDirectory();

} // namespace tcptune
