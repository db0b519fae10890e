#pragma once
// Where a run goes: the local lab (default; its bottleneck rate, queue, MTU and topology on
// LabTargetPage), a host running `tcptune serve`, a stock iperf3 server, or an SSH host
// (SshTargetPage); for the hosts, several of them at once (TargetEndList). Reads and writes the
// target part of an ExperimentSpec.

#include "common/error.h"
#include "experiment/spec/experiment_spec.h"

#include <QGroupBox>

class QComboBox;
class QLineEdit;
class QSettings;
class QSpinBox;
class QStackedWidget;

namespace tcptune {

class LabTargetPage;
class SshTargetPage;
class TargetEndList;

class TargetPanel final : public QGroupBox {
    Q_OBJECT
public:
    explicit TargetPanel(QWidget *parent = nullptr);

    // Writes target(s) and lab parameters into SPEC; fails naming the field that is wrong. The
    // ends are the listed ones and, unless it is listed already, the one typed in the fields.
    [[nodiscard]] Result<void> applyTo(ExperimentSpec &spec) const;
    void loadFrom(const ExperimentSpec &spec);

    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

    // The target as chosen so far, unchecked (an empty host stays empty): for the panels that
    // follow the target, such as the knob panel.
    TargetSpec target() const;
    // Every end a run would drive, as chosen so far, unchecked: the listed ends, then the typed
    // one unless it is listed or empty; the typed one alone when nothing is listed; the lab alone.
    QList<TargetSpec> targets() const;

    // The "SSH host" page (its connection test and what it found of the far host).
    SshTargetPage *sshPage() const { return m_ssh; }
    // The further ends of a run against several hosts (hidden for the lab).
    TargetEndList *endList() const { return m_ends; }

    // The lab's name (tests give their own so they never touch the user's lab).
    void setLabName(const QString &name);
    QString labName() const { return m_labName; }

Q_SIGNALS:
    // The kind of target, its host or the lab's name changed.
    void changed();

private:
    void setUpChoices();
    void showPage(int index);
    // The end typed in the fields, checked: a host is given, an ssh login parses.
    [[nodiscard]] Result<TargetSpec> typedEnd() const;
    void showInFields(const TargetSpec &end);
    [[nodiscard]] Result<void> applyLabTo(ExperimentSpec &spec) const;
    void addTypedEnd();
    void forgetTypedEnd(const TargetSpec &removed);

    QComboBox *m_kind;
    QStackedWidget *m_pages;
    LabTargetPage *m_lab;
    QLineEdit *m_agentHost;
    QSpinBox *m_agentPort;
    QLineEdit *m_iperfHost;
    QSpinBox *m_iperfPort;
    SshTargetPage *m_ssh;
    TargetEndList *m_ends;
    QString m_labName;
};

} // namespace tcptune
