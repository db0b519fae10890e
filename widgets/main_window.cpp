#include "main_window.h"

#include "captures/capture_panel.h"
#include "captures/run_capture_list.h"
#include "charts/latency_under_load_view.h"
#include "charts/run_samples.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/verdict_panel.h"
#include "experiment/record/experiment_name.h"
#include "experiment/record/run_configuration.h"
#include "experiment/record/run_record.h"
#include "experiment/run/runner_thread.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/store/result_store.h"
#include "export/export_actions.h"
#include "helper/helper_connection.h"
#include "history/history_panel.h"
#include "history/stored_run_names.h"
#include "knobs/crash_recovery.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_target_binder.h"
#include "knobs/link_group.h"
#include "knobs/pending_knobs_note.h"
#include "lab/lab_manager.h"
#include "lab/lab_requests.h"
#include "panels/chart_bar.h"
#include "panels/file_dialogs.h"
#include "panels/help_menu.h"
#include "panels/live_run_charts.h"
#include "panels/live_under_load.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "panels/target_panel.h"
#include "panels/throughput_unit_menu.h"
#include "panels/workload_panel.h"
#include "session/session_actions.h"
#include "settings/settings_menu.h"
#include "sweep/sweep_panel.h"
#include "tune/tune_panel.h"

#include <QApplication>
#include <QScreen>
#include <QCloseEvent>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <unistd.h>

namespace tcptune {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_helper(std::make_unique<HelperConnection>())
    , m_banner(new MessageBanner(this))
    , m_chart(new ThroughputRttView(this))
    , m_targetPanel(new TargetPanel(this))
    , m_workloadPanel(new WorkloadPanel(this))
    , m_knobPanel(new KnobPanel(m_helper.get(), this))
    , m_runControl(new RunControlPanel(this))
    , m_tabs(new QTabWidget(this))
    , m_mainSplitter(new QSplitter(Qt::Horizontal, this))
    , m_rightSplitter(new QSplitter(Qt::Vertical, this))
    , m_runner(new RunnerThread(*m_helper, this))
{
    setWindowTitle(tr("tcptune — TCP tuning workbench"));
    setAcceptDrops(true);

    // Left: what to run and the Run button; scrolls when the window is small.
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(m_targetPanel);
    leftLayout->addWidget(m_workloadPanel);
    leftLayout->addWidget(m_runControl);
    leftLayout->addStretch(1);
    QScrollArea *scroll = scrollingUpAndDown(left);

    buildTabs();

    m_rightSplitter->setObjectName(QStringLiteral("rightSplitter"));
    m_rightSplitter->addWidget(buildChartArea());
    m_rightSplitter->addWidget(m_tabs);
    m_rightSplitter->setStretchFactor(0, 3);
    m_rightSplitter->setStretchFactor(1, 2);

    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->addWidget(scroll);
    // The charts and the tabs scroll too when the screen is lower than they need (1024x700 with
    // A/B of three runs open in History): the window stays on the screen, nothing is squeezed.
    QScrollArea *right = scrollingUpAndDown(m_rightSplitter);
    right->setObjectName(QStringLiteral("rightScroll"));
    right->setFrameShape(QFrame::NoFrame);
    m_mainSplitter->addWidget(right);
    m_mainSplitter->setStretchFactor(1, 1);

    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(4, 4, 4, 4);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_mainSplitter, 1);
    setCentralWidget(central);

    buildMenus();
    new ExportActions(this); // File > Export and the charts' context menus
    new SettingsMenu(this);  // File > Settings...
    new HelpMenu(this);
    connectRunner();
    connect(m_runControl, &RunControlPanel::runRequested, this, &MainWindow::startRun);
    connect(m_runControl, &RunControlPanel::stopRequested, this, &MainWindow::stopRun);
    statusBar()->showMessage(tr("Ready. Ctrl+R runs, Esc stops, Ctrl+O opens a capture."));
    warnWhenRoot();
    // 1400 x 860 where it fits; on a smaller screen (1280 x 800) the screen's available size.
    const QSize available = screen() ? screen()->availableSize() : QSize(1400, 860);
    resize(std::min(1400, available.width()), std::min(860, available.height()));
    restoreSettings();
    m_session->watchForm(); // from here on, an edit marks the window modified
    // What a crashed session left changed comes first; the left-over lab offer after it.
    m_recovery = new CrashRecovery(m_helper.get(), m_knobPanel, m_banner, m_runner, this);
    connect(m_recovery, &CrashRecovery::settled, this, &MainWindow::offerLeftoverLabRemoval);
    QTimer::singleShot(0, m_recovery, [this] { m_recovery->check(); });
}

// CONTENT in a scroll area as wide as CONTENT needs in the current language (its fields are
// shrinkable): it scrolls up and down on a low screen, never sideways.
QScrollArea *MainWindow::scrollingUpAndDown(QWidget *content)
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(content->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() +
                            2 * scroll->frameWidth());
    return scroll;
}

// Only tcptune-helper needs root (docs/privileges.md); a whole GUI as root is what Qt and the
// desktops advise against, so say so for as long as the window is open.
void MainWindow::warnWhenRoot()
{
    if (::geteuid() != 0)
        return;
    const QString text = tr("tcptune runs as root. It needs no more than your own account: only its helper is "
                            "privileged, and it asks for your password (polkit) when it is needed. Start tcptune as "
                            "your user.");
    auto *label = new QLabel(tr("Running as root"), this);
    label->setObjectName(QStringLiteral("rootWarning"));
    label->setToolTip(text);
    label->setStyleSheet(QStringLiteral("QLabel { color: #b00020; font-weight: bold; }"));
    statusBar()->addPermanentWidget(label);
    m_banner->showMessage(text, MessageBanner::Level::Warning);
}

MainWindow::~MainWindow()
{
    // The runner uses the helper: it ends (knobs restored) before the helper closes.
    delete m_runner;
}

void MainWindow::buildTabs()
{
    m_knobPanel->setObjectName(QStringLiteral("knobPanel"));
    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->addTab(m_knobPanel, tr("&Knobs"));
    auto *binder = new KnobTargetBinder(m_targetPanel, m_knobPanel, m_tabs, m_helper.get(), this);
    connect(binder, &KnobTargetBinder::problem, this,
            [this](const QString &message) { m_banner->showMessage(message, MessageBanner::Level::Error); });
    m_capturePanel = new CapturePanel(m_chart, this);
    m_capturePanel->setObjectName(QStringLiteral("capturePanel"));
    m_tabs->addTab(buildCapturePage(), tr("&Captures"));
    m_historyPanel = new HistoryPanel(m_chart, this);
    m_historyPanel->setObjectName(QStringLiteral("historyPanel"));
    m_tabs->addTab(m_historyPanel, tr("H&istory"));
    connect(m_historyPanel, &HistoryPanel::captureRequested, this,
            [this](const QString &path, double duration, const QString &runName) {
                m_tabs->setCurrentWidget(m_capturePage);
                m_capturePanel->openForRun(path, duration, runName);
            });
    // A tab chosen from the keyboard (Alt+letter) puts the keys into its main view.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (QWidget *page = m_tabs->currentWidget(); page && page->focusProxy())
            page->setFocus(Qt::TabFocusReason);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_historyPanel)
            m_historyPanel->refresh();
    });
    m_sweepPanel = new SweepPanel(m_runner, planSpec(), this);
    m_sweepPanel->setObjectName(QStringLiteral("sweepPanel"));
    m_tabs->addTab(m_sweepPanel, tr("S&weep"));
    // A preset brings its own target (e.g. the lab's topology and rate) and workload: show them.
    connect(m_sweepPanel, &SweepPanel::presetChosen, this, [this](const SweepPlan &plan) {
        m_targetPanel->loadFrom(plan.spec());
        m_workloadPanel->loadFrom(plan.spec());
    });
    connect(m_sweepPanel, &SweepPanel::problem, this,
            [this](const QString &message) { m_banner->showMessage(message, MessageBanner::Level::Error); });
    // The Tune tab tunes the spec the panels describe, as the Sweep tab sweeps it.
    m_tunePanel = new TunePanel(m_runner, m_helper.get(), planSpec(), this);
    m_tunePanel->setObjectName(QStringLiteral("tunePanel"));
    m_tabs->addTab(m_tunePanel, tr("Tu&ne"));
    connect(m_tunePanel, &TunePanel::problem, this,
            [this](const QString &message) { m_banner->showMessage(message, MessageBanner::Level::Error); });
    connect(m_tunePanel, &TunePanel::knobsApplied, m_knobPanel, &KnobPanel::refresh);
    connect(m_capturePanel, &CapturePanel::captureFailed, this, [this](const QString &, const QString &message) {
        m_banner->showMessage(message, MessageBanner::Level::Warning);
    });
}

// The Captures tab: the captures this session's runs recorded (with their files' location) above
// the analysis of the one shown.
QWidget *MainWindow::buildCapturePage()
{
    m_runCaptures = new RunCaptureList(this);
    auto *page = new QSplitter(Qt::Vertical, this);
    page->setObjectName(QStringLiteral("capturePage"));
    page->setChildrenCollapsible(false);
    page->addWidget(m_runCaptures);
    page->addWidget(m_capturePanel);
    page->setStretchFactor(0, 1);
    page->setStretchFactor(1, 3);
    // Alt+C (Alt+M in German) lands in the list of the runs' captures: Enter shows the newest, Tab
    // goes on to its flows (Enter on a flow opens its stream graph).
    page->setFocusProxy(m_runCaptures);
    setTabOrder(m_runCaptures->tree(), m_capturePanel->tree());
    m_capturePage = page;
    connect(m_runCaptures, &RunCaptureList::showRequested, this,
            [this](const QString &path, double duration, const QString &runName) {
                m_capturePanel->openForRun(path, duration, runName);
            });
    return page;
}

QWidget *MainWindow::buildChartArea()
{
    auto *area = new QWidget(this);
    auto *layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new ChartBar(m_chart, m_runner, area);
    layout->addWidget(bar);
    m_chart->setObjectName(QStringLiteral("throughputRttView"));
    layout->addWidget(m_chart, 1);
    m_verdictPanel = new VerdictPanel(area);
    m_verdictPanel->setObjectName(QStringLiteral("verdictPanel"));
    m_verdictPanel->setMaximumHeight(180);
    layout->addWidget(m_verdictPanel);
    // A latency-under-load run: its charts and summary in a tab of their own, shown and brought
    // forward when such a run finishes (under the verdict they left the throughput and RTT charts
    // too little room).
    // The view hides itself without a run: a page of its own holds it, so the tab keeps its size.
    auto *underLoadPage = new QWidget(m_tabs);
    auto *underLoadLayout = new QVBoxLayout(underLoadPage);
    m_underLoadView = new LatencyUnderLoadView(underLoadPage);
    m_underLoadView->setObjectName(QStringLiteral("underLoadView"));
    underLoadLayout->addWidget(m_underLoadView);
    m_tabs->setTabVisible(m_tabs->addTab(underLoadPage, tr("&Latency under load")), false);
    m_liveUnderLoad = new LiveUnderLoad(m_runner, m_underLoadView, this);
    connect(m_liveUnderLoad, &LiveUnderLoad::shownChanged, this, [this, underLoadPage](bool shown) {
        m_tabs->setTabVisible(m_tabs->indexOf(underLoadPage), shown);
        if (shown)
            m_tabs->setCurrentWidget(underLoadPage);
    });
    // The verdict, the limiter bars and latency under load belong to the runs on the charts: they
    // go with them.
    connect(bar, &ChartBar::cleared, m_verdictPanel, &VerdictPanel::clear);
    connect(bar, &ChartBar::cleared, m_liveUnderLoad, &LiveUnderLoad::clear);
    return area;
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open capture..."), QKeySequence::Open, this, &MainWindow::openCapture);
    open->setObjectName(QStringLiteral("actionOpenCapture"));
    m_session = new SessionActions({.window = this,
                                    .target = m_targetPanel,
                                    .workload = m_workloadPanel,
                                    .knobs = m_knobPanel,
                                    .sweep = m_sweepPanel,
                                    .charts = m_chart,
                                    .runner = m_runner},
                                   file, open);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setObjectName(QStringLiteral("actionQuit"));

    QMenu *run = menuBar()->addMenu(tr("R&un", "menu"));
    m_runAction = run->addAction(tr("&Run"), this, &MainWindow::startRun);
    m_runAction->setObjectName(QStringLiteral("actionRun"));
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_stopAction = run->addAction(tr("&Stop"), this, &MainWindow::stopRun);
    m_stopAction->setObjectName(QStringLiteral("actionStop"));
    m_stopAction->setShortcuts({QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    m_stopAction->setEnabled(false);

    m_unitMenu = new ThroughputUnitMenu(this);
    const auto showIn = [this](ThroughputUnit unit) {
        m_chart->setThroughputUnit(unit);
        m_sweepPanel->setThroughputUnit(unit);
        m_tunePanel->setThroughputUnit(unit);
        m_historyPanel->setThroughputUnit(unit);
    };
    showIn(m_unitMenu->unit());
    connect(m_unitMenu, &ThroughputUnitMenu::unitChanged, this, showIn);
}

void MainWindow::connectRunner()
{
    // Single runs and sweeps alike: the buttons follow the runner.
    connect(m_runner, &RunnerThread::begun, this, [this] {
        m_banner->hide();
        m_verdictPanel->clear();
        m_liveUnderLoad->clear();
        m_runControl->setRunning(true);
        m_runAction->setEnabled(false);
        m_stopAction->setEnabled(true);
    });
    connect(m_runner, &RunnerThread::started, this,
            [this](qint64, int total, int done) { m_runControl->setPlanProgress(done, total, -1); });
    auto *live = new LiveRunCharts(m_runner, m_chart, m_runControl, this);
    // After LiveRunCharts has named the run's series (it connected first).
    connect(m_runner, &RunnerThread::runFinished, this,
            [this, live](const RunRecord &run) { showDiagnosis(live->chartRunOf(run.runIndex), run); });
    connect(live, &LiveRunCharts::runSummary, this, [this](const QString &text) { statusBar()->showMessage(text); });
    // After the run's summary: its capture is listed, and the status bar says where its file is.
    connect(m_runner, &RunnerThread::runFinished, this, [this](const RunRecord &run) {
        const QString store = m_runner->options().storePath;
        if (m_runCaptures->addRun(run, store.isEmpty() ? ResultStore::defaultPath() : store) > 0)
            statusBar()->showMessage(statusBar()->currentMessage() + QLatin1Char(' ') +
                                     tr("Capture: %1 (Captures tab).").arg(m_runCaptures->selectedPath()));
    });
    connect(live, &LiveRunCharts::runProblem, this, [this](const QString &text, bool failed) {
        m_banner->showMessage(text, failed ? MessageBanner::Level::Error : MessageBanner::Level::Warning);
    });
    connect(m_runner, &RunnerThread::progress, this,
            [this](int done, int total, double eta) { m_runControl->setPlanProgress(done, total, eta); });
    connect(m_runner, &RunnerThread::logged, m_runControl, &RunControlPanel::setStatus);
    connect(m_runner, &RunnerThread::failed, this,
            [this](const QString &message) { m_banner->showMessage(message, MessageBanner::Level::Error); });
    connect(m_runner, &RunnerThread::runFinished, this, [this](const RunRecord &run) {
        if (run.status == RunStatus::Failed)
            m_runControl->noteRunFailed();
    });
    connect(m_runner, &RunnerThread::finished, this, [this](qint64, const QString &status) {
        const auto outcome = status == QLatin1String("finished")    ? RunControlPanel::Outcome::Finished
                             : status == QLatin1String("cancelled") ? RunControlPanel::Outcome::Cancelled
                                                                    : RunControlPanel::Outcome::Failed;
        m_runControl->setOutcome(outcome);
        m_runControl->setStatus(outcome == RunControlPanel::Outcome::Finished    ? tr("Finished.")
                                : outcome == RunControlPanel::Outcome::Cancelled ? stoppedStatus()
                                                                                 : tr("Failed."));
    });
    connect(m_runner, &RunnerThread::stopped, this, &MainWindow::onRunnerStopped);
}

// What a stopped plan put back and what stays: the knobs the plan set are restored, the ones set
// by hand in the Knobs tab are not (they were there before it), so "knobs restored" alone misled.
QString MainWindow::stoppedStatus() const
{
    const QStringList planKnobs = m_runner->plan().spec().knobsOfKind(KnobKind::Sysctl).keys();
    QStringList restored;
    for (const QString &key : planKnobs)
        restored.append(shortKnobName(key));
    QString text = restored.isEmpty()
                       ? tr("Stopped; the run changed no knobs.")
                       : tr("Stopped; the run's knobs are restored: %1.").arg(restored.join(QStringLiteral(", ")));
    const KnobTableModel *model = m_knobPanel->model();
    QStringList handSet;
    for (const QString &key : model->changedKeys()) {
        const QString value =
            model->data(model->index(model->rowOf(key), KnobTableModel::ValueColumn), KnobTableModel::CanonicalRole)
                .toString();
        handSet.append(QStringLiteral("%1=%2").arg(shortKnobName(key), compactKnobValue(key, value)));
    }
    if (!handSet.isEmpty())
        text += QLatin1Char(' ') + tr("Still set by hand in %1: %2 (Revert all in the Knobs tab puts them back).")
                                       .arg(m_knobPanel->title(), handSet.join(QStringLiteral(", ")));
    return text;
}

bool MainWindow::currentSpec(ExperimentSpec &spec, QString *problem) const
{
    spec = ExperimentSpec{};
    spec.name = neutralRunName(); // stored language-neutral, translated on display
    Result<void> ok = m_targetPanel->applyTo(spec);
    if (ok)
        ok = m_workloadPanel->applyTo(spec);
    // Knobs a reopened session set by hand, not set yet: this run sets them (and puts them back).
    const QMap<QString, QString> &pending = m_knobPanel->pendingKnobs()->knobs();
    for (auto it = pending.begin(); ok && it != pending.end(); ++it)
        if (!spec.knobs.contains(it.key()))
            ok = spec.setParameter(it.key(), it.value());
    // The far end's edits in the Knobs tab, whose Remote column follows the ssh host typed.
    if (ok && m_targetPanel->target().kind == TargetSpec::Kind::Ssh)
        ok = m_knobPanel->applyRemoteTo(spec);
    // The Links group's edits are the run's link knobs, at each end.
    if (ok)
        ok = m_knobPanel->links()->applyTo(spec);
    if (ok)
        ok = spec.checkRemoteKnobs(); // several ends: every one must be ssh
    if (!ok && problem)
        *problem = ok.error().message;
    return ok.has_value();
}

// What the Sweep and Tune tabs build on: the panels' spec, with the Links group's Yes passed on.
std::function<bool(ExperimentSpec &, QString *)> MainWindow::planSpec()
{
    return [this](ExperimentSpec &spec, QString *problem) {
        passHostConfirmation();
        return currentSpec(spec, problem);
    };
}

// A host device's link knob the user said Yes to in the Links group: the runs pass that Yes to
// the helper, which refuses a host device's change without it.
void MainWindow::passHostConfirmation()
{
    RunnerOptions options = m_runner->options();
    options.confirmHostChanges = m_knobPanel->links()->hostChangesConfirmed();
    m_runner->setOptions(options);
}

void MainWindow::startRun()
{
    if (m_runner->isRunning())
        return;
    ExperimentSpec spec;
    QString problem;
    if (!currentSpec(spec, &problem)) {
        m_banner->showMessage(problem, MessageBanner::Level::Error);
        return;
    }
    passHostConfirmation();
    if (!m_runner->start(SweepPlan(spec)))
        return;
    QStringList ends; // several at once: all of them
    for (const TargetSpec &end : spec.targets())
        ends << end.describe();
    m_runControl->setStatus(tr("Preparing %1...").arg(ends.join(QStringLiteral(" + "))));
}

void MainWindow::stopRun()
{
    if (!m_runner->isRunning())
        return;
    m_runControl->setStatus(tr("Stopping and restoring knobs..."));
    m_runner->cancel();
}

// The verdict under the charts, and the bottleneck's queue for the Extra series; CHART_RUN is
// the run's series on the charts (-1: none).
void MainWindow::showDiagnosis(int chartRun, const RunRecord &run)
{
    m_verdictPanel->addRun(chartRun >= 0 ? m_chart->runLabel(chartRun) : storedRunName(run), run);
    if (chartRun < 0)
        return;
    for (const EndRecord &e : run.ends)
        if (!e.queue.isEmpty())
            m_chart->setSeries(chartRun, ChartMetric::QueueBacklog, queueBacklogPoints(e.queue));
}

void MainWindow::onRunnerStopped()
{
    m_runControl->setRunning(false);
    m_runAction->setEnabled(true);
    m_stopAction->setEnabled(false);
    m_knobPanel->refresh();
    if (m_tabs->currentWidget() == m_historyPanel)
        m_historyPanel->refresh();
    if (m_closeWhenStopped)
        QTimer::singleShot(0, this, &QWidget::close);
}

void MainWindow::openCapture()
{
    const QString path = filedialogs::openFileName(this, tr("Open capture"), QString(),
                                                   tr("Captures (*.pcap *.pcapng *.cap);;All files (*)"));
    if (!path.isEmpty())
        openCaptureFile(path);
}

void MainWindow::openCaptureFile(const QString &path)
{
    m_tabs->setCurrentWidget(m_capturePage);
    m_capturePanel->open(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            openCaptureFile(url.toLocalFile());
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_runner->isRunning() && !m_closeWhenStopped) {
        switch (askBeforeClosingDuringRun()) {
        case CloseChoice::StopAndClose:
            stopRun();
            m_closeWhenStopped = true;
            break;
        case CloseChoice::CloseWhenDone:
            m_closeWhenStopped = true;
            m_runControl->setStatus(tr("The window closes when the run ends."));
            break;
        case CloseChoice::KeepOpen: break;
        }
        event->ignore(); // closed by onRunnerStopped once the knobs are back
        return;
    }
    if (m_runner->isRunning()) { // closed again while it stops: it closes once stopped
        event->ignore();
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

// Closing during a run ended it without a word; the user chooses now.
MainWindow::CloseChoice MainWindow::askBeforeClosingDuringRun()
{
    QMessageBox box(QMessageBox::Question, tr("A run is in progress"),
                    tr("Closing tcptune ends the run in progress. What should happen?"), QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("closeDuringRunQuestion"));
    box.setInformativeText(tr("Stopping restores every knob the run changed, as the Stop button does."));
    QPushButton *stop = box.addButton(tr("Stop the run, restore knobs and close"), QMessageBox::DestructiveRole);
    stop->setObjectName(QStringLiteral("stopAndClose"));
    QPushButton *wait = box.addButton(tr("Keep running, close when it ends"), QMessageBox::AcceptRole);
    wait->setObjectName(QStringLiteral("closeWhenDone"));
    QPushButton *keep = box.addButton(tr("Do not close"), QMessageBox::RejectRole);
    keep->setObjectName(QStringLiteral("keepOpen"));
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    if (box.clickedButton() == stop)
        return CloseChoice::StopAndClose;
    return box.clickedButton() == wait ? CloseChoice::CloseWhenDone : CloseChoice::KeepOpen;
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("window/rightSplitter"), m_rightSplitter->saveState());
    settings.setValue(QStringLiteral("window/tab"), m_tabs->currentIndex());
    m_targetPanel->saveSettings(settings);
    m_workloadPanel->saveSettings(settings);
    m_session->saveSettings(settings);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_mainSplitter->restoreState(settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    // The charts and the tabs share the height about evenly at first (their splitter sits in a
    // scroll area, which hands it its whole height at once, so the stretch factors alone gave
    // the charts more than the Sweep tab's chart could spare).
    if (!m_rightSplitter->restoreState(settings.value(QStringLiteral("window/rightSplitter")).toByteArray()))
        m_rightSplitter->setSizes({340, 360});
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
    m_targetPanel->restoreSettings(settings);
    m_workloadPanel->restoreSettings(settings);
    m_session->restoreSettings(settings);
}

void MainWindow::offerLeftoverLabRemoval()
{
    const QList<LabStatus> leftovers = detectLeftoverLabs();
    if (leftovers.isEmpty())
        return;
    QStringList names;
    QStringList problems;
    for (const LabStatus &lab : leftovers) {
        names.append(lab.name);
        problems.append(QStringLiteral("%1: %2").arg(lab.name, lab.problem));
    }
    const QString text = tr("A lab was left behind by a crash (%1). Remove it before running in it.")
                             .arg(problems.join(QStringLiteral("; ")));
    // The crash's note (an interrupted experiment) stays in front of the offer.
    const QString note = m_recovery ? m_recovery->interruptedNote() : QString();
    m_banner->showMessage(note.isEmpty() ? text : note + QLatin1Char(' ') + text, MessageBanner::Level::Warning);
    m_banner->setAction(tr("Remove left-over labs"), [this, names] { removeLeftoverLabs(names); });
}

void MainWindow::removeLeftoverLabs(const QStringList &names)
{
    m_banner->showMessage(tr("Removing %1...").arg(names.join(QStringLiteral(", "))));
    // The helper may ask for a password (pkexec) and tc/ip take a moment: on the helper's worker.
    m_helper->submit(this, [this, names](HelperConnection &helper) -> std::function<void()> {
        QString outcome;
        for (const QString &name : names)
            if (auto ok = requestLabDown(helper, name); !ok)
                outcome += ok.error().message + QLatin1Char(' ');
        return [this, outcome] {
            if (outcome.isEmpty())
                m_banner->showMessage(tr("Left-over labs removed."));
            else
                m_banner->showMessage(outcome.trimmed(), MessageBanner::Level::Error);
        };
    });
}

} // namespace tcptune
