#include "settings/outbox_status.h"

#include "experiment/store/outbox.h"
#include "experiment/store/result_store.h"

#include <QTimer>

namespace tcptune {

namespace {
constexpr int kRefreshMs = 10000;
} // namespace

OutboxStatus::OutboxStatus(QWidget *parent)
    : QLabel(parent)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("outboxStatus"));
    connect(m_timer, &QTimer::timeout, this, &OutboxStatus::refresh);
    m_timer->start(kRefreshMs);
    refresh();
}

void OutboxStatus::refresh()
{
    const QString path = ResultStore::outboxPath();
    const int waiting = Outbox::waitingRuns(path);
    setVisible(waiting > 0);
    setText(tr("Runs waiting for the server: %1").arg(waiting));
    setToolTip(tr("Kept in %1 while the result store did not answer; 'tcptune results sync' uploads them.").arg(path));
}

} // namespace tcptune
