#include "panels/run_control_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace tcptune {

namespace {

// The chunk's colour says how the plan ended; the text says it in words.
QString barStyle(RunControlPanel::Outcome outcome)
{
    switch (outcome) {
    case RunControlPanel::Outcome::Finished: return QStringLiteral("QProgressBar::chunk { background: #2e7d32; }");
    case RunControlPanel::Outcome::Cancelled: return QStringLiteral("QProgressBar::chunk { background: #ef8f00; }");
    case RunControlPanel::Outcome::Failed: return QStringLiteral("QProgressBar::chunk { background: #b00020; }");
    }
    return {};
}

} // namespace

RunControlPanel::RunControlPanel(QWidget *parent)
    : QWidget(parent)
    , m_run(new QPushButton(tr("&Run"), this))
    , m_stop(new QPushButton(tr("&Stop"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(tr("Ready."), this))
{
    m_run->setObjectName(QStringLiteral("runButton"));
    m_run->setToolTip(tr("Run the experiment (Ctrl+R)"));
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_stop->setToolTip(tr("Stop and restore every knob (Esc)"));
    m_stop->setEnabled(false);
    m_progress->setObjectName(QStringLiteral("runProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setAlignment(Qt::AlignCenter);
    // Nothing ran yet: no empty box that looks like a text field.
    m_progress->hide();
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_status->setWordWrap(true);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_run, 0, 0);
    layout->addWidget(m_stop, 0, 1);
    layout->addWidget(m_progress, 1, 0, 1, 2);
    layout->addWidget(m_status, 2, 0, 1, 2);

    connect(m_run, &QPushButton::clicked, this, &RunControlPanel::runRequested);
    connect(m_stop, &QPushButton::clicked, this, &RunControlPanel::stopRequested);
}

QString RunControlPanel::progressText() const
{
    return m_progress->text();
}

void RunControlPanel::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_stop->setEnabled(running);
    if (!running)
        return;
    m_done = 0;
    m_total = 0;
    m_failed = 0;
    m_fraction = 0;
    m_etaS = -1;
    m_progress->setStyleSheet(QString());
    m_progress->setValue(0);
    m_progress->setFormat(tr("starting..."));
    m_progress->show();
}

void RunControlPanel::setPlanProgress(int done, int total, double etaS)
{
    if (total <= 0)
        return;
    m_done = std::clamp(done, 0, total);
    m_total = total;
    m_fraction = 0;
    m_etaS = etaS;
    showProgress();
}

void RunControlPanel::setRunFraction(double fraction, double runS)
{
    if (m_total <= 0)
        return;
    m_fraction = std::clamp(fraction, 0.0, 1.0);
    m_runS = runS;
    showProgress();
}

void RunControlPanel::showProgress()
{
    const double share = (m_done + m_fraction) / m_total;
    m_progress->setValue(int(std::lround(share * 1000)));
    const int current = std::min(m_done + 1, m_total);
    if (m_etaS >= 0) {
        const double left = std::max(0.0, m_etaS - m_fraction * m_runS);
        m_progress->setFormat(tr("run %1 of %2, %3 s left").arg(current).arg(m_total).arg(std::lround(left)));
    } else {
        m_progress->setFormat(tr("run %1 of %2").arg(current).arg(m_total));
    }
}

void RunControlPanel::setOutcome(Outcome outcome)
{
    m_progress->show();
    // A plan that ran to its end with failed runs did not succeed: red, and it says how many.
    m_progress->setStyleSheet(barStyle(outcome == Outcome::Finished && m_failed > 0 ? Outcome::Failed : outcome));
    switch (outcome) {
    case Outcome::Finished:
        m_progress->setValue(1000);
        if (m_failed > 0 && m_total == 1)
            m_progress->setFormat(tr("finished: the run failed"));
        else if (m_failed > 0)
            m_progress->setFormat(tr("finished: %1 of %2 runs failed").arg(m_failed).arg(m_total));
        else
            m_progress->setFormat(tr("finished: %n run(s)", nullptr, m_total));
        break;
    case Outcome::Cancelled: m_progress->setFormat(tr("cancelled after %1 of %2 runs").arg(m_done).arg(m_total)); break;
    case Outcome::Failed: m_progress->setFormat(tr("failed after %1 of %2 runs").arg(m_done).arg(m_total)); break;
    }
}

void RunControlPanel::noteRunFailed()
{
    ++m_failed;
}

void RunControlPanel::setStatus(const QString &text)
{
    m_status->setText(text);
}

} // namespace tcptune
