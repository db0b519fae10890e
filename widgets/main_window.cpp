#include "main_window.h"

#include "captures/capture_panel.h"
#include "charts/run_samples.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/verdict_panel.h"
#include "experiment/experiment_spec.h"
#include "experiment/run_record.h"
#include "export/export_actions.h"
#include "history/history_panel.h"
#include "helper/helper_connection.h"
#include "knobs/knob_panel.h"
#include "lab/lab_manager.h"
#include "lab/lab_requests.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "experiment/runner_thread.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "sweep/sweep_panel.h"

#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
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
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(left);
    scroll->setWidgetResizable(true);
    // Translations make the panels wider; a scroll bar beats a window wider than the screen.
    scroll->setMinimumWidth(std::min(left->sizeHint().width() + 20, 300));

    buildTabs();

    m_rightSplitter->setObjectName(QStringLiteral("rightSplitter"));
    m_rightSplitter->addWidget(buildChartArea());
    m_rightSplitter->addWidget(m_tabs);
    m_rightSplitter->setStretchFactor(0, 3);
    m_rightSplitter->setStretchFactor(1, 2);

    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->addWidget(scroll);
    m_mainSplitter->addWidget(m_rightSplitter);
    m_mainSplitter->setStretchFactor(1, 1);

    auto *central = new QWidget(this);
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(4, 4, 4, 4);
    centralLayout->addWidget(m_banner);
    centralLayout->addWidget(m_mainSplitter, 1);
    setCentralWidget(central);

    buildMenus();
    new ExportActions(this); // File > Export and the charts' context menus
    connectRunner();
    connect(m_runControl, &RunControlPanel::runRequested, this, &MainWindow::startRun);
    connect(m_runControl, &RunControlPanel::stopRequested, this, &MainWindow::stopRun);
    statusBar()->showMessage(tr("Ready. Ctrl+R runs, Esc stops, Ctrl+O opens a capture."));
    warnWhenRoot();
    resize(1400, 860);
    restoreSettings();
    QTimer::singleShot(0, this, &MainWindow::offerLeftoverLabRemoval);
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
    m_capturePanel = new CapturePanel(m_chart, this);
    m_capturePanel->setObjectName(QStringLiteral("capturePanel"));
    m_tabs->addTab(m_capturePanel, tr("&Captures"));
    m_historyPanel = new HistoryPanel(m_chart, this);
    m_historyPanel->setObjectName(QStringLiteral("historyPanel"));
    m_tabs->addTab(m_historyPanel, tr("&History"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_tabs->currentWidget() == m_historyPanel)
            m_historyPanel->refresh();
    });
    m_sweepPanel = new SweepPanel(
        m_runner, [this](ExperimentSpec &spec, QString *problem) { return currentSpec(spec, problem); }, this);
    m_sweepPanel->setObjectName(QStringLiteral("sweepPanel"));
    m_tabs->addTab(m_sweepPanel, tr("S&weep"));
    connect(m_sweepPanel, &SweepPanel::problem, this,
            [this](const QString &message) { m_banner->showMessage(message, MessageBanner::Level::Error); });
    connect(m_capturePanel, &CapturePanel::captureFailed, this, [this](const QString &, const QString &message) {
        m_banner->showMessage(message, MessageBanner::Level::Warning);
    });
}

QWidget *MainWindow::buildChartArea()
{
    auto *area = new QWidget(this);
    auto *layout = new QVBoxLayout(area);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_extraMetric = new QComboBox(area);
    m_extraMetric->setObjectName(QStringLiteral("extraMetric"));
    m_extraMetric->addItem(tr("no extra series"), -1);
    for (ChartMetric metric :
         {ChartMetric::Cwnd, ChartMetric::Retransmits, ChartMetric::BytesInFlight, ChartMetric::SndbufLimited,
          ChartMetric::RwndLimited, ChartMetric::CwndLimited, ChartMetric::AppLimited, ChartMetric::QueueBacklog})
        m_extraMetric->addItem(ThroughputRttView::metricName(metric), int(metric));
    connect(m_extraMetric, &QComboBox::currentIndexChanged, this, [this] {
        const int metric = m_extraMetric->currentData().toInt();
        m_chart->setExtraMetric(metric < 0 ? std::nullopt : std::optional<ChartMetric>(ChartMetric(metric)));
    });
    auto *reset = new QPushButton(tr("Reset zoom"), area);
    connect(reset, &QPushButton::clicked, m_chart, &ThroughputRttView::resetZoom);
    auto *clear = new QPushButton(tr("Clear charts"), area);
    clear->setObjectName(QStringLiteral("clearCharts"));
    connect(clear, &QPushButton::clicked, this, [this] {
        m_chart->clear();
        m_chartRunOf.clear();
    });
    auto *hint = new QLabel(tr("Wheel: zoom, drag: pan, double-click: follow"), area);
    hint->setEnabled(false);
    // Long in some languages: it may be cut rather than widen the window.
    hint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(new QLabel(tr("Extra:"), area));
    bar->addWidget(m_extraMetric);
    bar->addWidget(reset);
    bar->addWidget(clear);
    bar->addStretch(1);
    bar->addWidget(hint);
    layout->addLayout(bar);
    m_chart->setObjectName(QStringLiteral("throughputRttView"));
    layout->addWidget(m_chart, 1);
    m_verdictPanel = new VerdictPanel(area);
    m_verdictPanel->setObjectName(QStringLiteral("verdictPanel"));
    m_verdictPanel->setMaximumHeight(180);
    layout->addWidget(m_verdictPanel);
    return area;
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open capture..."), QKeySequence::Open, this, &MainWindow::openCapture);
    open->setObjectName(QStringLiteral("actionOpenCapture"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setObjectName(QStringLiteral("actionQuit"));

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    m_runAction = run->addAction(tr("&Run"), this, &MainWindow::startRun);
    m_runAction->setObjectName(QStringLiteral("actionRun"));
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_stopAction = run->addAction(tr("&Stop"), this, &MainWindow::stopRun);
    m_stopAction->setObjectName(QStringLiteral("actionStop"));
    m_stopAction->setShortcuts({QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    m_stopAction->setEnabled(false);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About tcptune"), this, [this] {
        QMessageBox::about(this, tr("About tcptune"),
                           tr("tcptune %1: a workbench for Linux TCP tuning.").arg(QStringLiteral(TCPTUNE_VERSION)));
    });
}

void MainWindow::connectRunner()
{
    // Single runs and sweeps alike: the buttons follow the runner.
    connect(m_runner, &RunnerThread::begun, this, [this] {
        m_banner->hide();
        m_verdictPanel->clear();
        m_runControl->setRunning(true);
        m_runAction->setEnabled(false);
        m_stopAction->setEnabled(true);
    });
    connect(m_runner, &RunnerThread::started, this, [this](qint64 id, int total, int done) {
        m_experimentId = id;
        m_runControl->setProgress(done, total, 0, -1);
    });
    connect(m_runner, &RunnerThread::runStarted, this, &MainWindow::onRunStarted);
    connect(m_runner, &RunnerThread::samplesReady, this, &MainWindow::onSamples);
    connect(m_runner, &RunnerThread::runFinished, this, &MainWindow::onRunFinished);
    connect(m_runner, &RunnerThread::progress, this,
            [this](int done, int total, double eta) { m_runControl->setProgress(done, total, 0, eta); });
    connect(m_runner, &RunnerThread::logged, m_runControl, &RunControlPanel::setStatus);
    connect(m_runner, &RunnerThread::failed, this,
            [this](const QString &message) { m_banner->showMessage(message, MessageBanner::Level::Error); });
    connect(m_runner, &RunnerThread::finished, this, [this](qint64, const QString &status) {
        m_runControl->setStatus(status == QLatin1String("finished")    ? tr("Finished.")
                                : status == QLatin1String("cancelled") ? tr("Stopped; knobs restored.")
                                                                       : tr("Failed."));
    });
    connect(m_runner, &RunnerThread::stopped, this, &MainWindow::onRunnerStopped);
}

bool MainWindow::currentSpec(ExperimentSpec &spec, QString *problem) const
{
    spec = ExperimentSpec{};
    spec.name = tr("Workbench run");
    Result<void> ok = m_targetPanel->applyTo(spec);
    if (ok)
        ok = m_workloadPanel->applyTo(spec);
    if (!ok && problem)
        *problem = ok.error().message;
    return ok.has_value();
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
    m_runLength = spec.durationS + spec.omitS;
    if (!m_runner->start(SweepPlan(spec)))
        return;
    m_runControl->setStatus(tr("Preparing %1...").arg(spec.target.describe()));
}

void MainWindow::stopRun()
{
    if (!m_runner->isRunning())
        return;
    m_runControl->setStatus(tr("Stopping and restoring knobs..."));
    m_runner->cancel();
}

void MainWindow::onRunStarted(int runIndex, int point, int repeat, const QString &pointLabel)
{
    Q_UNUSED(point);
    QString label = tr("run %1").arg(m_experimentId);
    if (!pointLabel.isEmpty())
        label += QStringLiteral(" ") + pointLabel;
    if (repeat > 0)
        label += QStringLiteral(" #%1").arg(repeat + 1);
    m_chartRunOf.insert(runIndex, m_chart->addRun(label));
}

void MainWindow::onSamples(int runIndex, const QList<RunSample> &samples)
{
    const int id = m_chartRunOf.value(runIndex, -1);
    if (id < 0)
        return;
    const QList<ChartSample> converted = chartSamplesOf(samples);
    m_chart->appendSamples(id, converted);
    if (!converted.isEmpty() && m_runLength > 0)
        m_runControl->setProgress(0, 1, converted.last().t / m_runLength, m_runLength - converted.last().t);
}

void MainWindow::onRunFinished(const RunRecord &run)
{
    if (run.status == RunStatus::Failed) {
        m_banner->showMessage(tr("Run %1 failed: %2").arg(run.runIndex + 1).arg(run.error),
                              MessageBanner::Level::Error);
        return;
    }
    statusBar()->showMessage(tr("Run %1: %2 Mbit/s, RTT median %3 ms")
                                 .arg(run.runIndex + 1)
                                 .arg(run.throughputBps / 1e6, 0, 'f', 1)
                                 .arg(run.rttMedianMs, 0, 'f', 2));
    showDiagnosis(run);
}

// The verdict under the charts, and the bottleneck's queue for the Extra series.
void MainWindow::showDiagnosis(const RunRecord &run)
{
    const int id = m_chartRunOf.value(run.runIndex, -1);
    m_verdictPanel->addRun(id >= 0 ? m_chart->runLabel(id) : tr("run %1").arg(run.runIndex + 1), run);
    if (id < 0)
        return;
    for (const EndRecord &e : run.ends)
        if (!e.queue.isEmpty())
            m_chart->setSeries(id, ChartMetric::QueueBacklog, queueBacklogPoints(e.queue));
}

void MainWindow::onRunnerStopped()
{
    m_runControl->setRunning(false);
    m_runAction->setEnabled(true);
    m_stopAction->setEnabled(false);
    m_knobPanel->refresh();
    if (m_tabs->currentWidget() == m_historyPanel)
        m_historyPanel->refresh();
}

void MainWindow::openCapture()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open capture"), QString(),
                                                      tr("Captures (*.pcap *.pcapng *.cap);;All files (*)"));
    if (!path.isEmpty())
        openCaptureFile(path);
}

void MainWindow::openCaptureFile(const QString &path)
{
    m_tabs->setCurrentWidget(m_capturePanel);
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
    if (m_runner->isRunning())
        m_runner->cancel();
    saveSettings();
    QMainWindow::closeEvent(event);
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
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_mainSplitter->restoreState(settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    m_rightSplitter->restoreState(settings.value(QStringLiteral("window/rightSplitter")).toByteArray());
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("window/tab"), 0).toInt());
    m_targetPanel->restoreSettings(settings);
    m_workloadPanel->restoreSettings(settings);
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
    m_banner->showMessage(tr("A lab was left behind by a crash (%1). Remove it before running in it.")
                              .arg(problems.join(QStringLiteral("; "))),
                          MessageBanner::Level::Warning);
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
