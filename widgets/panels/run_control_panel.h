#pragma once
// Run and Stop, a progress bar over the plan's runs with the time left, and one line saying what
// happens now. The bar shows only while something runs and after it, with how it ended
// (finished, cancelled, failed) in words and colour, so an idle bar never looks like a field.

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace tcptune {

class RunControlPanel final : public QWidget {
    Q_OBJECT
public:
    enum class Outcome { Finished, Cancelled, Failed };

    explicit RunControlPanel(QWidget *parent = nullptr);

    QPushButton *runButton() const { return m_run; }
    QPushButton *stopButton() const { return m_stop; }
    QProgressBar *progressBar() const { return m_progress; }
    // The bar's text as shown ("run 3 of 4, 12 s left").
    QString progressText() const;

public Q_SLOTS:
    void setRunning(bool running);
    // DONE of TOTAL runs of the plan finished; about ETA_S seconds left (negative: unknown).
    void setPlanProgress(int done, int total, double etaS);
    // The share (0..1) of the run in progress, which lasts RUN_S seconds.
    void setRunFraction(double fraction, double runS);
    // How the plan ended; the bar keeps this until the next start.
    void setOutcome(tcptune::RunControlPanel::Outcome outcome);
    // A run of the plan failed: a plan that finishes with failed runs says how many, not "finished".
    void noteRunFailed();
    int failedRuns() const { return m_failed; }
    void setStatus(const QString &text);

Q_SIGNALS:
    void runRequested();
    void stopRequested();

private:
    void showProgress();

    QPushButton *m_run;
    QPushButton *m_stop;
    QProgressBar *m_progress;
    QLabel *m_status;
    int m_done = 0;
    int m_total = 0;
    int m_failed = 0;
    double m_fraction = 0;
    double m_etaS = -1;
    double m_runS = 0;
};

} // namespace tcptune
