#pragma once
// View > Throughput unit: Mbit/s, Gbit/s or MB/s (iperf3's -f m, g, M), one at a time. The
// choice is kept in the settings and handed to whoever shows throughput (charts, sweep, History)
// at once, so what is on screen changes with it.

#include "common/throughput_unit.h"

#include <QObject>

class QAction;
class QActionGroup;
class QMainWindow;

namespace tcptune {

class ThroughputUnitMenu final : public QObject {
    Q_OBJECT
public:
    // Adds the submenu to WINDOW's View menu (made when it has none), ticked as the settings say.
    explicit ThroughputUnitMenu(QMainWindow *window);

    ThroughputUnit unit() const { return m_unit; }
    // The action that chooses UNIT (tests trigger it as a user would).
    QAction *actionFor(ThroughputUnit unit) const;

Q_SIGNALS:
    void unitChanged(tcptune::ThroughputUnit unit);

private:
    void choose(ThroughputUnit unit);

    QActionGroup *m_group;
    ThroughputUnit m_unit;
};

} // namespace tcptune
