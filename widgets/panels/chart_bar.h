#pragma once
// The strip above the workbench charts: an extra series (cwnd, retransmits, bytes in flight),
// Reset zoom, Clear charts, and the clear/keep policy: a new sweep starts on clean charts
// (runs ticked in History and capture flows stay: they are pinned) unless "Keep runs" is on.

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace tcptune {

class RunnerThread;
class ThroughputRttView;

class ChartBar final : public QWidget {
    Q_OBJECT
public:
    ChartBar(ThroughputRttView *chart, RunnerThread *runner, QWidget *parent = nullptr);

    QPushButton *keepButton() const { return m_keep; }
    QPushButton *clearButton() const { return m_clear; }

Q_SIGNALS:
    // Runs left the charts because of the policy or the Clear button.
    void cleared();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void onRunnerBegun();

    ThroughputRttView *m_chart;
    RunnerThread *m_runner;
    QComboBox *m_extra;
    QPushButton *m_clear;
    QPushButton *m_keep;
    QLabel *m_hint = nullptr;
};

} // namespace tcptune
