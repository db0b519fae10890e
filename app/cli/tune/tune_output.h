#pragma once
// What `tcptune tune` prints: the plan of a dry run, and the answer, as text (stdout: the
// recommended changes per end with what each won and its 95 % interval, the verdict before and
// after, why it stopped, the runs used) or as the versioned JSON of docs/json.md ("tune").

#include "common/throughput_unit.h"
#include "experiment/tune/tune_job.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace tcptune::cli {

class TuneOutput final {
    Q_DECLARE_TR_FUNCTIONS(TuneOutput)
public:
    // --dry-run: what the tuner would try (the moves the verdicts may point at, at the ends it
    // may change) and its budget.
    static QString dryRun(const TuneJob &job);
    static QString answerText(const TuneOutcome &outcome, ThroughputUnit unit);
    static QJsonObject answerJson(const TuneOutcome &outcome);
    // Why the search stopped, for people.
    static QString stopText(TuneAnswer::Stop stop);
};

} // namespace tcptune::cli
