#include "tune/tune_panel.h"

#include "charts/tune_objective_chart.h"
#include "experiment/record/experiment_name.h"
#include "experiment/run/runner_thread.h"
#include "experiment/tune/tune_job.h"
#include "experiment/tune/tune_environment.h"
#include "experiment/tune/tune_run_record.h"
#include "lab/lab_layout.h"
#include "lab/lab_spec.h"
#include "tune/tune_answer_actions.h"
#include "tune/tune_answer_view.h"
#include "tune/tune_host_confirmation.h"
#include "tune/tune_texts.h"
#include "tune/tune_trials_table.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

namespace tcptune {

TunePanel::TunePanel(RunnerThread *runner, HelperConnection *helper, SpecSource baseSpec, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_baseSpec(std::move(baseSpec))
    , m_goal(new QComboBox(this))
    , m_keep(new QSpinBox(this))
    , m_budget(new QSpinBox(this))
    , m_minutes(new QSpinBox(this))
    , m_localEnd(new QCheckBox(tr("This end"), this))
    , m_remoteEnd(new QCheckBox(tr("Far end"), this))
    , m_host(new QCheckBox(tr("This host's own knobs"), this))
    , m_start(new QPushButton(tr("S&tart tune"), this))
    , m_stop(new QPushButton(tr("Stop tune"), this))
    , m_status(new QLabel(this))
    , m_trials(new TuneTrialsTable(this))
    , m_chart(new TuneObjectiveChart(this))
    , m_answer(new TuneAnswerView(this))
    , m_actions(new TuneAnswerActions(helper, this))
    , m_job(std::make_unique<TuneJob>())
    , m_outcome(std::make_unique<TuneOutcome>())
{
    setUpControls();
    layOut();
    connectSignals();
    updateObjectiveAxis();
    // Choosing the tab from the keyboard puts the keys into the goal.
    setFocusProxy(m_goal);
}

TunePanel::~TunePanel() = default;

const TuneOutcome &TunePanel::outcome() const
{
    return *m_outcome;
}

// The choices above the results: what to tune for, how long, whose knobs.
void TunePanel::setUpControls()
{
    m_goal->setObjectName(QStringLiteral("tuneGoal"));
    m_goal->addItem(tr("Throughput"), int(TuneGoal::Throughput));
    m_goal->addItem(tr("Latency (RTT p95)"), int(TuneGoal::Latency));
    m_goal->addItem(tr("Transactions/s"), int(TuneGoal::Transactions));
    m_keep->setObjectName(QStringLiteral("tuneKeep"));
    m_keep->setRange(1, 100);
    m_keep->setValue(90);
    m_keep->setSuffix(QStringLiteral(" %"));
    m_keep->setToolTip(tr("Latency: a candidate must keep at least this share of the best throughput seen."));
    m_keep->setEnabled(false);
    m_budget->setObjectName(QStringLiteral("tuneBudget"));
    m_budget->setRange(2, TuneSpec::kMaxBudgetRuns);
    m_budget->setValue(30);
    m_budget->setToolTip(tr("At most this many runs, the baseline's included."));
    m_minutes->setObjectName(QStringLiteral("tuneMinutes"));
    m_minutes->setRange(0, 24 * 60);
    m_minutes->setSuffix(tr(" min"));
    m_minutes->setSpecialValueText(tr("no limit"));
    m_minutes->setToolTip(tr("And at most this long."));
    m_localEnd->setObjectName(QStringLiteral("tuneLocalEnd"));
    m_localEnd->setChecked(true);
    m_remoteEnd->setObjectName(QStringLiteral("tuneRemoteEnd"));
    m_remoteEnd->setChecked(true);
    m_remoteEnd->setToolTip(tr("The far end's knobs change only for ssh targets whose helper can set them."));
    m_host->setObjectName(QStringLiteral("tuneAllowHost"));
    m_host->setToolTip(tr("For targets other than the lab: let the tuner change this host's own knobs (it asks "
                          "first, naming each)."));
    m_start->setObjectName(QStringLiteral("tuneStart"));
    m_stop->setObjectName(QStringLiteral("tuneStop"));
    m_stop->setEnabled(false);
    m_status->setObjectName(QStringLiteral("tuneStatus"));
    m_status->setWordWrap(true);
    m_trials->setObjectName(QStringLiteral("tuneTrials"));
    m_chart->setObjectName(QStringLiteral("tuneChart"));
    m_answer->setObjectName(QStringLiteral("tuneAnswer"));
}

// The controls above; the trials over the answer beside the chart below.
void TunePanel::layOut()
{
    // Three short rows (what, how long and the buttons, whose knobs): in two, the German labels
    // made the tab wider than the window at 1024x700.
    auto *controls = new QGridLayout;
    controls->addWidget(new QLabel(tr("Goal"), this), 0, 0);
    auto *goal = new QHBoxLayout;
    goal->addWidget(m_goal);
    goal->addWidget(new QLabel(tr("keep"), this));
    goal->addWidget(m_keep);
    goal->addStretch(1);
    controls->addLayout(goal, 0, 1);
    controls->addWidget(new QLabel(tr("Budget"), this), 1, 0);
    auto *budget = new QHBoxLayout;
    budget->addWidget(m_budget);
    budget->addWidget(new QLabel(tr("runs, at most"), this));
    budget->addWidget(m_minutes);
    budget->addStretch(1);
    budget->addWidget(m_start);
    budget->addWidget(m_stop);
    controls->addLayout(budget, 1, 1);
    controls->addWidget(new QLabel(tr("Knobs of"), this), 2, 0);
    auto *ends = new QHBoxLayout;
    ends->addWidget(m_localEnd);
    ends->addWidget(m_remoteEnd);
    ends->addWidget(m_host);
    ends->addStretch(1);
    controls->addLayout(ends, 2, 1);
    controls->setColumnStretch(1, 1);

    auto *answer = new QWidget(this);
    auto *answerLayout = new QVBoxLayout(answer);
    answerLayout->setContentsMargins(0, 0, 0, 0);
    answerLayout->addWidget(m_answer, 1);
    answerLayout->addWidget(m_actions);
    auto *left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_trials);
    left->addWidget(answer);
    left->setChildrenCollapsible(false);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // The chart two fifths from the start: at its narrowest its legend's names were cut.
    split->setSizes({600, 400});
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4); // the tab's frame is margin enough
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
}

void TunePanel::connectSignals()
{
    connect(m_goal, &QComboBox::currentIndexChanged, this,
            [this] { m_keep->setEnabled(TuneGoal(m_goal->currentData().toInt()) == TuneGoal::Latency); });
    // Checked, it asks at once naming the knobs; No unchecks it.
    connect(m_host, &QCheckBox::toggled, this, [this](bool on) {
        m_hostConfirmed = false;
        if (!on)
            return;
        const Result<TuneJob> job = buildJob();
        const QString direction = job ? job->spec.workload.direction : QString();
        m_hostConfirmed = TuneHostConfirmation::ask(this, TuneHostConfirmation::hostKnobs(m_baseTune, direction));
        if (!m_hostConfirmed)
            m_host->setChecked(false);
    });
    connect(m_start, &QPushButton::clicked, this, &TunePanel::start);
    connect(m_stop, &QPushButton::clicked, this, &TunePanel::stop);
    connect(m_runner, &RunnerThread::runFinished, this, &TunePanel::onRunFinished);
    connect(m_runner, &RunnerThread::stopped, this, &TunePanel::onStopped);
    connect(m_runner, &RunnerThread::runStarted, this, [this](int, int trial, int repeat, const QString &label) {
        if (m_active)
            m_status->setText(tr("Run %1 of at most %2: trial %3 (%4), repeat %5.")
                                  .arg(m_runs + 1)
                                  .arg(m_job->tune.budgetRuns)
                                  .arg(trial)
                                  .arg(trial == 0 ? tr("the baseline") : label)
                                  .arg(repeat + 1));
    });
    connect(m_runner, &RunnerThread::failed, this, [this](const QString &message) {
        if (m_active)
            m_status->setText(message);
    });
    connect(m_actions, &TuneAnswerActions::reported, m_status, &QLabel::setText);
    connect(m_actions, &TuneAnswerActions::knobsApplied, this, &TunePanel::knobsApplied);
}

void TunePanel::setThroughputUnit(ThroughputUnit unit)
{
    m_unit = unit;
    m_trials->setThroughputUnit(unit);
    updateObjectiveAxis();
    if (m_hasOutcome)
        m_answer->showOutcome(*m_outcome, unit);
}

void TunePanel::updateObjectiveAxis()
{
    const TuneGoal goal = m_hasOutcome || m_active ? m_job->tune.goal : TuneGoal(m_goal->currentData().toInt());
    m_chart->setObjectiveAxis(TuneTexts::unitOf(goal, m_unit),
                              TuneTexts::shown(1, goal, m_unit) > 0 ? 1 / TuneTexts::shown(1, goal, m_unit) : 1);
}

Result<TuneJob> TunePanel::buildJob() const
{
    TuneJob job;
    QString problem;
    if (!m_baseSpec(job.spec, &problem))
        return fail(problem);
    job.spec.name = neutralTuneName(); // translated on display
    job.tune = m_baseTune;
    job.tune.goal = TuneGoal(m_goal->currentData().toInt());
    job.tune.keepThroughputPct = m_keep->value();
    job.tune.budgetRuns = m_budget->value();
    job.tune.budgetS = m_minutes->value() * 60.0;
    job.tune.localEnd = m_localEnd->isChecked();
    job.tune.remoteEnd = m_remoteEnd->isChecked();
    job.tune.allowHost = m_host->isChecked();
    auto environment = TuneTarget::environmentOf(job.spec, job.tune);
    if (!environment)
        return std::unexpected(environment.error());
    job.environment = *environment;
    return job;
}

void TunePanel::start()
{
    if (m_runner->isRunning())
        return;
    Result<TuneJob> job = buildJob();
    if (job && job->tune.allowHost && !m_hostConfirmed)
        job = fail(tr("Confirm the knobs of this host the tuner may change: check \"%1\" again.").arg(m_host->text()));
    if (!job) {
        m_status->setText(job.error().message);
        Q_EMIT problem(job.error().message);
        return;
    }
    launch(*job);
}

// Runs JOB on the runner's worker thread; its outcome comes back queued to this thread.
void TunePanel::launch(const TuneJob &job)
{
    *m_job = job;
    m_hasOutcome = false;
    *m_outcome = TuneOutcome();
    m_runs = 0;
    m_trials->reset(job.tune.goal);
    m_chart->clear();
    m_actions->clear();
    m_answer->showWaiting(tr("The tune runs; its answer appears here when it ends."));
    const bool launched = m_runner->runWith(
        [this, job](Runner &worker) {
            const TuneOutcome outcome =
                TuneJobRunner::run(worker, job, [&worker](const QString &line) { Q_EMIT worker.logged(line); });
            QMetaObject::invokeMethod(
                this, [this, outcome] { onOutcome(outcome); }, Qt::QueuedConnection);
        },
        SweepPlan(job.spec));
    if (!launched) {
        m_status->setText(m_runner->blockedReason().isEmpty() ? tr("Another run or sweep is in progress.")
                                                              : m_runner->blockedReason());
        return;
    }
    m_active = true;
    updateObjectiveAxis();
    m_start->setEnabled(false);
    m_stop->setEnabled(true);
    m_status->setText(tr("Tune started: at most %1 runs.").arg(job.tune.budgetRuns));
}

void TunePanel::stop()
{
    if (!m_active)
        return;
    m_status->setText(tr("Stopping; knobs are being restored..."));
    m_runner->cancel();
}

void TunePanel::onRunFinished(const RunRecord &record)
{
    if (!m_active)
        return;
    ++m_runs;
    m_trials->addRun(record);
    m_chart->addRun(record.pointIndex, tuneObjective(TuneRunRecord::trialRunOf(record, {}), m_job->tune.goal));
}

void TunePanel::onOutcome(const TuneOutcome &outcome)
{
    *m_outcome = outcome;
    m_hasOutcome = true;
    m_answer->showOutcome(outcome, m_unit);
    if (!outcome.searched)
        return;
    m_trials->showAnswer(outcome.answer);
    QMap<int, TuneTrial::Outcome> outcomes;
    for (const TuneTrial &trial : outcome.answer.trials)
        outcomes.insert(trial.index, trial.outcome);
    m_chart->showOutcomes(outcomes);
    m_actions->setOutcome(outcome, tr("tcptune tune %1").arg(outcome.experimentId), localNetnsOf(m_job->spec));
}

void TunePanel::onStopped()
{
    if (!m_active)
        return;
    m_active = false;
    m_start->setEnabled(true);
    m_stop->setEnabled(false);
    if (!m_hasOutcome)
        m_status->setText(tr("The tune ended without an answer; see the message above. Every knob is back."));
    else if (m_outcome->searched)
        m_status->setText(tr("Tune ended (runs used: %1). Every knob it changed is back to its value before.")
                              .arg(m_outcome->answer.runs));
    else
        m_status->setText(m_outcome->failure);
}

// Where this end's knobs live: the lab's client namespace, or this host.
QString TunePanel::localNetnsOf(const ExperimentSpec &spec)
{
    if (spec.target.kind != TargetSpec::Kind::Lab)
        return QString();
    const QString lab = spec.target.labName.isEmpty() ? QString::fromLatin1(kDefaultLabName) : spec.target.labName;
    return layoutFor(lab, LabTopology::Routed).clientNetns;
}

} // namespace tcptune
