#include "panels/run_control_panel.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace tcptune {

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
    m_progress->setFormat(QString());
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

void RunControlPanel::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_stop->setEnabled(running);
    if (running) {
        m_progress->setValue(0);
        m_progress->setFormat(tr("starting..."));
    } else {
        m_progress->setFormat(tr("done"));
    }
}

void RunControlPanel::setProgress(int done, int total, double fraction, double etaS)
{
    if (total <= 0)
        return;
    const double share = (done + std::clamp(fraction, 0.0, 1.0)) / total;
    m_progress->setValue(int(std::lround(share * 1000)));
    if (etaS >= 0)
        m_progress->setFormat(
            tr("run %1 of %2, %3 s left").arg(std::min(done + 1, total)).arg(total).arg(std::lround(etaS)));
    else
        m_progress->setFormat(tr("run %1 of %2").arg(std::min(done + 1, total)).arg(total));
}

void RunControlPanel::setStatus(const QString &text)
{
    m_status->setText(text);
}

} // namespace tcptune
