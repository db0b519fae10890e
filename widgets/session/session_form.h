#pragma once
// A workbench window's state as a WorkbenchSession and back: the Target and Workload panels'
// fields, the knobs set by hand (the local end's as the table shows them, the far end's edits),
// the Sweep tab's fields and the lines on the charts. Applying one changes nothing on the system:
// the local knobs wait in the Knobs tab for the next run.

#include "common/error.h"
#include "session/session_panels.h"
#include "session/workbench_session.h"

#include <QCoreApplication>

namespace tcptune {

class SessionForm final {
    Q_DECLARE_TR_FUNCTIONS(SessionForm)
public:
    // Fails naming the field to fix when a panel holds a mistake. CHARTS: with the charts' lines.
    [[nodiscard]] static Result<WorkbenchSession> collect(const SessionPanels &panels, bool charts = true);
    static void apply(const SessionPanels &panels, const WorkbenchSession &session);
    // The Sweep tab's fields only (what a restart brings back beside the panels' own settings).
    static SessionSweep sweepOf(const SessionPanels &panels);
    static void applySweep(const SessionPanels &panels, const SessionSweep &sweep);
    // The status line after opening SESSION from FILE_NAME: what came back, and that no knob
    // changed on the system.
    static QString openedText(const WorkbenchSession &session, const QString &fileName);
};

} // namespace tcptune
