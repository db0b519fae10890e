#include "diagnosis/verdict_panel.h"

#include "charts/limiter_chart.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "panels/fitting_label.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>

namespace tcptune {

VerdictPanel::VerdictPanel(QWidget *parent)
    : QWidget(parent)
    , m_verdict(new FittingLabel(this))
    , m_chart(new LimiterChart(this))
{
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_chart->setObjectName(QStringLiteral("limiterChart"));
    // The verdict scrolls when it is longer than its room (a long English verdict in a quarter of
    // 1024 px is seven lines): a label that always had its whole height raised the window's
    // minimum height past a 1024x700 screen. Three lines are always in view.
    auto *verdictArea = new QScrollArea(this);
    verdictArea->setObjectName(QStringLiteral("verdictArea"));
    verdictArea->setFrameShape(QFrame::NoFrame);
    verdictArea->setWidgetResizable(true);
    verdictArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    verdictArea->setWidget(m_verdict);
    verdictArea->setMinimumHeight(3 * m_verdict->fontMetrics().lineSpacing() + 4);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The chart names each bar's run with its share of application-limited time on its left,
    // and QtCharts gives those names at most 0.4 of its width ("#2 (anwendungsbegr..." at 3/5 of
    // the row): it gets three quarters.
    layout->addWidget(verdictArea, 1);
    layout->addWidget(m_chart, 3);
    clear();
}

void VerdictPanel::addRun(const QString &label, const RunRecord &run)
{
    if (run.status != RunStatus::Ok)
        return;
    m_verdict->setText(run.verdict.isEmpty() ? tr("%1: no verdict (nothing was measured at the ends).").arg(label)
                                             : tr("%1: %2").arg(label, run.verdict));
    m_chart->addBar({label, run.limiters, writerAlwaysHasData(run)});
    m_chart->setVisible(true);
}

void VerdictPanel::clear()
{
    m_verdict->setText(tr("After each run its verdict appears here: what held the flow back, from the kernel's "
                          "counters at both ends."));
    m_chart->setBars({});
    m_chart->setVisible(false);
}

QString VerdictPanel::verdictText() const
{
    return m_verdict->text();
}

} // namespace tcptune
