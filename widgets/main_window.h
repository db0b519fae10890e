#pragma once
// The workbench window: composes the panels, the charts and the tabs (knobs, captures, history,
// sweep, tune) and wires them to a RunnerThread; the work itself lives in those widgets and backends.
// It owns the window's one HelperConnection, which the knob panel, runs, sweeps and the lab
// share: one password prompt and one journal per window.

#include <QMainWindow>

#include <functional>
#include <memory>

class QAction;
class QScrollArea;
class QSplitter;
class QTabWidget;

namespace tcptune {

class CapturePanel;
class RunCaptureList;
class CrashRecovery;
class HelperConnection;
class HistoryPanel;
class KnobPanel;
class MessageBanner;
class RunControlPanel;
class RunnerThread;
class SessionActions;
class SweepPanel;
class TunePanel;
class VerdictPanel;
class LatencyUnderLoadView;
class LiveUnderLoad;
class TargetPanel;
class ThroughputUnitMenu;
class ThroughputRttView;
class WorkloadPanel;
struct ExperimentSpec;
struct RunRecord;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Tests point it at their helper and journal folder before anything starts it.
    HelperConnection *helper() const { return m_helper.get(); }
    KnobPanel *knobPanel() const { return m_knobPanel; }
    TargetPanel *targetPanel() const { return m_targetPanel; }
    WorkloadPanel *workloadPanel() const { return m_workloadPanel; }
    RunControlPanel *runControl() const { return m_runControl; }
    ThroughputRttView *chartView() const { return m_chart; }
    MessageBanner *banner() const { return m_banner; }
    RunnerThread *runner() const { return m_runner; }
    CapturePanel *capturePanel() const { return m_capturePanel; }
    RunCaptureList *runCaptures() const { return m_runCaptures; }
    QWidget *capturePage() const { return m_capturePage; }
    HistoryPanel *historyPanel() const { return m_historyPanel; }
    SweepPanel *sweepPanel() const { return m_sweepPanel; }
    TunePanel *tunePanel() const { return m_tunePanel; }
    VerdictPanel *verdictPanel() const { return m_verdictPanel; }
    LatencyUnderLoadView *underLoadView() const { return m_underLoadView; }
    QTabWidget *tabs() const { return m_tabs; }
    CrashRecovery *recovery() const { return m_recovery; }
    SessionActions *session() const { return m_session; }
    ThroughputUnitMenu *throughputUnitMenu() const { return m_unitMenu; }

    // The spec the panels describe now; an error names the field to fix.
    bool currentSpec(ExperimentSpec &spec, QString *problem) const;

public Q_SLOTS:
    void startRun();
    void stopRun();
    void openCapture();
    void openCaptureFile(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // The Links group's Yes to a host device's change, for the runs (RunnerOptions).
    void passHostConfirmation();
    // The spec the Sweep and Tune tabs start from (the panels', the Links group's Yes passed on).
    std::function<bool(ExperimentSpec &, QString *)> planSpec();
    void buildMenus();
    void buildTabs();
    QWidget *buildChartArea();
    QScrollArea *scrollingUpAndDown(QWidget *content);
    QWidget *buildCapturePage();
    void connectRunner();
    void showDiagnosis(int chartRun, const RunRecord &run);
    void onRunnerStopped();
    QString stoppedStatus() const;
    void saveSettings() const;
    void restoreSettings();
    void offerLeftoverLabRemoval();
    void warnWhenRoot();

    void removeLeftoverLabs(const QStringList &names);
    enum class CloseChoice { StopAndClose, CloseWhenDone, KeepOpen };
    CloseChoice askBeforeClosingDuringRun();

    std::unique_ptr<HelperConnection> m_helper; // first: everything below uses it
    MessageBanner *m_banner;
    ThroughputRttView *m_chart;
    TargetPanel *m_targetPanel;
    WorkloadPanel *m_workloadPanel;
    KnobPanel *m_knobPanel;
    RunControlPanel *m_runControl;
    CapturePanel *m_capturePanel = nullptr;
    RunCaptureList *m_runCaptures = nullptr;
    QWidget *m_capturePage = nullptr;
    HistoryPanel *m_historyPanel = nullptr;
    SweepPanel *m_sweepPanel = nullptr;
    TunePanel *m_tunePanel = nullptr;
    VerdictPanel *m_verdictPanel = nullptr;
    LatencyUnderLoadView *m_underLoadView = nullptr;
    LiveUnderLoad *m_liveUnderLoad = nullptr;
    QTabWidget *m_tabs;
    QSplitter *m_mainSplitter;
    QSplitter *m_rightSplitter;
    RunnerThread *m_runner;
    CrashRecovery *m_recovery = nullptr;
    SessionActions *m_session = nullptr;
    ThroughputUnitMenu *m_unitMenu = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    bool m_closeWhenStopped = false; // the user closed during a run: close once it has stopped
};

} // namespace tcptune
