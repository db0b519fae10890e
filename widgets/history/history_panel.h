#pragma once
// The History tab: every experiment and run in the result store, filterable; ticking a run
// overlays its samples on the charts; two ticked runs give the A/B table (differences, ratios).

#include <QHash>
#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace tcptune {

class ThroughputRttView;

class HistoryPanel final : public QWidget {
    Q_OBJECT
public:
    explicit HistoryPanel(ThroughputRttView *chart, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    QLineEdit *filterEdit() const { return m_filter; }
    QTableWidget *abTable() const { return m_ab; }
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

    ThroughputRttView *m_chart;
    QLineEdit *m_filter;
    QTreeWidget *m_tree;
    QPushButton *m_compare;
    QTableWidget *m_ab;
    QLabel *m_status;
    QHash<qint64, int> m_chartRuns;
};

} // namespace tcptune
