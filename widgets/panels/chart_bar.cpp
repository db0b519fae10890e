#include "panels/chart_bar.h"

#include "charts/throughput_rtt_view.h"
#include "experiment/run/runner_thread.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace tcptune {

ChartBar::ChartBar(ThroughputRttView *chart, RunnerThread *runner, QWidget *parent)
    : QWidget(parent)
    , m_chart(chart)
    , m_runner(runner)
    , m_extra(new QComboBox(this))
    , m_clear(new QPushButton(tr("Clear charts"), this))
    , m_keep(new QPushButton(tr("Keep runs"), this))
{
    m_extra->setObjectName(QStringLiteral("extraMetric"));
    // Its longest choice is wider than the bar has room for at 1024x700; the list shows it whole.
    m_extra->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_extra->setMinimumContentsLength(14);
    m_extra->addItem(tr("no extra series"), -1);
    for (ChartMetric metric :
         {ChartMetric::Cwnd, ChartMetric::Retransmits, ChartMetric::BytesInFlight, ChartMetric::SndbufLimited,
          ChartMetric::RwndLimited, ChartMetric::CwndLimited, ChartMetric::AppLimited, ChartMetric::QueueBacklog})
        m_extra->addItem(ThroughputRttView::metricName(metric), int(metric));
    connect(m_extra, &QComboBox::currentIndexChanged, this, [this] {
        const int metric = m_extra->currentData().toInt();
        m_chart->setExtraMetric(metric < 0 ? std::nullopt : std::optional<ChartMetric>(ChartMetric(metric)));
    });
    auto *reset = new QPushButton(tr("Reset zoom"), this);
    connect(reset, &QPushButton::clicked, m_chart, &ThroughputRttView::resetZoom);
    m_clear->setObjectName(QStringLiteral("clearCharts"));
    connect(m_clear, &QPushButton::clicked, this, [this] {
        m_chart->clear();
        Q_EMIT cleared();
    });
    m_keep->setObjectName(QStringLiteral("keepRuns"));
    m_keep->setCheckable(true);
    m_keep->setToolTip(tr("Off: a new sweep clears the charts (runs ticked in History and captures stay). "
                          "On: every run stays until Clear charts."));
    // Two short lines, broken where the translation breaks them, in a smaller type: the bar keeps
    // its height and the hint its text (wrapped by the label at whatever width was left, it lost
    // its first and last line at 1280x800 in German).
    m_hint = new QLabel(tr("Wheel: zoom, drag: pan,\ndouble-click: follow"), this);
    m_hint->setObjectName(QStringLiteral("chartHint"));
    m_hint->setEnabled(false);
    if (QFont small = m_hint->font(); small.pointSizeF() > 0) {
        small.setPointSizeF(small.pointSizeF() * 0.85);
        m_hint->setFont(small);
    }
    m_hint->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);

    // On a narrow window (1024x700) the hint gives way to the buttons; the bar's tooltip keeps it.
    m_hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    setToolTip(m_hint->text());

    auto *bar = new QHBoxLayout(this);
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Extra:"), this));
    bar->addWidget(m_extra);
    bar->addWidget(reset);
    bar->addWidget(m_clear);
    bar->addWidget(m_keep);
    bar->addWidget(m_hint, 1);
    connect(m_runner, &RunnerThread::begun, this, &ChartBar::onRunnerBegun);
}

void ChartBar::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (!m_hint || !layout())
        return;
    // Shown only whole: the buttons take what they need, the hint what is left if it fits there.
    int others = 0;
    for (QWidget *w : findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        if (w != m_hint && !w->isHidden())
            others += w->sizeHint().width() + layout()->spacing();
    m_hint->setVisible(width() - others >= m_hint->sizeHint().width());
}

void ChartBar::onRunnerBegun()
{
    // Single runs pile up to be compared; a sweep brings its own set of runs.
    if (m_keep->isChecked() || m_runner->plan().points().size() <= 1)
        return;
    m_chart->clearUnpinned();
    Q_EMIT cleared();
}

} // namespace tcptune
