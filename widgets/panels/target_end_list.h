#pragma once
// The Target panel's list of ends for a run against several hosts at once (docs/experiment-spec.md,
// "Several ends"): "Add end" takes the end typed in the panel's fields, each listed end has a button
// that removes it, and a short note says that the same traffic runs against every end at once. An
// end that would break the spec's rules for a list (too many, one end twice) is refused with the
// spec's own sentence; the list never keeps what ExperimentSpec::targetListProblem refuses.

#include "experiment/spec/experiment_spec.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QSettings;
class QVBoxLayout;

namespace tcptune {

class TargetEndList final : public QWidget {
    Q_OBJECT
public:
    explicit TargetEndList(QWidget *parent = nullptr);

    QList<TargetSpec> ends() const { return m_ends; }
    void setEnds(const QList<TargetSpec> &ends);
    // Appends END, or shows why the spec refuses the list with it and keeps the list as it was.
    bool add(const TargetSpec &end);
    void removeAt(qsizetype index);
    // Shows PROBLEM (a sentence saying what to do) under the list; empty hides it.
    void showProblem(const QString &problem);
    QString problem() const;

    QPushButton *addButton() const { return m_add; }

    // Under "target/ends", as the spec file writes a list of targets.
    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

Q_SIGNALS:
    // "Add end" was pressed: the panel hands the typed end to add().
    void addRequested();
    // An end was added or removed.
    void changed();
    // The user removed END.
    void removed(const TargetSpec &end);

private:
    void rebuildRows();

    QPushButton *m_add;
    QLabel *m_note;
    QVBoxLayout *m_rows;
    QLabel *m_problem;
    QList<TargetSpec> m_ends;
};

} // namespace tcptune
