#include "captures/capture_panel.h"

#include "capture/capture_loader.h"
#include "capture/flow_display_filter.h"
#include "captures/capture_flow_menu.h"
#include "captures/stream_graph_view.h"
#include "charts/throughput_rtt_view.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace tcptune {

namespace {

enum Column { FlowColumn, PacketsColumn, BytesColumn, RttColumn, RetransColumn, ColumnCount };
constexpr int kRunIdRole = Qt::UserRole + 1;

// The direction that carried the data: its IO graph is the flow's throughput.
const DirectionAnalysis &dataDirection(const FlowAnalysis &flow)
{
    return flow.s2c.payload_bytes > flow.c2s.payload_bytes ? flow.s2c : flow.c2s;
}

// Mbit/s per interval from the sparse series; a gap drops to zero on both of its sides, so that
// the line does not bridge intervals without packets (bounded: at most three points per entry).
QList<QPointF> throughputPoints(const std::vector<IntervalBytes> &intervals, double interval)
{
    QList<QPointF> points;
    points.reserve(qsizetype(intervals.size()) * 3);
    std::int64_t previous = -2;
    for (const IntervalBytes &i : intervals) {
        if (i.index > previous + 1) {
            if (previous >= 0)
                points.append(QPointF(double(previous + 1) * interval, 0));
            if (i.index > 0)
                points.append(QPointF(double(i.index - 1) * interval, 0));
        }
        points.append(QPointF(double(i.index) * interval, double(i.frame_bytes) * 8.0 / interval / 1e6));
        previous = i.index;
    }
    return points;
}

std::int64_t payloadOf(const FlowAnalysis &flow)
{
    return flow.c2s.payload_bytes + flow.s2c.payload_bytes;
}

// Capture times moved onto the run's time (0 = the run's start), cut to the run's duration.
template <typename A> QList<QPointF> aligned(QList<QPointF> points, const A &alignment)
{
    if (alignment.durationS < 0)
        return points;
    QList<QPointF> out;
    out.reserve(points.size());
    for (QPointF p : points) {
        p.rx() += alignment.shiftS;
        if (p.x() >= 0 && p.x() <= alignment.durationS + 0.5)
            out.append(p);
    }
    return out;
}

QString formatBytes(std::int64_t bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

} // namespace

CapturePanel::CapturePanel(ThroughputRttView *chart, QWidget *parent)
    : QWidget(parent)
    , m_chart(chart)
    , m_loader(new CaptureLoader(this))
    , m_tree(new QTreeWidget(this))
    , m_flowMenu(new CaptureFlowMenu(m_tree))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_status(new QLabel(tr("Open a pcap or pcapng file (Ctrl+O) or drop one on the window."), this))
{
    m_tree->setObjectName(QStringLiteral("captureTree"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels(
        {tr("Capture / flow"), tr("Packets"), tr("Bytes"), tr("RTT median"), tr("Retransmissions")});
    // The figures as wide as they are ("6,26 ms (1500 Messwerte)" was cut beside wide packet and byte
    // columns), the flows' addresses take the rest.
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(FlowColumn, QHeaderView::Stretch);
    m_tree->setRootIsDecorated(true);
    m_progress->setObjectName(QStringLiteral("captureProgress"));
    m_progress->setRange(0, 1000);
    m_progress->hide();
    m_cancel->setObjectName(QStringLiteral("cancelCapture"));
    m_cancel->hide();
    m_status->setObjectName(QStringLiteral("captureStatus"));
    m_status->setWordWrap(true);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_progress);
    bottom->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree, 1);
    layout->addLayout(bottom);

    connect(m_cancel, &QPushButton::clicked, this, &CapturePanel::cancel);
    connect(m_loader, &CaptureLoader::progress, this,
            [this](double fraction) { m_progress->setValue(int(fraction * 1000)); });
    connect(m_loader, &CaptureLoader::loaded, this, &CapturePanel::onLoaded);
    connect(m_loader, &CaptureLoader::loadFailed, this, &CapturePanel::onFailed);
    connect(m_loader, &CaptureLoader::idle, this, &CapturePanel::startNext);
    connect(m_tree, &QTreeWidget::itemChanged, this, &CapturePanel::onItemChanged);
    connect(m_chart, &ThroughputRttView::runRemoved, this, &CapturePanel::onChartRunRemoved);
    connect(m_flowMenu, &CaptureFlowMenu::said, m_status, &QLabel::setText);
    connect(m_flowMenu, &CaptureFlowMenu::streamGraphRequested, this, &CapturePanel::openStreamGraph);
    // A double-click or Enter on a flow's row opens its stream graph, as in Wireshark's lists.
    connect(m_tree, &QTreeWidget::itemActivated, this, &CapturePanel::onItemActivated);
}

// Cleared from the charts: the flow's row is unticked (and forgotten), never left ticked but undrawn.
void CapturePanel::onChartRunRemoved(int chartRun)
{
    const QSignalBlocker block(m_tree);
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *top = m_tree->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem *flow = top->child(j);
            if (flow->data(FlowColumn, kRunIdRole).toInt() != chartRun)
                continue;
            flow->setCheckState(FlowColumn, Qt::Unchecked);
            flow->setData(FlowColumn, kRunIdRole, QVariant());
            flow->setDisabled(true);
            flow->setToolTip(FlowColumn, tr("Cleared from the charts; open the capture again to draw it."));
        }
    }
}

void CapturePanel::open(const QString &path)
{
    m_queue.append(path);
    if (!m_loader->isBusy())
        startNext();
}

void CapturePanel::openForRun(const QString &path, double durationS, const QString &runName)
{
    Alignment alignment;
    alignment.durationS = durationS;
    alignment.runName = runName;
    m_alignments.insert(path, alignment);
    open(path);
}

void CapturePanel::cancel()
{
    m_queue.clear();
    m_loader->cancel();
}

bool CapturePanel::isBusy() const
{
    return m_loader->isBusy() || !m_queue.isEmpty();
}

void CapturePanel::startNext()
{
    if (m_queue.isEmpty()) {
        m_progress->hide();
        m_cancel->hide();
        return;
    }
    const QString path = m_queue.takeFirst();
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_status->setText(tr("Analysing %1...").arg(QFileInfo(path).fileName()));
    m_loader->load(path);
}

void CapturePanel::onLoaded(const QString &path, std::shared_ptr<const CaptureAnalysis> analysis)
{
    // Opening the same file again replaces its flows.
    for (int id : m_runsOf.take(path))
        m_chart->removeRun(id);
    for (int i = m_tree->topLevelItemCount() - 1; i >= 0; --i)
        if (m_tree->topLevelItem(i)->data(FlowColumn, Qt::UserRole).toString() == path)
            delete m_tree->takeTopLevelItem(i);

    const QString name = QFileInfo(path).fileName();
    const QSignalBlocker block(m_tree);
    auto *top = new QTreeWidgetItem(m_tree);
    top->setText(FlowColumn, tr("%1 (%2 flows, %3 s, %4 malformed)")
                                 .arg(name)
                                 .arg(analysis->flows.size())
                                 .arg(QLocale().toString(analysis->duration_s, 'f', 1))
                                 .arg(analysis->malformed));
    top->setData(FlowColumn, CaptureFlowMenu::kPathRole, path);
    top->setText(PacketsColumn, QString::number(analysis->packets));
    top->setToolTip(FlowColumn, path);

    Alignment alignment;
    // A run's samples start when its data connection opens (after the lab is ready): so does
    // its overlay, from the first packet of the largest flow.
    if (const auto it = m_alignments.constFind(path); it != m_alignments.constEnd()) {
        alignment = *it;
        alignment.shiftS = analysis->flows.empty() ? 0 : -analysis->flows.front().first_time_s;
    }
    QList<int> runs;
    const int count = std::min<int>(int(analysis->flows.size()), kMaxFlows);
    const std::int64_t largest = analysis->flows.empty() ? 0 : payloadOf(analysis->flows.front());
    for (int f = 0; f < count; ++f) {
        const FlowAnalysis &flow = analysis->flows[size_t(f)];
        // The agent's control connection carries a few hundred bytes beside the data: it is not
        // the traffic under test and would draw a diagonal RTT line across the chart.
        const bool control = count > 1 && payloadOf(flow) * 100 < largest;
        const int id = addFlow(top, name, flow, f, analysis->interval_s, !control && f < kShownFlows, alignment);
        if (control)
            markControl(top->child(top->childCount() - 1));
        runs.append(id);
    }
    top->setExpanded(true);
    m_runsOf.insert(path, runs);
    m_chart->resetZoom();

    QString status = tr("%1: %2 packets, %3 TCP flows, %4 malformed packets.")
                         .arg(name)
                         .arg(analysis->packets)
                         .arg(analysis->flows.size())
                         .arg(analysis->malformed);
    if (analysis->flows.size() > size_t(kMaxFlows))
        status += QLatin1Char(' ') + tr("The %1 largest flows are listed.").arg(kMaxFlows);
    if (analysis->truncated)
        status += QLatin1Char(' ') + analysis->truncation_message;
    for (const QString &warning : analysis->warnings)
        status += QLatin1Char(' ') + warning;
    m_status->setText(status);
    Q_EMIT captureLoaded(path);
}

// One flow: its run in the chart and its row under TOP; returns the run's id.
int CapturePanel::addFlow(QTreeWidgetItem *top, const QString &name, const FlowAnalysis &flow, int index,
                          double interval, bool shown, const Alignment &alignment)
{
    const DirectionAnalysis &direction = dataDirection(flow);
    const QString source = alignment.runName.isEmpty() ? name : tr("%1 capture").arg(alignment.runName);
    // The legend has room for a short name only (the addresses were cut to "....18.2...."): the
    // capture and the flow's number there, its addresses in the tooltip and in this tab's row,
    // drawn in the same colour.
    const int id = m_chart->addRun(index == 0 ? source : tr("%1 · flow %2").arg(source).arg(index + 1));
    m_chart->setRunToolTip(id, QStringLiteral("%1 → %2").arg(flow.client.toString(), flow.server.toString()));
    QList<QPointF> rtt;
    rtt.reserve(qsizetype(direction.rtt.size()));
    for (const RttSample &s : direction.rtt)
        rtt.append(QPointF(s.time_s, s.rtt_s * 1000.0));
    QList<QPointF> inFlight;
    inFlight.reserve(qsizetype(direction.bytes_in_flight.size()));
    for (const SeriesPoint &p : direction.bytes_in_flight)
        inFlight.append(QPointF(p.time_s, double(p.value)));
    m_chart->setSeries(id, ChartMetric::Throughput,
                       aligned(throughputPoints(direction.intervals, interval), alignment));
    m_chart->setSeries(id, ChartMetric::Rtt, aligned(rtt, alignment));
    m_chart->setSeries(id, ChartMetric::BytesInFlight, aligned(inFlight, alignment));
    m_chart->setRunVisible(id, shown);
    m_chart->setRunPinned(id, true); // opened on purpose: a new sweep does not clear it

    auto *item = new QTreeWidgetItem(top);
    QString text = QStringLiteral("%1 → %2").arg(flow.client.toString(), flow.server.toString());
    if (!flow.via.isEmpty()) {
        text += QLatin1Char(' ') + tr("(via %1)").arg(flow.via);
        item->setToolTip(FlowColumn, tr("Tunnelled: %1").arg(flow.via));
    }
    item->setText(FlowColumn, text);
    item->setCheckState(FlowColumn, shown ? Qt::Checked : Qt::Unchecked);
    item->setData(FlowColumn, kRunIdRole, id);
    item->setData(FlowColumn, CaptureFlowMenu::kFilterRole, displayFilterOf(flow));
    item->setData(FlowColumn, CaptureFlowMenu::kFlowNumberRole, index + 1);
    item->setForeground(FlowColumn, m_chart->runColour(id));
    item->setText(PacketsColumn, QString::number(flow.packets));
    item->setText(BytesColumn, formatBytes(flow.totalBytes()));
    item->setText(RttColumn, direction.rtt_stats.count > 0
                                 ? tr("%1 ms (%2 samples)")
                                       .arg(QLocale().toString(direction.rtt_stats.median_ms, 'f', 2))
                                       .arg(direction.rtt_stats.count)
                                 : tr("none"));
    item->setText(RetransColumn, QString::number(flow.retransmissions()));
    return id;
}

void CapturePanel::markControl(QTreeWidgetItem *item)
{
    item->setText(FlowColumn, tr("%1 (control connection, not drawn)").arg(item->text(FlowColumn)));
    item->setToolTip(FlowColumn, tr("The agent's control connection: a few hundred bytes beside the data. "
                                    "Tick it to draw it anyway."));
    item->setForeground(FlowColumn, palette().brush(QPalette::Disabled, QPalette::Text));
}

void CapturePanel::onFailed(const QString &path, const QString &message)
{
    m_status->setText(tr("%1 could not be analysed: %2").arg(QFileInfo(path).fileName(), message));
    Q_EMIT captureFailed(path, message);
}

void CapturePanel::onItemChanged(QTreeWidgetItem *item, int column)
{
    if (column != FlowColumn || !item->data(FlowColumn, kRunIdRole).isValid())
        return;
    m_chart->setRunVisible(item->data(FlowColumn, kRunIdRole).toInt(), item->checkState(FlowColumn) == Qt::Checked);
}

void CapturePanel::onItemActivated(QTreeWidgetItem *item)
{
    if (const int flow = CaptureFlowMenu::flowNumber(item); flow > 0)
        openStreamGraph(CaptureFlowMenu::capturePath(item), flow);
}

// A window of its own: the graph wants the screen's width, beside the workbench, and several
// flows can be compared side by side.
StreamGraphView *CapturePanel::openStreamGraph(const QString &path, int flowNumber)
{
    auto *view = new StreamGraphView(path, flowNumber, this);
    view->setWindowFlag(Qt::Window);
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->resize(1100, 700);
    view->show();
    Q_EMIT streamGraphOpened(view);
    return view;
}

} // namespace tcptune
