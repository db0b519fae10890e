#pragma once
// The Tune tab: runs the tuner (TuneJobRunner) on the spec the other panels describe, through the
// window's RunnerThread: the goal, the budget and whose knobs may change are chosen here; this
// host's own knobs only after a question naming each. While it runs, a table of trials and a
// chart of every run's objective fill in; when it ends, the answer and what to do with it
// (export, apply until quit, make permanent). Stop cancels with every knob restored. The tune is
// stored as an experiment like a sweep, so History shows it.

#include "common/error.h"
#include "common/throughput_unit.h"
#include "experiment/record/run_record.h"
#include "experiment/tune/tune_spec.h"

#include <QWidget>

#include <functional>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace tcptune {

class HelperConnection;
class RunnerThread;
class TuneAnswerActions;
class TuneAnswerView;
class TuneObjectiveChart;
class TuneTrialsTable;
struct ExperimentSpec;
// Not included here: tune_job.h brings runner.h's metatype declarations into the moc files of
// this area, which the widgets' moc compilation unit already instantiated (SweepPanel's).
struct TuneJob;
struct TuneOutcome;

class TunePanel final : public QWidget {
    Q_OBJECT
public:
    // BASE_SPEC fills in what the other panels describe (target, workload, knobs); false +
    // problem when they hold a mistake.
    using SpecSource = std::function<bool(ExperimentSpec &, QString *)>;

    // RUNNER and HELPER are the window's; both must outlive the panel.
    TunePanel(RunnerThread *runner, HelperConnection *helper, SpecSource baseSpec, QWidget *parent = nullptr);
    ~TunePanel() override;

    // What the form does not show (repeats, alpha, ranges, knobs left alone) comes from BASE.
    void setBaseTune(const TuneSpec &base) { m_baseTune = base; }
    // The tune Start would run now, or an error naming what to fix.
    [[nodiscard]] Result<TuneJob> buildJob() const;
    bool isTuning() const { return m_active; }
    bool hasOutcome() const { return m_hasOutcome; }
    const TuneOutcome &outcome() const;
    void setThroughputUnit(ThroughputUnit unit);

    QComboBox *goalBox() const { return m_goal; }
    QSpinBox *keepBox() const { return m_keep; }
    QSpinBox *budgetBox() const { return m_budget; }
    QSpinBox *minutesBox() const { return m_minutes; }
    QCheckBox *localEndBox() const { return m_localEnd; }
    QCheckBox *remoteEndBox() const { return m_remoteEnd; }
    QCheckBox *hostBox() const { return m_host; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }
    QLabel *statusLabel() const { return m_status; }
    TuneTrialsTable *trials() const { return m_trials; }
    TuneObjectiveChart *chart() const { return m_chart; }
    TuneAnswerView *answerView() const { return m_answer; }
    TuneAnswerActions *actions() const { return m_actions; }

public Q_SLOTS:
    void start();
    void stop();

Q_SIGNALS:
    void problem(const QString &message);
    // The answer's sysctls were applied through the helper (the Knobs tab shows them again).
    void knobsApplied();

private:
    void setUpControls();
    void layOut();
    void connectSignals();
    [[nodiscard]] Result<void> confirmHost(const TuneJob &job);
    void launch(const TuneJob &job);
    void onRunFinished(const RunRecord &record);
    void onOutcome(const TuneOutcome &outcome);
    void onStopped();
    void updateObjectiveAxis();
    static QString localNetnsOf(const ExperimentSpec &spec);

    RunnerThread *m_runner;
    SpecSource m_baseSpec;
    TuneSpec m_baseTune;
    QComboBox *m_goal;
    QSpinBox *m_keep;
    QSpinBox *m_budget;
    QSpinBox *m_minutes;
    QCheckBox *m_localEnd;
    QCheckBox *m_remoteEnd;
    QCheckBox *m_host;
    QPushButton *m_start;
    QPushButton *m_stop;
    QLabel *m_status;
    TuneTrialsTable *m_trials;
    TuneObjectiveChart *m_chart;
    TuneAnswerView *m_answer;
    TuneAnswerActions *m_actions;
    ThroughputUnit m_unit;
    std::unique_ptr<TuneJob> m_job; // the tune running or shown
    std::unique_ptr<TuneOutcome> m_outcome;
    bool m_hasOutcome = false;
    bool m_active = false;
    bool m_hostConfirmed = false; // the user said Yes to the knobs named for this host
    int m_runs = 0;               // runs of the tune in progress so far
};

} // namespace tcptune
