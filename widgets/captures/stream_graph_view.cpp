#include "captures/stream_graph_view.h"

#include "capture/packet_details.h"
#include "panels/background_call.h"
#include "captures/packet_details_text.h"
#include "charts/stream_graph_chart_view.h"
#include "experiment/store/result_store.h"
#include "history/run_capture_overlay.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace tcptune {
namespace {

// The GUI keeps a large flow whole, as the Captures tab does; still a cap.
constexpr std::int64_t kMemoryLimit = 512LL << 20;

qint64 retransmissionsOf(const StreamSegments &s)
{
    return std::count_if(s.marks.begin(), s.marks.end(),
                         [](std::uint8_t m) { return (m & streammark::Retransmission) != 0; });
}

} // namespace

StreamGraphView::StreamGraphView(const QString &path, int flowNumber, QWidget *parent)
    : QWidget(parent)
    , m_path(path)
    , m_flowNumber(flowNumber)
    , m_kind(new QComboBox(this))
    , m_direction(new QComboBox(this))
    , m_reset(new QPushButton(tr("&Reset zoom"), this))
    , m_chart(new StreamGraphChartView(this))
    , m_details(new QPlainTextEdit(this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("TCP stream graph: %1, flow %2").arg(QFileInfo(path).fileName()).arg(flowNumber));
    m_kind->setObjectName(QStringLiteral("streamGraphKind"));
    // In the order of StreamGraphKind.
    m_kind->addItems({tr("Time-sequence (tcptrace)"), tr("Bytes in flight"), tr("RTT"), tr("Throughput")});
    m_direction->setObjectName(QStringLiteral("streamGraphDirection"));
    m_direction->addItems({tr("Client → server"), tr("Server → client")});
    m_reset->setObjectName(QStringLiteral("streamGraphResetZoom"));
    m_reset->setToolTip(tr("The whole graph again (also a double-click on the graph, or Home)."));
    m_details->setObjectName(QStringLiteral("packetDetails"));
    m_details->setReadOnly(true);
    m_details->setPlaceholderText(tr("Click a segment to see its packet."));
    m_status->setObjectName(QStringLiteral("streamGraphStatus"));
    m_status->setWordWrap(true);

    auto *controls = new QHBoxLayout;
    auto *kindLabel = new QLabel(tr("&Graph:"), this);
    kindLabel->setBuddy(m_kind);
    auto *directionLabel = new QLabel(tr("&Direction:"), this);
    directionLabel->setBuddy(m_direction);
    controls->addWidget(kindLabel);
    controls->addWidget(m_kind);
    controls->addWidget(directionLabel);
    controls->addWidget(m_direction);
    controls->addWidget(m_reset);
    controls->addStretch(1);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 1);
    splitter->setSizes({800, 300});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);

    // A window of its own beside the workbench: closed from the keyboard as other tool windows are.
    auto *close = new QShortcut(QKeySequence::Close, this);
    close->setContext(Qt::WindowShortcut);
    connect(close, &QShortcut::activated, this, &QWidget::close);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &StreamGraphView::showKind);
    connect(m_direction, &QComboBox::currentIndexChanged, this, &StreamGraphView::load);
    connect(m_reset, &QPushButton::clicked, m_chart, &StreamGraphChartView::resetZoom);
    connect(m_chart, &StreamGraphChartView::segmentClicked, this, &StreamGraphView::showSegment);
    load();
}

QString StreamGraphView::detailsText() const
{
    return m_details->toPlainText();
}

QString StreamGraphView::statusText() const
{
    return m_status->text();
}

StreamDirection StreamGraphView::direction() const
{
    return m_direction->currentIndex() == 1 ? StreamDirection::ServerToClient : StreamDirection::ClientToServer;
}

void StreamGraphView::load()
{
    const int request = ++m_graphRequest;
    m_graph.reset();
    m_chart->clearGraph();
    m_details->clear();
    m_status->setText(tr("Reading flow %1 of %2...").arg(m_flowNumber).arg(QFileInfo(m_path).fileName()));
    runInBackground(
        this,
        [path = m_path, flow = m_flowNumber, towards = direction(), store = ResultStore::defaultPath()] {
            AnalysisOptions options;
            options.memory_limit_bytes = kMemoryLimit;
            auto graph = readStreamGraph(path, flow, towards, options);
            // A capture a run recorded: that run's TCP_INFO over the bytes in flight.
            if (graph)
                attachRunTcpInfo(*graph, path, store);
            return graph;
        },
        [this, request](Result<StreamGraph> result) {
            if (request == m_graphRequest)
                onLoaded(std::move(result));
        });
}

void StreamGraphView::onLoaded(Result<StreamGraph> result)
{
    if (!result) {
        m_status->setText(tr("The stream graph could not be read: %1 Open the capture again from the Captures tab, "
                             "or check it with 'tcptune analyze FILE'.")
                              .arg(result.error().message));
        Q_EMIT graphFailed(result.error().message);
        return;
    }
    m_graph = std::make_shared<const StreamGraph>(std::move(*result));
    showKind();
    QString status = tr("%1 segments, %2 ACKs, %3 retransmissions. Drag a rectangle to zoom, drag with the right "
                        "button or press the arrow keys to pan, double-click or Home for the whole graph; click a "
                        "segment for its packet.")
                         .arg(m_graph->segments.size())
                         .arg(m_graph->acks.size())
                         .arg(retransmissionsOf(m_graph->segments));
    if (m_graph->tcp_info)
        status += QLatin1Char(' ') +
                  tr("The bytes in flight graph also shows the TCP_INFO of the run that recorded this capture.");
    if (m_graph->tcp_info && !m_graph->tcp_info->limiter_spans.empty())
        status += QLatin1Char(' ') + tr("The shaded spans show what held that run's sender back.");
    if (m_graph->truncated)
        status += QLatin1Char(' ') + m_graph->truncation_message;
    m_status->setText(status);
    Q_EMIT graphShown();
}

void StreamGraphView::showKind()
{
    if (m_graph)
        m_chart->showGraph(*m_graph, StreamGraphKind(m_kind->currentIndex()));
}

void StreamGraphView::showSegment(std::size_t segment)
{
    if (!m_graph || segment >= m_graph->segments.size())
        return;
    const std::int64_t frame = m_graph->segments.frame[segment];
    const int request = ++m_detailsRequest;
    m_details->setPlainText(tr("Reading frame %1...").arg(frame));
    runInBackground(
        this, [path = m_path, frame] { return readPacketDetails(path, frame); },
        [this, request, segment, shown = m_graph](Result<PacketDetails> details) {
            if (request == m_detailsRequest && shown == m_graph)
                onDetails(segment, std::move(details));
        });
}

void StreamGraphView::onDetails(std::size_t segment, Result<PacketDetails> details)
{
    if (!details) {
        m_details->setPlainText(tr("The packet could not be read: %1").arg(details.error().message));
        return;
    }
    m_details->setPlainText(PacketDetailsText::of(*details, *m_graph, segment));
    Q_EMIT detailsShown(details->frame);
}

} // namespace tcptune
