#pragma once
// Where a run goes: the local lab (default, with its bottleneck rate, queue, MTU and topology), a
// host running `tcptune serve`, a stock iperf3 server, or an SSH host (SshTargetPage). Reads and writes the target part
// of an ExperimentSpec.

#include "common/error.h"
#include "experiment/experiment_spec.h"

#include <QGroupBox>

class QComboBox;
class QLineEdit;
class QSettings;
class QSpinBox;
class QStackedWidget;

namespace tcptune {

class SshTargetPage;

class TargetPanel final : public QGroupBox {
    Q_OBJECT
public:
    explicit TargetPanel(QWidget *parent = nullptr);

    // Writes target and lab parameters into SPEC; fails naming the field that is wrong.
    [[nodiscard]] Result<void> applyTo(ExperimentSpec &spec) const;
    void loadFrom(const ExperimentSpec &spec);

    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

    // The target as chosen so far, unchecked (an empty host stays empty): for the panels that
    // follow the target, such as the knob panel.
    TargetSpec target() const;

    // The "SSH host" page (its connection test and what it found of the far host).
    SshTargetPage *sshPage() const { return m_ssh; }

    // The lab's name (tests give their own so they never touch the user's lab).
    void setLabName(const QString &name);
    QString labName() const { return m_labName; }

Q_SIGNALS:
    // The kind of target, its host or the lab's name changed.
    void changed();

private:
    void setUpChoices();
    QWidget *labPage();

    QComboBox *m_kind;
    QStackedWidget *m_pages;
    QComboBox *m_topology;
    QComboBox *m_rate;
    QComboBox *m_queue;
    QSpinBox *m_mtu;
    QLineEdit *m_agentHost;
    QSpinBox *m_agentPort;
    QLineEdit *m_iperfHost;
    QSpinBox *m_iperfPort;
    SshTargetPage *m_ssh;
    QString m_labName;
};

} // namespace tcptune
