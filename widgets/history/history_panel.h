#pragma once
// The History tab: every experiment and run in the result store, filterable; ticking a run
// overlays its samples on the charts; two ticked runs give the A/B table (differences, ratios)
// and the counters that differ between them. The tree comes from two list queries (experiments,
// runs) whatever the store holds; a run's samples are read only when it is ticked.

#include <QHash>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace tcptune {

class CounterDifferenceView;
class ResultStore;
struct ExperimentRecord;
struct RunRecord;
class ThroughputRttView;

class HistoryPanel final : public QWidget {
    Q_OBJECT
public:
    explicit HistoryPanel(ThroughputRttView *chart, QWidget *parent = nullptr);
    ~HistoryPanel() override;

    QTreeWidget *tree() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }
    QTableWidget *abTable() const { return m_ab; }
    CounterDifferenceView *counterDifferences() const { return m_counters; }
    // Chart run id of stored run RUN_ID while it is ticked.
    int chartRunOf(qint64 runId) const { return m_chartRuns.value(runId, -1); }

public Q_SLOTS:
    // Re-reads the store (after a run, or when the tab is shown).
    void refresh();
    void applyFilter(const QString &text);
    // A/B of the first two ticked runs.
    void compareTicked();

private:
    void onItemChanged(QTreeWidgetItem *item, int column);
    // The store, opened once and kept (reopened when TCPTUNE_RESULTS_DB names another file);
    // nullptr with the reason in the status line when it cannot be opened.
    ResultStore *store();
    QTreeWidgetItem *addExperiment(const ExperimentRecord &experiment);
    void addRun(QTreeWidgetItem *experiment, const RunRecord &run);
    void overlay(QTreeWidgetItem *item, qint64 runId);

    ThroughputRttView *m_chart;
    QLineEdit *m_filter;
    QTreeWidget *m_tree;
    QPushButton *m_compare;
    QTableWidget *m_ab;
    QLabel *m_status;
    CounterDifferenceView *m_counters;
    QHash<qint64, int> m_chartRuns;
    std::unique_ptr<ResultStore> m_store;
};

} // namespace tcptune
