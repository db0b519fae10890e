#pragma once
// The status bar's "Runs waiting for the server: 3": the runs a sweep kept in the outbox while
// the PostgreSQL store did not answer, until `tcptune results sync` uploads them. Hidden when
// none waits; read again every few seconds, as a sweep in another process may add some.

#include <QLabel>

class QTimer;

namespace tcptune {

class OutboxStatus final : public QLabel {
    Q_OBJECT
public:
    explicit OutboxStatus(QWidget *parent = nullptr);

    // Reads the outbox now.
    void refresh();

private:
    QTimer *m_timer;
};

} // namespace tcptune
