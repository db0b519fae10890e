#pragma once
// The Tune tab's answer: why the search stopped, the recommended changes per end with what each
// won and its 95 % interval, the objective before and after, the verdict before and after, the
// runs it used and the experiment it is stored as (History shows it).

#include "common/throughput_unit.h"
#include "experiment/tune/tuner_search.h"

#include <QTextBrowser>

namespace tcptune {

struct TuneOutcome; // tune_job.h brings runner.h's metatypes into this area's moc files

class TuneAnswerView final : public QTextBrowser {
    Q_OBJECT
public:
    explicit TuneAnswerView(QWidget *parent = nullptr);

    // What is shown before a tune has ended (or while one runs).
    void showWaiting(const QString &text);
    void showOutcome(const TuneOutcome &outcome, ThroughputUnit unit);

private:
    static QString changesHtml(const TuneAnswer &answer, ThroughputUnit unit);
};

} // namespace tcptune
