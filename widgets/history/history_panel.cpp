#include "history/history_panel.h"

#include "charts/run_samples.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/counter_difference_view.h"
#include "experiment/result_store.h"
#include "history/ab_comparison.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tcptune {

namespace {

enum Column {
    NameColumn,
    StatusColumn,
    ThroughputColumn,
    RttColumn,
    RetransColumn,
    StartedColumn,
    VerdictColumn,
    ColumnCount
};
constexpr int kRunIdRole = Qt::UserRole + 1;

QString number(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

} // namespace

HistoryPanel::HistoryPanel(ThroughputRttView *chart, QWidget *parent)
    : QWidget(parent)
    , m_chart(chart)
    , m_filter(new QLineEdit(this))
    , m_tree(new QTreeWidget(this))
    , m_compare(new QPushButton(tr("Compare A/B"), this))
    , m_ab(new QTableWidget(this))
    , m_status(new QLabel(this))
    , m_counters(new CounterDifferenceView(this))
{
    m_filter->setObjectName(QStringLiteral("historyFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, value or status"));
    m_filter->setClearButtonEnabled(true);
    m_tree->setObjectName(QStringLiteral("historyTree"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Experiment / run"), tr("Status"), tr("Throughput (Mbit/s)"), tr("RTT median (ms)"),
                             tr("Retransmissions"), tr("Started"), tr("Verdict")});
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_compare->setObjectName(QStringLiteral("compareAb"));
    m_compare->setToolTip(tr("Compare the first two ticked runs: A is the first, B the second."));
    m_ab->setObjectName(QStringLiteral("abTable"));
    m_ab->setColumnCount(5);
    m_ab->setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B"), tr("B − A"), tr("B / A")});
    m_ab->verticalHeader()->hide();
    m_ab->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_ab->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_status->setWordWrap(true);

    auto *refresh = new QPushButton(tr("Refresh"), this);
    auto *top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(refresh);
    top->addWidget(m_compare);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_tree);
    auto *comparison = new QSplitter(Qt::Vertical, this);
    comparison->addWidget(m_ab);
    comparison->addWidget(m_counters);
    split->addWidget(comparison);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);

    connect(refresh, &QPushButton::clicked, this, &HistoryPanel::refresh);
    connect(m_compare, &QPushButton::clicked, this, &HistoryPanel::compareTicked);
    connect(m_filter, &QLineEdit::textChanged, this, &HistoryPanel::applyFilter);
    connect(m_tree, &QTreeWidget::itemChanged, this, &HistoryPanel::onItemChanged);
}

HistoryPanel::~HistoryPanel() = default;

ResultStore *HistoryPanel::store()
{
    if (m_store && m_store->path() == ResultStore::defaultPath())
        return m_store.get();
    m_store = std::make_unique<ResultStore>();
    if (auto ok = m_store->open(); !ok) {
        m_status->setText(ok.error().message);
        m_store.reset();
    }
    return m_store.get();
}

void HistoryPanel::refresh()
{
    ResultStore *results = store();
    if (!results)
        return;
    const auto experiments = results->experimentList();
    const auto runs = results->runList();
    if (!experiments || !runs) {
        m_status->setText(!experiments ? experiments.error().message : runs.error().message);
        return;
    }
    QSignalBlocker block(m_tree);
    m_tree->setUpdatesEnabled(false);
    m_tree->clear();
    // Both lists come newest experiment first; runs in run order within one.
    QHash<qint64, QTreeWidgetItem *> items;
    for (const ExperimentRecord &e : *experiments)
        items.insert(e.id, addExperiment(e));
    for (const RunRecord &r : *runs)
        if (QTreeWidgetItem *top = items.value(r.experimentId))
            addRun(top, r);
    m_tree->expandAll();
    m_tree->setUpdatesEnabled(true);
    m_status->setText(
        tr("%1 experiments, %2 runs in %3.").arg(experiments->size()).arg(runs->size()).arg(results->path()));
    applyFilter(m_filter->text());
}

QTreeWidgetItem *HistoryPanel::addExperiment(const ExperimentRecord &e)
{
    auto *top = new QTreeWidgetItem(m_tree);
    top->setText(NameColumn, tr("#%1 %2").arg(e.id).arg(e.name));
    top->setText(StatusColumn, experimentStatusName(e.status));
    top->setText(StartedColumn, e.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    return top;
}

void HistoryPanel::addRun(QTreeWidgetItem *experiment, const RunRecord &r)
{
    auto *item = new QTreeWidgetItem(experiment);
    QString name = tr("run %1").arg(r.runIndex + 1);
    if (!r.pointLabel.isEmpty())
        name += QStringLiteral(": ") + r.pointLabel;
    if (r.repeat > 0)
        name += QStringLiteral(" #%1").arg(r.repeat + 1);
    item->setText(NameColumn, name);
    item->setData(NameColumn, kRunIdRole, r.id);
    item->setCheckState(NameColumn, m_chartRuns.contains(r.id) ? Qt::Checked : Qt::Unchecked);
    item->setText(StatusColumn, runStatusName(r.status));
    item->setText(ThroughputColumn, number(r.throughputBps / 1e6, 1));
    item->setText(RttColumn, r.rttMedianMs >= 0 ? number(r.rttMedianMs, 2) : QString());
    item->setText(RetransColumn, QString::number(r.retransmits));
    item->setText(StartedColumn, r.started.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    if (!r.error.isEmpty())
        item->setToolTip(StatusColumn, r.error);
    item->setText(VerdictColumn, r.verdict);
    item->setToolTip(VerdictColumn, r.verdict);
}

void HistoryPanel::applyFilter(const QString &text)
{
    const auto matches = [&text](const QTreeWidgetItem *item) {
        for (int c = 0; c < ColumnCount; ++c)
            if (item->text(c).contains(text, Qt::CaseInsensitive))
                return true;
        return false;
    };
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_tree->topLevelItem(i);
        const bool topMatches = text.isEmpty() || matches(top);
        bool anyChild = false;
        for (int j = 0; j < top->childCount(); ++j) {
            const bool shown = topMatches || matches(top->child(j));
            top->child(j)->setHidden(!shown);
            anyChild = anyChild || shown;
        }
        top->setHidden(!topMatches && !anyChild);
    }
}

void HistoryPanel::onItemChanged(QTreeWidgetItem *item, int column)
{
    if (column != NameColumn || !item->data(NameColumn, kRunIdRole).isValid())
        return;
    const qint64 runId = item->data(NameColumn, kRunIdRole).toLongLong();
    const bool ticked = item->checkState(NameColumn) == Qt::Checked;
    if (!ticked) {
        if (m_chartRuns.contains(runId))
            m_chart->removeRun(m_chartRuns.take(runId));
        return;
    }
    if (!m_chartRuns.contains(runId))
        overlay(item, runId);
}

void HistoryPanel::overlay(QTreeWidgetItem *item, qint64 runId)
{
    ResultStore *results = store();
    if (!results)
        return;
    // The run's line is its aggregate series; a run stored without one shows its streams.
    auto samples = results->aggregateSamples(runId);
    if (samples && samples->isEmpty())
        samples = results->samples(runId);
    if (!samples) {
        m_status->setText(samples.error().message);
        return;
    }
    const QString label = QStringLiteral("%1 %2").arg(
        item->parent() ? item->parent()->text(NameColumn).section(QLatin1Char(' '), 0, 0) : QString(),
        item->text(NameColumn));
    const int id = m_chart->addRun(label);
    m_chart->appendSamples(id, chartSamplesOf(*samples));
    if (const auto run = results->run(runId))
        for (const EndRecord &e : run->ends)
            if (!e.queue.isEmpty())
                m_chart->setSeries(id, ChartMetric::QueueBacklog, queueBacklogPoints(e.queue));
    m_chartRuns.insert(runId, id);
}

void HistoryPanel::compareTicked()
{
    QList<qint64> ticked;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        for (int j = 0; j < m_tree->topLevelItem(i)->childCount(); ++j) {
            const QTreeWidgetItem *item = m_tree->topLevelItem(i)->child(j);
            if (item->checkState(NameColumn) == Qt::Checked)
                ticked.append(item->data(NameColumn, kRunIdRole).toLongLong());
        }
    if (ticked.size() < 2) {
        m_status->setText(tr("Tick two runs to compare them (A is the first ticked, B the second)."));
        return;
    }
    ResultStore *results = store();
    if (!results)
        return;
    const auto a = results->run(ticked[0]);
    const auto b = results->run(ticked[1]);
    if (!a || !b) {
        m_status->setText(!a ? a.error().message : b.error().message);
        return;
    }
    const QList<AbRow> rows = compareRuns(*a, *b);
    m_ab->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const AbRow &row = rows[r];
        m_ab->setItem(r, 0, new QTableWidgetItem(row.figure));
        m_ab->setItem(r, 1, new QTableWidgetItem(row.known ? number(row.a, 2) : QString()));
        m_ab->setItem(r, 2, new QTableWidgetItem(row.known ? number(row.b, 2) : QString()));
        m_ab->setItem(r, 3, new QTableWidgetItem(row.known ? number(row.difference, 2) : QString()));
        m_ab->setItem(r, 4,
                      new QTableWidgetItem(row.ratio ? QStringLiteral("%1×").arg(number(*row.ratio, 2)) : QString()));
    }
    m_status->setText(tr("A: run %1, B: run %2.").arg(a->runIndex + 1).arg(b->runIndex + 1));
    m_counters->setRuns(tr("run %1").arg(a->runIndex + 1), *a, tr("run %1").arg(b->runIndex + 1), *b);
}

} // namespace tcptune
