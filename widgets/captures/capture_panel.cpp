#include "captures/capture_panel.h"

#include "capture/capture_loader.h"
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
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_status(new QLabel(tr("Open a pcap or pcapng file (Ctrl+O) or drop one on the window."), this))
{
    m_tree->setObjectName(QStringLiteral("captureTree"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels(
        {tr("Capture / flow"), tr("Packets"), tr("Bytes"), tr("RTT median"), tr("Retransmissions")});
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
}

void CapturePanel::open(const QString &path)
{
    m_queue.append(path);
    if (!m_loader->isBusy())
        startNext();
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
    QSignalBlocker block(m_tree);
    auto *top = new QTreeWidgetItem(m_tree);
    top->setText(FlowColumn, tr("%1 (%2 flows, %3 s, %4 malformed)")
                                 .arg(name)
                                 .arg(analysis->flows.size())
                                 .arg(analysis->duration_s, 0, 'f', 1)
                                 .arg(analysis->malformed));
    top->setData(FlowColumn, Qt::UserRole, path);
    top->setText(PacketsColumn, QString::number(analysis->packets));
    top->setToolTip(FlowColumn, path);

    QList<int> runs;
    const int count = std::min<int>(int(analysis->flows.size()), kMaxFlows);
    for (int f = 0; f < count; ++f)
        runs.append(addFlow(top, name, analysis->flows[size_t(f)], analysis->interval_s, f < kShownFlows));
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
int CapturePanel::addFlow(QTreeWidgetItem *top, const QString &name, const FlowAnalysis &flow, double interval,
                          bool shown)
{
    const DirectionAnalysis &data = dataDirection(flow);
    const int id =
        m_chart->addRun(QStringLiteral("%1: %2 → %3").arg(name, flow.client.toString(), flow.server.toString()));
    QList<QPointF> rtt;
    rtt.reserve(qsizetype(data.rtt.size()));
    for (const RttSample &s : data.rtt)
        rtt.append(QPointF(s.time_s, s.rtt_s * 1000.0));
    QList<QPointF> inFlight;
    inFlight.reserve(qsizetype(data.bytes_in_flight.size()));
    for (const SeriesPoint &p : data.bytes_in_flight)
        inFlight.append(QPointF(p.time_s, double(p.value)));
    m_chart->setSeries(id, ChartMetric::Throughput, throughputPoints(data.intervals, interval));
    m_chart->setSeries(id, ChartMetric::Rtt, rtt);
    m_chart->setSeries(id, ChartMetric::BytesInFlight, inFlight);
    m_chart->setRunVisible(id, shown);

    auto *item = new QTreeWidgetItem(top);
    QString text = QStringLiteral("%1 → %2").arg(flow.client.toString(), flow.server.toString());
    if (!flow.via.isEmpty()) {
        text += QLatin1Char(' ') + tr("(via %1)").arg(flow.via);
        item->setToolTip(FlowColumn, tr("Tunnelled: %1").arg(flow.via));
    }
    item->setText(FlowColumn, text);
    item->setCheckState(FlowColumn, shown ? Qt::Checked : Qt::Unchecked);
    item->setData(FlowColumn, kRunIdRole, id);
    item->setForeground(FlowColumn, m_chart->runColour(id));
    item->setText(PacketsColumn, QString::number(flow.packets));
    item->setText(BytesColumn, formatBytes(flow.totalBytes()));
    item->setText(RttColumn,
                  data.rtt_stats.count > 0
                      ? tr("%1 ms (%2 samples)").arg(data.rtt_stats.median_ms, 0, 'f', 2).arg(data.rtt_stats.count)
                      : tr("none"));
    item->setText(RetransColumn, QString::number(flow.retransmissions()));
    return id;
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

} // namespace tcptune
