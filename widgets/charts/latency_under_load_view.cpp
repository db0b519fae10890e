#include "charts/latency_under_load_view.h"

#include "charts/latency_under_load_chart.h"
#include "history/under_load_summary.h"

#include <QChartView>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tcptune {

LatencyUnderLoadView::LatencyUnderLoadView(QWidget *parent)
    : QWidget(parent)
    , m_charts(new QHBoxLayout)
    , m_summary(new QLabel(this))
{
    setObjectName(QStringLiteral("latencyUnderLoadView"));
    m_summary->setObjectName(QStringLiteral("latencyUnderLoadSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setContentsMargins(8, 0, 8, 4); // off the window's edge, as the charts' own margins
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_charts->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_charts, 1);
    layout->addWidget(m_summary);
    setMinimumHeight(260);
    hide();
}

LatencyUnderLoadView::~LatencyUnderLoadView()
{
    clear();
}

void LatencyUnderLoadView::setRun(const LatencyUnderLoad &result, const QList<RunSample> &samples)
{
    clear();
    if (!result.measured)
        return;
    using Kind = LatencyUnderLoadChart::Kind;
    m_timeSeries = std::make_unique<LatencyUnderLoadChart>(result, samples, Kind::TimeSeries);
    m_cdf = std::make_unique<LatencyUnderLoadChart>(result, samples, Kind::Cdf);
    m_timeSeriesView = viewOf(*m_timeSeries, QStringLiteral("latencyUnderLoadTimeSeries"));
    m_cdfView = viewOf(*m_cdf, QStringLiteral("latencyUnderLoadCdf"));
    // Half each: the CDF's legend names both medians, the time series' six short entries.
    m_charts->addWidget(m_timeSeriesView, 1);
    m_charts->addWidget(m_cdfView, 1);
    m_summary->setText(UnderLoadSummary::line(result));
    show();
}

void LatencyUnderLoadView::clear()
{
    // A view deletes the chart it took into its scene: the views go, then the charts' owners,
    // which no longer hold them in their scenes.
    delete m_timeSeriesView;
    delete m_cdfView;
    m_timeSeriesView = nullptr;
    m_cdfView = nullptr;
    m_timeSeries.reset();
    m_cdf.reset();
    m_summary->clear();
    hide();
}

QString LatencyUnderLoadView::summaryText() const
{
    return m_summary->text();
}

QChartView *LatencyUnderLoadView::viewOf(LatencyUnderLoadChart &chart, const QString &name)
{
    auto *view = new QChartView(chart.qchart(), this);
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setMinimumSize(280, 220);
    return view;
}

} // namespace tcptune
