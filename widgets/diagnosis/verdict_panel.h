#pragma once
// Under the charts: the verdict of the run that just finished ("Sender limited by its send
// buffer 78 % of the time (SO_SNDBUF 64 KiB)."), and beside it one limiter bar per run of the
// current session. Fed by the main window after each run; cleared when a new session starts.

#include "experiment/record/run_record.h"

#include <QWidget>

class QLabel;

namespace tcptune {

class LimiterChart;

class VerdictPanel final : public QWidget {
    Q_OBJECT
public:
    explicit VerdictPanel(QWidget *parent = nullptr);

    // Shows RUN's verdict (LABEL names the run, e.g. "#12 run 3: 64 KiB") and adds its bar.
    void addRun(const QString &label, const RunRecord &run);
    void clear();

    QString verdictText() const;
    LimiterChart *limiterChart() const { return m_chart; }

private:
    QLabel *m_verdict;
    LimiterChart *m_chart;
};

} // namespace tcptune
