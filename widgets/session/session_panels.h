#pragma once
// The parts of the workbench window that a session is made of, as the window hands them over.
// session/ sits below the window (the window includes it to build its File menu), so it is given
// the panels, not the window's class.

class QMainWindow;

namespace tcptune {

class KnobPanel;
class RunnerThread;
class SweepPanel;
class TargetPanel;
class ThroughputRttView;
class WorkloadPanel;

struct SessionPanels {
    QMainWindow *window = nullptr; // its title, modified marker and status bar
    TargetPanel *target = nullptr;
    WorkloadPanel *workload = nullptr;
    KnobPanel *knobs = nullptr;
    SweepPanel *sweep = nullptr;
    ThroughputRttView *charts = nullptr;
    RunnerThread *runner = nullptr; // no session is opened while it runs
};

} // namespace tcptune
