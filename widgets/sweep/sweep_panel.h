#pragma once
// The Sweep tab: turn one knob (or workload parameter) through a list of values with repeats,
// built on the spec the panels describe, or run a story preset. Shows the results as story 5's
// table (one row per value: throughput mean +- sd, every run, RTT median and p95, flags) and as
// a chart against the swept value, live while the sweep runs; Cancel restores every knob.

#include "common/throughput_unit.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/tables/sweep_table.h"
#include "lab/qdisc_support.h"

#include <QHash>
#include <QWidget>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QSplitter;
class QTableWidget;

namespace tcptune {

class RunnerThread;
class SweepChart;

class SweepPanel final : public QWidget {
    Q_OBJECT
public:
    // BASE_SPEC fills in what the other panels describe (target, workload); false + problem when
    // they hold a mistake.
    using SpecSource = std::function<bool(ExperimentSpec &, QString *)>;

    SweepPanel(RunnerThread *runner, SpecSource baseSpec, QWidget *parent = nullptr);

    // The plan Start would run now, or an error naming what to fix.
    [[nodiscard]] Result<SweepPlan> buildPlan() const;
    bool isSweeping() const { return m_active; }

    QComboBox *parameterBox() const { return m_parameter; }
    QLineEdit *valuesEdit() const { return m_values; }
    QSpinBox *repeatsBox() const { return m_repeats; }
    // Repeat until precise: the target half-width of the 95 % interval in % of the mean (0: off)
    // and the most runs a point gets.
    QDoubleSpinBox *ciTargetBox() const { return m_ciTarget; }
    QSpinBox *maxRepeatsBox() const { return m_maxRepeats; }
    QComboBox *presetBox() const { return m_preset; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *cancelButton() const { return m_cancel; }
    QTableWidget *table() const { return m_table; }
    SweepChart *chart() const { return m_chart; }
    // The unit the table and the chart show throughput in; what is shown follows at once.
    void setThroughputUnit(ThroughputUnit unit);
    QLabel *statusLabel() const { return m_status; }
    // What this kernel's qdiscs allow: without netem lab.delay is not offered (its entry is
    // disabled and says why). By default the answer cached for this boot, if a lab probed it.
    void setQdiscSupport(const QdiscSupport &support);

public Q_SLOTS:
    void start();
    void cancel();

Q_SIGNALS:
    void problem(const QString &message);
    // A preset was chosen: the panels that describe target and workload show its.
    void presetChosen(const tcptune::SweepPlan &plan);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitSplit();
    void setUpControls();
    void setUpPrecision();
    void setUpTable();
    void layOut();
    void connectSignals();
    void showPreset();
    [[nodiscard]] Result<SweepPlan> presetInThisLab(Result<SweepPlan> plan) const;
    void showPlan(const SweepPlan &plan);
    void onPointUpdated(const PointResult &result);
    void showPoint(const PointResult &result);
    void setHeaderLabels();
    void onStopped();
    static QString netemMissingText();

    RunnerThread *m_runner;
    SpecSource m_baseSpec;
    QComboBox *m_parameter;
    QLineEdit *m_values;
    QSpinBox *m_repeats;
    QDoubleSpinBox *m_ciTarget;
    QSpinBox *m_maxRepeats;
    QComboBox *m_preset;
    QPushButton *m_start;
    QPushButton *m_cancel;
    QLabel *m_status;
    QLabel *m_presetNote;
    QScrollArea *m_presetNoteArea;

    QTableWidget *m_table;
    QSplitter *m_split = nullptr;
    SweepChart *m_chart;
    ThroughputUnit m_unit;
    QHash<int, PointResult> m_shownPoints; // by row: shown again in another unit
    bool m_active = false;
    bool m_netemMissing = false;
    QString m_ending; // how the session ended: "finished", "cancelled", "failed"
    int m_done = 0;
    int m_total = 0;
};

} // namespace tcptune
