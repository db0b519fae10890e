#include "history/history_panel.h"

#include "charts/latency_under_load_view.h"
#include "charts/run_samples.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/counter_difference_view.h"
#include "experiment/record/experiment_name.h"
#include "experiment/record/run_configuration.h"
#include "experiment/store/result_store.h"
#include "experiment/store/stored_run_details.h"
#include "experiment/tables/experiment_diff.h"
#include "history/ab_comparison.h"
#include "history/ab_table.h"
#include "history/history_filter.h"
#include "history/mean_interval_text.h"
#include "history/stored_run_item.h"
#include "history/stored_run_names.h"

#include "panels/wrapping_header.h"

#include <QHBoxLayout>
#include <QJsonArray>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSet>
#include <QSplitter>
#include <QSysInfo>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <optional>
#include <span>

namespace tcptune {
namespace {

// An experiment whose Ok runs are all of one point (a run, an A/B arm, repeats of one spec)
// shows their mean throughput with its 95 % interval, or "(–, 1 run)"; a sweep's points each
// have their own (Sweep tab, report), so its row shows none.
void showExperimentThroughput(const QHash<qint64, QTreeWidgetItem *> &items, const QList<RunRecord> &runs,
                              ThroughputUnit unit)
{
    QHash<qint64, QList<double>> values;
    QHash<qint64, QSet<int>> points;
    for (const RunRecord &r : runs) {
        points[r.experimentId].insert(r.pointIndex);
        if (r.status == RunStatus::Ok)
            values[r.experimentId].append(r.throughputBps);
    }
    for (auto it = items.begin(); it != items.end(); ++it) {
        const QList<double> &v = values.value(it.key());
        if (points.value(it.key()).size() != 1 || v.isEmpty())
            continue;
        const stats::MeanInterval interval =
            stats::meanInterval(std::span<const double>(v.constData(), std::size_t(v.size())));
        it.value()->setText(HistoryPanel::ThroughputColumn,
                            MeanIntervalText::of(interval, unit.bitsPerSecondPerUnit(), unit.decimalsLike(1)));
        it.value()->setToolTip(HistoryPanel::ThroughputColumn, MeanIntervalText::toolTip(interval));
        it.value()->setTextAlignment(HistoryPanel::ThroughputColumn, Qt::AlignRight | Qt::AlignVCenter);
    }
}

} // namespace

HistoryPanel::HistoryPanel(ThroughputRttView *chart, QWidget *parent)
    : QWidget(parent)
    , m_chart(chart)
    , m_filter(new QLineEdit(this))
    , m_tree(new QTreeWidget(this))
    , m_compare(new QPushButton(tr("Compare &A/B"), this))
    , m_report(new QPushButton(tr("E&xport report..."), this))
    , m_capture(new QPushButton(tr("Show ca&pture"), this))
    , m_older(new QPushButton(tr("Show &older experiments"), this))
    , m_requery(new QTimer(this))
    , m_ab(new AbTable(this))
    , m_status(new QLabel(this))
    , m_counters(new CounterDifferenceView(this))
    , m_comparison(new QSplitter(Qt::Horizontal, this))
    , m_underLoad(new LatencyUnderLoadView(this))
{
    setUpTree();
    setUpButtons();
    auto *refresh = new QPushButton(tr("R&efresh"), this);
    layOut(refresh);
    connectSignals(refresh);
}

// The filter line and the tree of experiments with their runs.
void HistoryPanel::setUpTree()
{
    m_filter->setObjectName(QStringLiteral("historyFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, knob, value or status; host:, user:, kernel: or tag: asks the "
                                    "store"));
    m_filter->setToolTip(tr("Text is matched against the listed rows. host:NAME, user:NAME, kernel:RELEASE (a "
                            "prefix, e.g. kernel:6.1) and tag:NAME choose the experiments the store lists."));
    m_filter->setClearButtonEnabled(true);
    m_tree->setObjectName(QStringLiteral("historyTree"));
    // Titles wrap onto two lines: at 1024x700 the one-line titles squeezed the run's name to
    // "Experi…".
    m_tree->setHeader(new WrappingHeader(m_tree));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Experiment / run"), tr("Status"), tr("Configuration"), m_unit.label(), tr("RTT (ms)"),
                             tr("Retr."), tr("Started"), tr("Verdict")});
    m_tree->headerItem()->setToolTip(ThroughputColumn, tr("Throughput (%1)").arg(m_unit.label()));
    m_tree->headerItem()->setToolTip(RttColumn, tr("RTT median (ms)"));
    m_tree->headerItem()->setToolTip(RetransColumn, tr("Retransmissions"));
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The long texts take what is left and are elided; their tooltips have them whole.
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(ChangedColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(VerdictColumn, QHeaderView::Stretch);
    // Elided at the end: a row keeps what says what it is ("Experiment 4: Durchl…", "geändert:
    // tcp_wmem=…", "Durch das Überlastfenster begr…"); in the middle the experiment's number was
    // the first to go ("Experiment …er Werkbank").
    m_tree->setTextElideMode(Qt::ElideRight);
    setFocusProxy(m_tree);
}

void HistoryPanel::setUpButtons()
{
    m_compare->setObjectName(QStringLiteral("compareAb"));
    m_compare->setToolTip(tr("Compare the runs ticked: A, the baseline, is the one ticked first; every other run is "
                             "set against it (B, C, ...). Two experiments ticked are compared point by point."));
    m_report->setObjectName(QStringLiteral("historyReport"));
    m_report->setToolTip(tr("Export a report of the selected experiment."));
    m_capture->setObjectName(QStringLiteral("historyCapture"));
    m_capture->setToolTip(tr("Overlay the selected run's capture on the charts, on the run's own time."));
    m_status->setObjectName(QStringLiteral("historyStatus"));
    m_status->setWordWrap(true);
    m_older->setObjectName(QStringLiteral("historyOlder"));
    m_older->setToolTip(tr("List the next %1 older experiments.").arg(kPageSize));
    m_older->hide();
    m_requery->setSingleShot(true);
    m_requery->setInterval(300);
}

// Filter and buttons on top, the tree beside the A/B comparison, the status line below.
void HistoryPanel::layOut(QPushButton *refresh)
{
    auto *top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(refresh);
    top->addWidget(m_compare);
    top->addWidget(m_capture);
    top->addWidget(m_report);
    // As in Wireshark's packet list and details: the list takes the whole width (its long
    // columns stay readable at 1280x800), the comparison opens below it once there is one.
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("historySplitter"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_tree);
    // A latency-under-load run selected: its charts and summary under the list (hidden otherwise).
    split->addWidget(m_underLoad);
    m_comparison->setObjectName(QStringLiteral("historyComparison"));
    m_comparison->addWidget(m_ab);
    m_comparison->addWidget(m_counters);
    m_comparison->setStretchFactor(0, 3); // the A/B table's verdicts need the width
    m_comparison->setStretchFactor(1, 2);
    m_comparison->hide();
    split->addWidget(m_comparison);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_older, 0, Qt::AlignTop);
    layout->addLayout(bottom);
}

void HistoryPanel::connectSignals(QPushButton *refresh)
{
    connect(refresh, &QPushButton::clicked, this, &HistoryPanel::refresh);
    connect(m_compare, &QPushButton::clicked, this, &HistoryPanel::compareTicked);
    connect(m_report, &QPushButton::clicked, this, [this] {
        if (const qint64 id = selectedExperiment(); id > 0)
            Q_EMIT reportRequested(id);
        else
            m_status->setText(tr("Select an experiment or one of its runs to export its report."));
    });
    connect(m_capture, &QPushButton::clicked, this, &HistoryPanel::showCaptureOfSelectedRun);
    connect(m_filter, &QLineEdit::textChanged, this, &HistoryPanel::applyFilter);
    connect(m_older, &QPushButton::clicked, this, &HistoryPanel::showOlder);
    connect(m_requery, &QTimer::timeout, this, [this] {
        m_listedExperiments = 0; // other experiments: from the first page again
        this->refresh();
    });
    connect(m_tree, &QTreeWidget::itemChanged, this, &HistoryPanel::onItemChanged);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &HistoryPanel::showUnderLoadOf);
    // A run cleared from the charts is no longer ticked here.
    connect(m_chart, &ThroughputRttView::runRemoved, this, [this](int chartRun) {
        const qint64 runId = m_chartRuns.key(chartRun, 0);
        if (runId == 0)
            return;
        m_chartRuns.remove(runId);
        for (const int line : m_otherLines.take(runId)) // the run's other lines go with it
            m_chart->removeRun(line);
        m_tickOrder.removeAll(runId);
        if (QTreeWidgetItem *item = itemOfRun(runId)) {
            const QSignalBlocker block(m_tree);
            item->setCheckState(NameColumn, Qt::Unchecked);
        }
    });
}

QWidget *HistoryPanel::comparisonPane() const
{
    return m_comparison;
}

QString HistoryPanel::statusText() const
{
    return m_status->text();
}

HistoryPanel::~HistoryPanel() = default;

ResultStore *HistoryPanel::store()
{
    // Compared as given, not as the store writes its path back: an address in another spelling
    // (its parameters in another order) would reconnect at every refresh.
    const QString location = ResultStore::defaultPath();
    if (m_store && m_storeLocation == location)
        return m_store.get();
    m_store = std::make_unique<ResultStore>();
    m_storeLocation = location;
    if (auto ok = m_store->open(location); !ok) {
        m_status->setText(ok.error().message);
        m_store.reset();
    }
    return m_store.get();
}

void HistoryPanel::setThroughputUnit(ThroughputUnit unit)
{
    m_unit = unit;
    m_tree->headerItem()->setText(ThroughputColumn, unit.label());
    m_tree->headerItem()->setToolTip(ThroughputColumn, tr("Throughput (%1)").arg(unit.label()));
    m_ab->setThroughputUnit(unit);
    if (!m_store)
        return;
    // The status line keeps what it said (an A/B's title), not the list's count refresh() puts there.
    const QString said = m_status->text();
    refresh();
    m_status->setText(said);
}

void HistoryPanel::refresh()
{
    ExperimentFilter filter = HistoryFilter::parse(m_filter->text()).terms;
    filter.limit = std::max(kPageSize, m_listedExperiments);
    list(filter, false);
}

void HistoryPanel::showOlder()
{
    ExperimentFilter filter = m_listedTerms;
    filter.limit = kPageSize;
    filter.beforeId = m_oldestListed;
    list(filter, true);
}

void HistoryPanel::list(const ExperimentFilter &filter, bool append)
{
    ResultStore *results = store();
    if (!results)
        return;
    // One more than the page: whether the store holds more for "Show older".
    ExperimentFilter oneMore = filter;
    oneMore.limit = filter.limit + 1;
    auto experiments = results->experimentList(oneMore);
    if (!experiments) {
        m_status->setText(experiments.error().message);
        return;
    }
    const bool more = experiments->size() > filter.limit;
    if (more)
        experiments->removeLast();
    QList<qint64> ids;
    for (const ExperimentRecord &e : *experiments)
        ids.append(e.id);
    const auto runs = results->runList(ids);
    if (!runs) {
        m_status->setText(runs.error().message);
        return;
    }
    const QSignalBlocker block(m_tree);
    m_tree->setUpdatesEnabled(false);
    if (!append) {
        m_tree->clear();
        m_listedExperiments = m_listedRuns = 0;
        // The rows just cleared were the last users of the old details.
        m_details = std::make_unique<StoredRunDetails>([this]() -> const ResultStore * { return m_store.get(); });
    }
    // Both lists come newest experiment first; runs in run order within one.
    QHash<qint64, QTreeWidgetItem *> items;
    for (const ExperimentRecord &e : *experiments)
        items.insert(e.id, addExperiment(e));
    for (const RunRecord &r : *runs)
        if (QTreeWidgetItem *top = items.value(r.experimentId))
            addRun(top, r);
    showExperimentThroughput(items, *runs, m_unit);
    for (QTreeWidgetItem *item : std::as_const(items))
        item->setExpanded(true);
    m_tree->setUpdatesEnabled(true);
    m_listedTerms = filter;
    m_listedExperiments += int(experiments->size());
    m_listedRuns += int(runs->size());
    if (!experiments->isEmpty())
        m_oldestListed = experiments->last().id;
    showListed(results->path(), more);
    applyFilter(m_filter->text());
}

// The status line's count, and "Show older" while the store may hold more.
void HistoryPanel::showListed(const QString &storePath, bool more)
{
    m_older->setVisible(more);
    if (m_listedExperiments == 0 && m_listedTerms.narrows())
        m_status->setText(tr("No experiment in %1 matches host:, user:, kernel: or tag: as typed.").arg(storePath));
    else if (more)
        m_status->setText(tr("The newest %1 experiments, %2 runs, in %3; \"Show older experiments\" lists more.")
                              .arg(m_listedExperiments)
                              .arg(m_listedRuns)
                              .arg(storePath));
    else
        m_status->setText(
            tr("%1 experiments, %2 runs in %3.").arg(m_listedExperiments).arg(m_listedRuns).arg(storePath));
}

QTreeWidgetItem *HistoryPanel::addExperiment(const ExperimentRecord &e)
{
    auto *top = new QTreeWidgetItem(m_tree);
    top->setText(NameColumn, experimentName(e, ExperimentNameForm::WithId));
    // Where it ran, for a store shared or carried between machines and accounts.
    const QString origin = e.host.isEmpty() ? tr("host and user not recorded (an older tcptune)")
                                            : tr("ran on %1 as %2").arg(e.host, e.user);
    top->setToolTip(NameColumn, experimentName(e, ExperimentNameForm::WithId) + QLatin1Char('\n') + origin);
    top->setToolTip(StartedColumn, origin);
    // Another host's or user's experiment (a team's store) says so where its runs' knobs are.
    if (!e.host.isEmpty() && (e.host != QSysInfo::machineHostName() || e.user != ResultStore::currentUserName())) {
        const QString where = e.kernel.isEmpty() ? origin : tr("%1, kernel %2").arg(origin, e.kernel);
        top->setText(ChangedColumn, where);
        top->setToolTip(ChangedColumn, where);
    }
    top->setData(NameColumn, kExperimentIdRole, e.id);
    // Ticked, two experiments are compared point by point (Compare A/B).
    top->setCheckState(NameColumn, m_experimentTicks.contains(e.id) ? Qt::Checked : Qt::Unchecked);
    top->setText(StatusColumn, experimentStatusText(e.status));
    top->setText(StartedColumn, QLocale().toString(e.created.toLocalTime(), QLocale::ShortFormat));
    return top;
}

void HistoryPanel::addRun(QTreeWidgetItem *experiment, const RunRecord &r)
{
    auto *item = new StoredRunItem(experiment, r, m_details.get(), m_unit);
    item->setCheckState(NameColumn, m_chartRuns.contains(r.id) ? Qt::Checked : Qt::Unchecked);
}

QTreeWidgetItem *HistoryPanel::itemOfRun(qint64 runId) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        for (int j = 0; j < m_tree->topLevelItem(i)->childCount(); ++j)
            if (m_tree->topLevelItem(i)->child(j)->data(NameColumn, kRunIdRole).toLongLong() == runId)
                return m_tree->topLevelItem(i)->child(j);
    return nullptr;
}

qint64 HistoryPanel::selectedExperiment() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    return item ? item->data(NameColumn, kExperimentIdRole).toLongLong() : 0;
}

void HistoryPanel::showCaptureOfSelectedRun()
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    const qint64 runId = item ? item->data(NameColumn, kRunIdRole).toLongLong() : 0;
    if (runId <= 0) {
        m_status->setText(tr("Select a run to show its capture."));
        return;
    }
    ResultStore *results = store();
    if (!results)
        return;
    const auto run = results->run(runId);
    const auto captures = results->captures(runId);
    if (!run || !captures || captures->isEmpty()) {
        m_status->setText(tr("Run %1 has no capture: tick \"Record capture\" before running.").arg(runIdText(runId)));
        return;
    }
    const double duration = run->durationS > 0 ? run->durationS : run->started.msecsTo(run->ended) / 1000.0;
    Q_EMIT captureRequested(captures->first().path, duration, storedRunName(*run));
}

void HistoryPanel::applyFilter(const QString &line)
{
    const HistoryFilter filter = HistoryFilter::parse(line);
    // Other terms ask the store again, once the typing pauses.
    if (!HistoryFilter::sameTerms(filter.terms, m_listedTerms))
        m_requery->start();
    const QString &text = filter.text;
    const auto matches = [&text](const QTreeWidgetItem *item) {
        for (int c = 0; c < ColumnCount; ++c)
            if (item->text(c).contains(text, Qt::CaseInsensitive) ||
                item->toolTip(c).contains(text, Qt::CaseInsensitive))
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
    if (column != NameColumn)
        return;
    if (!item->data(NameColumn, kRunIdRole).isValid()) {
        const qint64 experimentId = item->data(NameColumn, kExperimentIdRole).toLongLong();
        m_experimentTicks.removeAll(experimentId);
        if (experimentId > 0 && item->checkState(NameColumn) == Qt::Checked)
            m_experimentTicks.append(experimentId);
        return;
    }
    const qint64 runId = item->data(NameColumn, kRunIdRole).toLongLong();
    if (item->checkState(NameColumn) != Qt::Checked) {
        m_tickOrder.removeAll(runId);
        if (m_chartRuns.contains(runId))
            m_chart->removeRun(m_chartRuns.take(runId));
        for (const int line : m_otherLines.take(runId))
            m_chart->removeRun(line);
        return;
    }
    if (!m_tickOrder.contains(runId))
        m_tickOrder.append(runId);
    if (!m_chartRuns.contains(runId))
        showRun(runId, item);
}

void HistoryPanel::showUnderLoadOf(QTreeWidgetItem *item)
{
    const qint64 runId = item ? item->data(NameColumn, kRunIdRole).toLongLong() : 0;
    ResultStore *results = runId > 0 ? store() : nullptr;
    LatencyUnderLoad underLoad;
    if (results)
        if (const auto run = results->run(runId))
            underLoad = run->underLoad();
    if (!underLoad.measured) {
        m_underLoad->clear();
        return;
    }
    // The aggregate series of each sender: the throughput up and down.
    const auto samples = results->aggregateSamples(runId);
    const bool wasHidden = m_underLoad->isHidden();
    m_underLoad->setRun(underLoad, samples ? *samples : QList<RunSample>{});
    // The splitter leaves a child shown again past its end, the list keeping the height: the
    // charts take two fifths of the list's.
    auto *split = qobject_cast<QSplitter *>(m_underLoad->parentWidget());
    if (!wasHidden || !split)
        return;
    QList<int> sizes = split->sizes();
    const int room = std::max(m_underLoad->minimumHeight(), sizes.at(0) * 2 / 5);
    sizes[0] = std::max(0, sizes.at(0) - room);
    sizes[1] = room;
    split->setSizes(sizes);
}

void HistoryPanel::showRun(qint64 runId, QTreeWidgetItem *item)
{
    // Already on the charts (the run just made, or ticked before): not a second time.
    if (const int drawn = m_chart->runTagged(runId); drawn >= 0) {
        m_chartRuns.insert(runId, drawn);
        m_chart->setRunPinned(drawn, true);
        return;
    }
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
    const auto run = results->run(runId);
    // A run against several ends: a line per end, named after it (details "targets"); a run in
    // direction both: a line per direction, named after its sender as on the live chart.
    const QJsonArray ends = run ? run->details.value(QStringLiteral("targets")).toArray() : QJsonArray();
    const QList<QList<RunSample>> byEnd = samplesByEnd(*samples);
    int id = -1;
    for (qsizetype end = 0; end < byEnd.size(); ++end) {
        const QString endName =
            ends.size() > 1 ? ends.at(end).toObject().value(QStringLiteral("target")).toString() : QString();
        const QString name =
            endName.isEmpty() ? item->text(NameColumn) : item->text(NameColumn) + QStringLiteral(" · ") + endName;
        const QList<QList<RunSample>> bySender = samplesBySender(byEnd.at(end));
        for (const QList<RunSample> &samplesOfLine : bySender) {
            const int line =
                m_chart->addRun(bySender.size() > 1 ? senderLineName(name, samplesOfLine.first().farSender) : name);
            m_chart->setRunToolTip(line, item->toolTip(NameColumn));
            m_chart->setRunPinned(line, true); // chosen here: a new sweep does not clear it
            m_chart->appendSamples(line, chartSamplesOf(samplesOfLine));
            if (id < 0)
                id = line;
            else
                m_otherLines[runId].append(line);
        }
    }
    m_chart->setRunTag(id, runId);
    if (run)
        for (const EndRecord &e : run->ends)
            if (!e.queue.isEmpty())
                m_chart->setSeries(id, ChartMetric::QueueBacklog, queueBacklogPoints(e.queue));
    m_chartRuns.insert(runId, id);
}

void HistoryPanel::compareTicked()
{
    if (m_tickOrder.size() < 2 && m_experimentTicks.size() < 2) {
        m_status->setText(tr("Tick two runs or more to compare them (A, the baseline, is the one ticked first), or two "
                             "experiments to compare them point by point."));
        return;
    }
    if (m_experimentTicks.size() < 2 && m_tickOrder.size() > AbTable::kMaxRuns) {
        m_status->setText(tr("%1 runs are ticked; the comparison takes at most %2 (A, the baseline, and the others "
                             "against it): untick some.")
                              .arg(m_tickOrder.size())
                              .arg(AbTable::kMaxRuns));
        return;
    }
    ResultStore *results = store();
    if (!results)
        return;
    if (m_experimentTicks.size() >= 2)
        compareExperiments(results);
    else
        compareRuns(results);
}

// Each run after the baseline against it, with the numbers of `tcptune results diff`.
void HistoryPanel::compareRuns(ResultStore *results)
{
    QList<ComparedRun> runs;
    QList<PointDiff> againstA;
    for (const qint64 id : m_tickOrder) {
        const auto run = results->run(id);
        if (!run) {
            m_status->setText(run.error().message);
            return;
        }
        runs.append({*run, m_details ? m_details->configuration(*run) : RunConfiguration{}});
        if (runs.size() == 1)
            continue;
        const Result<PointDiff> diff = diffRuns(*results, runs.first().run, *run);
        if (!diff) {
            m_status->setText(diff.error().message);
            return;
        }
        againstA.append(*diff);
    }
    QString title = m_ab->compare(runs, againstA);
    if (runs.size() > 2) // the counters compare two runs: the baseline and B
        title += QLatin1Char('\n') + tr("Counters: A against B.");
    m_status->setText(title);
    m_counters->setRuns(runIdText(runs.at(0).run.id), runs.at(0).run, runIdText(runs.at(1).run.id), runs.at(1).run);
    m_counters->show();
    m_comparison->show();
}

// The same numbers as `tcptune results diff A B`: each matched point's metrics with their
// intervals and verdicts; the counters pane is for two runs.
void HistoryPanel::compareExperiments(ResultStore *results)
{
    const Result<ExperimentDiff> diff = diffExperiments(*results, m_experimentTicks[0], m_experimentTicks[1]);
    if (!diff) {
        m_status->setText(diff.error().message);
        return;
    }
    m_status->setText(m_ab->compareExperiments(*diff));
    m_counters->hide();
    m_comparison->show();
}

} // namespace tcptune
