#pragma once
// Run and Stop, a progress bar with the time left, and one line saying what happens now.

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace tcptune {

class RunControlPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RunControlPanel(QWidget *parent = nullptr);

    QPushButton *runButton() const { return m_run; }
    QPushButton *stopButton() const { return m_stop; }

public Q_SLOTS:
    void setRunning(bool running);
    // DONE of TOTAL runs, with the current run's share FRACTION (0..1) and the time left.
    void setProgress(int done, int total, double fraction, double etaS);
    void setStatus(const QString &text);

Q_SIGNALS:
    void runRequested();
    void stopRequested();

private:
    QPushButton *m_run;
    QPushButton *m_stop;
    QProgressBar *m_progress;
    QLabel *m_status;
};

} // namespace tcptune
