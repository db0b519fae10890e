#pragma once
// The job `tcptune --default-job` runs headless (scripts/run on a server or in CI): story 5's
// send-window sweep in a local lab, then its report as HTML and PDF.

#include <QString>
#include <QStringList>

#include <optional>

namespace tcptune {

struct DefaultJobOptions {
    QString labName = QStringLiteral("lab");
    QString durationS; // --duration S for each run, as given; empty = the preset's
    QString repeats;   // --repeats N, as given; empty = the preset's
};

// Reads `tcptune [--default-job] [--lab NAME] [--duration S] [--repeats N]` (ARGS without the
// program). Returns nothing, with the message printed, when an argument is unknown or lacks
// its value.
std::optional<DefaultJobOptions> parseDefaultJobArguments(const QStringList &args);

// Runs the sweep in lab OPTIONS.labName and writes the table and the report of that sweep into
// OUT_DIR. The lab is left as it was found: a lab that was down is taken down again. Needs a
// QApplication (the report draws charts). Returns the process exit code.
int runDefaultJob(const QString &outDir, const DefaultJobOptions &options);

// What the default job does, for bare `tcptune` where there is no display.
QString defaultJobDescription();

// reports/<date-time> below the current directory.
QString defaultJobDirectory();

} // namespace tcptune
