#include "diagnosis/verdict_panel.h"

#include "charts/limiter_chart.h"

#include <QHBoxLayout>
#include <QLabel>

namespace tcptune {

VerdictPanel::VerdictPanel(QWidget *parent)
    : QWidget(parent)
    , m_verdict(new QLabel(this))
    , m_chart(new LimiterChart(this))
{
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_chart->setObjectName(QStringLiteral("limiterChart"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The chart lists its parts beside the bars: it gets the larger share.
    layout->addWidget(m_verdict, 2);
    layout->addWidget(m_chart, 3);
    clear();
}

void VerdictPanel::addRun(const QString &label, const RunRecord &run)
{
    if (run.status != RunStatus::Ok)
        return;
    m_verdict->setText(run.verdict.isEmpty() ? tr("%1: no verdict (nothing was measured at the ends).").arg(label)
                                             : tr("%1: %2").arg(label, run.verdict));
    m_chart->addBar({label, run.limiters});
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
