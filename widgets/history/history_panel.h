#pragma once
// The History tab: the result store's experiments, newest first a page at a time, with their runs,
// chosen by host, user, kernel and tag (the filter line's terms, asked of the store) and filtered
// by any column, the
// knobs each run changed among them ("changed: tcp_autocorking=0") and its verdict; ticking a run
// overlays its samples on the charts (once: a run already drawn is not added again); the runs
// ticked, in the order ticked, give the A/B table (the first is the baseline A, the others B, C,
// ... against it, each metric's difference with its 95 % interval and verdict) and the counters
// that differ between A and B; two experiments ticked are compared point by point, as
// `tcptune results diff` does. Any experiment's report can be exported, and any run's
// capture shown ("Show capture"). A selected latency-under-load run (rrul) shows its charts and summary
// under the list. The tree comes from two list queries (experiments, runs) whatever the store holds; a
// run's name and configuration are read when its row is first drawn or filtered (StoredRunItem), its samples only when
// it is ticked.

#include "common/throughput_unit.h"
#include "experiment/store/experiment_filter.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace tcptune {

class AbTable;
class CounterDifferenceView;
class LatencyUnderLoadView;
class ResultStore;
class StoredRunDetails;
struct ExperimentRecord;
struct RunConfiguration;
struct RunRecord;
class ThroughputRttView;

class HistoryPanel final : public QWidget {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        StatusColumn,
        ChangedColumn,
        ThroughputColumn,
        RttColumn,
        RetransColumn,
        StartedColumn,
        VerdictColumn,
        ColumnCount
    };
    static constexpr int kRunIdRole = Qt::UserRole + 1;
    static constexpr int kExperimentIdRole = Qt::UserRole + 2;
    // Experiments listed at a time, newest first; "Show older" lists the next as many. A team's
    // store holds thousands: the tab opens with the newest, whatever the store holds.
    static constexpr int kPageSize = 100;

    explicit HistoryPanel(ThroughputRttView *chart, QWidget *parent = nullptr);
    ~HistoryPanel() override;

    QTreeWidget *tree() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }
    QPushButton *showOlderButton() const { return m_older; }
    AbTable *abTable() const { return m_ab; }
    CounterDifferenceView *counterDifferences() const { return m_counters; }
    QWidget *comparisonPane() const;
    // The charts and summary of the selected run when it measured latency under load.
    LatencyUnderLoadView *underLoadView() const { return m_underLoad; }
    QString statusText() const;
    // Chart run id of stored run RUN_ID while it is ticked.
    int chartRunOf(qint64 runId) const { return m_chartRuns.value(runId, -1); }
    // The row of stored run RUN_ID, nullptr when not listed.
    QTreeWidgetItem *itemOfRun(qint64 runId) const;
    // Stored run ids in the order they were ticked.
    const QList<qint64> &tickOrder() const { return m_tickOrder; }
    // Stored experiment ids in the order they were ticked.
    const QList<qint64> &experimentTickOrder() const { return m_experimentTicks; }

public Q_SLOTS:
    // Re-reads the store (after a run, or when the tab is shown): as many experiments as were
    // listed, at least a page, of those the filter line's terms (host:, user:, kernel:, tag:) take.
    void refresh();
    // Lists the next page of older experiments below those listed.
    void showOlder();
    // The unit throughput is shown in, in the list and the A/B table (both shown again in it).
    void setThroughputUnit(ThroughputUnit unit);
    void applyFilter(const QString &text);
    // A/B of the first two experiments ticked, else of the runs ticked; A (the baseline) the first.
    void compareTicked();

Q_SIGNALS:
    // The user asked for a report of stored experiment ID.
    void reportRequested(qint64 experimentId);
    // The user asked for the capture of a stored run: PATH, to be overlaid on the run's time.
    void captureRequested(const QString &path, double durationS, const QString &runName);

private:
    void setUpTree();
    void setUpButtons();
    void layOut(QPushButton *refresh);
    void connectSignals(QPushButton *refresh);
    void onItemChanged(QTreeWidgetItem *item, int column);
    // The store, opened once and kept (reopened when another store is chosen: Settings,
    // $TCPTUNE_STORE);
    // nullptr with the reason in the status line when it cannot be opened.
    ResultStore *store();
    // Lists the experiments FILTER takes with their runs, after those listed when APPEND (the
    // reason in the status line when the store could not be read).
    void list(const ExperimentFilter &filter, bool append);
    void showListed(const QString &storePath, bool more);
    QTreeWidgetItem *addExperiment(const ExperimentRecord &experiment);
    void addRun(QTreeWidgetItem *experiment, const RunRecord &run);
    void showRun(qint64 runId, QTreeWidgetItem *item);
    // The current row's latency under load, when it is a run that measured it; hidden otherwise.
    void showUnderLoadOf(QTreeWidgetItem *item);
    qint64 selectedExperiment() const;
    void showCaptureOfSelectedRun();
    void compareRuns(ResultStore *results);
    void compareExperiments(ResultStore *results);

    ThroughputRttView *m_chart;

    ThroughputUnit m_unit;
    QLineEdit *m_filter;
    QTreeWidget *m_tree;
    QPushButton *m_compare;
    QPushButton *m_report;
    QPushButton *m_capture;
    QPushButton *m_older;
    QTimer *m_requery; // the terms typed, once the typing pauses
    ExperimentFilter m_listedTerms;
    int m_listedExperiments = 0;
    int m_listedRuns = 0;
    qint64 m_oldestListed = 0;
    AbTable *m_ab;
    QLabel *m_status;
    CounterDifferenceView *m_counters;
    QSplitter *m_comparison; // A/B table and counters, below the list once two runs are compared
    LatencyUnderLoadView *m_underLoad;
    QHash<qint64, int> m_chartRuns;
    QHash<qint64, QList<int>> m_otherLines; // several ends, direction both: a run's lines after the first
    std::unique_ptr<ResultStore> m_store;
    QString m_storeLocation; // what m_store was opened from (ResultStore::defaultPath() then)
    std::unique_ptr<StoredRunDetails> m_details;
    QList<qint64> m_tickOrder;
    QList<qint64> m_experimentTicks;
};

} // namespace tcptune
