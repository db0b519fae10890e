#include "sweep/sweep_panel.h"

#include "charts/sweep_chart.h"
#include "experiment/record/experiment_name.h"
#include "experiment/record/run_configuration.h"
#include "experiment/run/runner_thread.h"
#include "experiment/spec/preset_library.h"
#include "experiment/spec/sweep_plan.h"
#include "history/mean_interval_text.h"
#include "history/stored_run_names.h"
#include "knobs/knob_catalogue.h"
#include "panels/wrapping_header.h"
#include "sweep/interval_delegate.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QJsonObject>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tcptune {

namespace {

// What a new sweep turns: the catalogue's first socket option, the send buffer of the stories'
// first sweeps (the default values below are its sizes).
QString firstSweptKnob()
{
    const QList<KnobInfo> options = KnobCatalogue::instance().ofKind(KnobKind::SocketOption);
    return options.isEmpty() ? QString() : options.constFirst().key;
}

enum Column { ValueColumn, ThroughputColumn, RunsColumn, RttMedianColumn, RttP95Column, FlagsColumn, ColumnCount };

// The stories' presets by their number, in the user's language; a preset of another number
// keeps the name its file gives.
QString presetTitle(const PresetInfo &preset)
{
    switch (preset.story) {
    case 1: return SweepPanel::tr("Story 1: autocorking A/B with split writes");
    case 2: return SweepPanel::tr("Story 2: fixed vs autotuned socket buffers");
    case 3: return SweepPanel::tr("Story 3: TCP Small Queues (tcp_limit_output_bytes) sweep");
    case 4: return SweepPanel::tr("Story 4: MTU x tcp_limit_output_bytes, 1 and 2 streams");
    case 5: return SweepPanel::tr("Story 5: throughput against the TCP send window");
    }
    return preset.name;
}

// A point as the sweep chart's axis shows it: the values as typed ("64K", "1500 x 128K").
QString compactPointLabel(const SweepPlan &plan, const SweepPoint &point)
{
    QStringList parts;
    for (const SweepAxis &axis : plan.axes())
        for (const QString &parameter : axis.parameters)
            if (point.settings.contains(parameter))
                parts.append(compactKnobValue(parameter, point.settings.value(parameter)));
    return parts.isEmpty() ? point.label() : parts.join(QStringLiteral(" × "));
}

// The preset's note under the preset box: at most four lines high, the rest scrolls (a lab note
// whole would push the table and chart below their minimum height at 1280x800).
QScrollArea *noteArea(QLabel *note, QWidget *parent)
{
    auto *area = new QScrollArea(parent);
    area->setObjectName(QStringLiteral("presetNoteArea"));
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidgetResizable(true);
    area->setWidget(note);
    area->setMaximumHeight(
        std::max(area->minimumSizeHint().height(), 4 * note->fontMetrics().lineSpacing() + 2 * note->margin() + 4));
    area->hide();
    return area;
}

} // namespace

SweepPanel::SweepPanel(RunnerThread *runner, SpecSource baseSpec, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_baseSpec(std::move(baseSpec))
    , m_parameter(new QComboBox(this))
    , m_values(new QLineEdit(this))
    , m_repeats(new QSpinBox(this))
    , m_ciTarget(new QDoubleSpinBox(this))
    , m_maxRepeats(new QSpinBox(this))
    , m_preset(new QComboBox(this))
    , m_start(new QPushButton(tr("S&tart sweep"), this))
    , m_cancel(new QPushButton(tr("Cancel sweep"), this))
    , m_status(new QLabel(this))
    , m_presetNote(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_chart(new SweepChart(this))
{
    setUpControls();
    setUpTable();
    layOut();
    connectSignals();
    setQdiscSupport(cachedQdiscSupport());
    // Choosing the tab from the keyboard (Alt+W) puts the keys into the values to sweep over.
    setFocusProxy(m_values);
}

void SweepPanel::setQdiscSupport(const QdiscSupport &support)
{
    m_netemMissing = support.missing.contains(QStringLiteral("netem"));
    const int delay = m_parameter->findData(QStringLiteral("lab.delay"));
    auto *model = qobject_cast<QStandardItemModel *>(m_parameter->model());
    if (delay < 0 || !model)
        return;
    QStandardItem *item = model->item(delay);
    item->setEnabled(!m_netemMissing);
    item->setToolTip(m_netemMissing ? netemMissingText() : QString());
    if (m_netemMissing && m_parameter->currentIndex() == delay)
        m_parameter->setCurrentIndex(std::max(0, m_parameter->findData(firstSweptKnob())));
}

QString SweepPanel::netemMissingText()
{
    return tr("This kernel has no netem (the sch_netem module), so the lab cannot delay packets: sweep another "
              "parameter. Rate, queue and MTU still work.");
}

// The choices above the table: the knob to sweep, its values, the repeats, or a story preset.
void SweepPanel::setUpControls()
{
    m_parameter->setObjectName(QStringLiteral("sweepParameter"));
    m_parameter->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_parameter->setMinimumContentsLength(18);
    for (KnobKind kind : {KnobKind::Sysctl, KnobKind::SocketOption, KnobKind::LabParameter})
        for (const KnobInfo &knob : KnobCatalogue::instance().ofKind(kind))
            if (knob.key != QLatin1String("lab.topology"))
                m_parameter->addItem(knob.key, knob.key);
    for (const QString &parameter : workloadParameters())
        m_parameter->addItem(parameter, parameter);
    m_parameter->setCurrentIndex(std::max(0, m_parameter->findData(firstSweptKnob())));
    m_values->setObjectName(QStringLiteral("sweepValues"));
    m_values->setPlaceholderText(tr("values, e.g. 64K 128K 256K 1M"));
    m_values->setText(QStringLiteral("64K 256K 1M 4M"));
    m_repeats->setObjectName(QStringLiteral("sweepRepeats"));
    m_repeats->setRange(1, 100);
    m_repeats->setValue(3);
    setUpPrecision();
    m_preset->setObjectName(QStringLiteral("sweepPreset"));
    m_preset->addItem(tr("(build from the panels)"), QString());
    for (const PresetInfo &preset : PresetLibrary().presets())
        m_preset->addItem(presetTitle(preset), preset.id);
    m_preset->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_preset->setMinimumContentsLength(24);
    m_presetNote->setObjectName(QStringLiteral("presetNote"));
    m_presetNote->setWordWrap(true);
    m_presetNote->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_presetNoteArea = noteArea(m_presetNote, this);
    m_start->setObjectName(QStringLiteral("startSweep"));
    m_cancel->setObjectName(QStringLiteral("cancelSweep"));
    m_cancel->setEnabled(false);
    m_status->setObjectName(QStringLiteral("sweepStatus"));
    m_status->setWordWrap(true);
}

// Repeat until precise, as netperf's -i/-I: off by default (exactly the repeats); on, the repeats
// are each point's least runs.
void SweepPanel::setUpPrecision()
{
    m_ciTarget->setObjectName(QStringLiteral("sweepCiTarget"));
    m_ciTarget->setRange(0, 50);
    m_ciTarget->setDecimals(2);
    m_ciTarget->setSingleStep(0.5);
    m_ciTarget->setSuffix(QStringLiteral(" %"));
    m_ciTarget->setSpecialValueText(tr("off"));
    m_ciTarget->setToolTip(tr("Repeat each point until the 95 % interval of its mean throughput is within this "
                              "share of the mean: Repeats is then each point's least number of runs, and the point "
                              "that reaches the limit without it is flagged. Off: exactly Repeats runs."));
    m_maxRepeats->setObjectName(QStringLiteral("sweepMaxRepeats"));
    m_maxRepeats->setRange(2, 100);
    m_maxRepeats->setValue(20);
    m_maxRepeats->setToolTip(tr("The most runs a point gets while its interval is wider than the target."));
    m_maxRepeats->setEnabled(false);
    connect(m_ciTarget, &QDoubleSpinBox::valueChanged, this,
            [this](double pct) { m_maxRepeats->setEnabled(pct > 0 && m_preset->currentData().toString().isEmpty()); });
}

void SweepPanel::setHeaderLabels()
{
    m_table->setHorizontalHeaderLabels({tr("Value"), tr("Throughput (%1, 95 % CI)").arg(m_unit.label()),
                                        tr("Each run (%1)").arg(m_unit.label()), tr("RTT median (ms)"),
                                        tr("RTT p95 (ms)"), tr("Flags")});
}

void SweepPanel::setThroughputUnit(ThroughputUnit unit)
{
    m_unit = unit;
    setHeaderLabels();
    m_chart->setThroughputUnit(unit);
    for (const PointResult &result : std::as_const(m_shownPoints))
        showPoint(result);
}

// Story 5's table: one row per value.
void SweepPanel::setUpTable()
{
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_table->setColumnCount(ColumnCount);
    // Long titles (German) wrap onto two lines instead of pushing the last columns out of sight.
    m_table->setHorizontalHeader(new WrappingHeader(m_table));
    setHeaderLabels();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(RunsColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(FlagsColumn, QHeaderView::Stretch);
    m_table->setTextElideMode(Qt::ElideMiddle);
    // The throughput's interval goes under its mean where the column is narrow (1024x700).
    m_table->setItemDelegateForColumn(ThroughputColumn, new IntervalDelegate(m_table));
    // The others stay on one line, elided (each run's figures and the flags are whole in their
    // tooltips): wrapped into a narrow column, a row grew to four lines.
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setMinimumSectionSize(24);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
}

// The controls above, the table beside the chart below.
void SweepPanel::layOut()
{
    // Three rows (what, how often, or a preset and the buttons): in one, the row was wider than
    // the tab at 1024x700.
    auto *controls = new QGridLayout;
    controls->addWidget(new QLabel(tr("Sweep"), this), 0, 0);
    auto *what = new QHBoxLayout;
    what->addWidget(m_parameter);
    what->addWidget(new QLabel(tr("over"), this));
    what->addWidget(m_values, 1);
    controls->addLayout(what, 0, 1);
    controls->addWidget(new QLabel(tr("Repeats"), this), 1, 0);
    auto *repeats = new QHBoxLayout;
    repeats->addWidget(m_repeats);
    repeats->addWidget(new QLabel(tr("until 95 % CI ±"), this));
    repeats->addWidget(m_ciTarget);
    repeats->addWidget(new QLabel(tr("at most"), this));
    repeats->addWidget(m_maxRepeats);
    repeats->addStretch(1);
    controls->addLayout(repeats, 1, 1);
    controls->addWidget(new QLabel(tr("or preset"), this), 2, 0);
    auto *preset = new QHBoxLayout;
    preset->addWidget(m_preset, 1);
    preset->addWidget(m_start);
    preset->addWidget(m_cancel);
    controls->addLayout(preset, 2, 1);
    controls->setColumnStretch(1, 1);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_chart);
    // Sizes follow the panel's width (resizeEvent): the table the width its figures need, the
    // chart the rest, at least its two fifths.
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    m_split = split;
    // New figures can widen the table's columns (fitted to their contents).
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this, &SweepPanel::fitSplit);
    m_chart->setMinimumWidth(228); // narrower, QtCharts elides its axes' numbers

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4); // the tab's frame is margin enough
    layout->addLayout(controls);
    layout->addWidget(m_presetNoteArea);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
}

// The table gets what its figures' columns need, at least three fifths; the chart the rest, at
// least what it needs to keep its axes' numbers (at 1024x700 the table took the chart's two
// fifths and scrolled sideways; at 1280x800 a fixed share cut the chart's legend).
void SweepPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitSplit();
}

void SweepPanel::fitSplit()
{
    const int total = m_split->width() - m_split->handleWidth();
    if (total <= 0)
        return;
    const QHeaderView *header = m_table->horizontalHeader();
    int need = 2 * m_table->frameWidth() + m_table->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < ColumnCount; ++c)
        need += header->sectionResizeMode(c) == QHeaderView::Stretch ? header->minimumSectionSize()
                                                                     : header->sectionSize(c); // fitted to its contents
    const int table = std::clamp(need, total * 3 / 5, std::max(total * 3 / 5, total - m_chart->minimumWidth()));
    m_split->setSizes({table, total - table});
}

void SweepPanel::connectSignals()
{
    connect(m_preset, &QComboBox::currentIndexChanged, this, &SweepPanel::showPreset);
    connect(m_start, &QPushButton::clicked, this, &SweepPanel::start);
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(m_runner, &RunnerThread::pointUpdated, this, &SweepPanel::onPointUpdated);
    connect(m_runner, &RunnerThread::stopped, this, &SweepPanel::onStopped);
    connect(m_runner, &RunnerThread::finished, this, [this](qint64, const QString &status) { m_ending = status; });
    connect(m_runner, &RunnerThread::progress, this, [this](int done, int total, double eta) {
        m_done = done;
        m_total = total;
        if (m_active)
            m_status->setText(tr("%1 of %2 runs done, about %3 s left.").arg(done).arg(total).arg(qRound(eta)));
    });
}

Result<SweepPlan> SweepPanel::buildPlan() const
{
    if (const QString preset = m_preset->currentData().toString(); !preset.isEmpty())
        return presetInThisLab(PresetLibrary().load(preset));
    ExperimentSpec spec;
    QString problem;
    if (!m_baseSpec(spec, &problem))
        return fail(problem);
    spec.name = neutralSweepName(m_parameter->currentData().toString()); // translated on display
    spec.repeats = m_repeats->value();
    if (m_ciTarget->value() > 0)
        spec.setUntilPrecise(m_repeats->value(), m_maxRepeats->value(), m_ciTarget->value());
    SweepPlan plan(spec);
    const QStringList values =
        m_values->text().split(QRegularExpression(QStringLiteral("[\\s,;]+")), Qt::SkipEmptyParts);
    if (values.isEmpty())
        return fail(tr("The sweep has no values: type them separated by spaces, e.g. 64K 256K 1M."));
    if (m_netemMissing && m_parameter->currentData().toString() == QLatin1String("lab.delay"))
        return fail(netemMissingText());
    if (auto ok = plan.addAxis(m_parameter->currentData().toString(), values); !ok)
        return fail(ok.error().message);
    plan.setRepeats(spec.repeats);
    return plan;
}

// A chosen preset fills the form with what it will run (its first axis, values and repeats);
// the fields are read-only while it is chosen, and the other panels follow its target and
// workload (presetChosen).
void SweepPanel::showPreset()
{
    const QString id = m_preset->currentData().toString();
    const bool preset = !id.isEmpty();
    for (QWidget *field : {static_cast<QWidget *>(m_parameter), static_cast<QWidget *>(m_values),
                           static_cast<QWidget *>(m_repeats), static_cast<QWidget *>(m_ciTarget)})
        field->setEnabled(!preset);
    m_maxRepeats->setEnabled(!preset && m_ciTarget->value() > 0);
    m_presetNoteArea->setVisible(preset);
    if (!preset)
        return;
    const Result<SweepPlan> plan = PresetLibrary().load(id);
    if (!plan) {
        m_presetNote->setText(plan.error().message);
        return;
    }
    QStringList axes;
    for (const SweepAxis &axis : plan->axes())
        axes.append(axis.parameters.join(QLatin1Char('+')));
    if (!plan->axes().isEmpty()) {
        const SweepAxis &first = plan->axes().first();
        const QString parameter = first.parameters.value(0);
        if (m_parameter->findData(parameter) < 0)
            m_parameter->addItem(parameter, parameter);
        m_parameter->setCurrentIndex(m_parameter->findData(parameter));
        QStringList values;
        for (const QStringList &position : first.values)
            values.append(compactKnobValue(parameter, position.value(0)));
        m_values->setText(values.join(QLatin1Char(' ')));
    }
    m_repeats->setValue(plan->repeats());
    m_ciTarget->setValue(plan->spec().ciTargetPct);
    if (plan->spec().untilPrecise())
        m_maxRepeats->setValue(plan->spec().maxRepeats);
    // What it runs, then what the lab can and cannot reproduce of its story (issue 14).
    QStringList note{tr("The preset runs %1 over %n point(s) with %2 repeats each; its target and workload "
                        "are shown on the left. Choose \"(build from the panels)\" to edit.",
                        nullptr, int(plan->points().size()))
                         .arg(axes.join(QStringLiteral(" × ")))
                         .arg(plan->repeats())};
    if (const QString lab = plan->labNoteLine(); !lab.isEmpty())
        note.append(lab);
    m_presetNote->setText(note.join(QLatin1Char('\n')));
    Q_EMIT presetChosen(*plan);
}

// A preset's lab is the workbench's lab (tests and walkthroughs name their own).
Result<SweepPlan> SweepPanel::presetInThisLab(Result<SweepPlan> plan) const
{
    ExperimentSpec panels;
    if (!plan || plan->spec().target.kind != TargetSpec::Kind::Lab || !plan->spec().target.labName.isEmpty())
        return plan;
    QString ignored;
    m_baseSpec(panels, &ignored);
    if (panels.target.labName.isEmpty())
        return plan;
    QJsonObject json = plan->toJson();
    QJsonObject target = json.value(QStringLiteral("target")).toObject();
    target.insert(QStringLiteral("kind"), QStringLiteral("lab"));
    target.insert(QStringLiteral("lab"), panels.target.labName);
    json.insert(QStringLiteral("target"), target);
    return SweepPlan::fromJson(json);
}

void SweepPanel::start()
{
    if (m_runner->isRunning())
        return;
    Result<SweepPlan> plan = buildPlan();
    if (!plan) {
        m_status->setText(plan.error().message);
        Q_EMIT problem(plan.error().message);
        return;
    }
    showPlan(*plan);
    m_ending.clear();
    m_done = 0;
    m_total = int(plan->runs().size());
    if (!m_runner->start(*plan))
        return;
    m_active = true;
    m_start->setEnabled(false);
    m_cancel->setEnabled(true);
    m_status->setText(
        tr("Sweep started: %1 runs, about %2 s.").arg(plan->runs().size()).arg(qRound(plan->expectedDurationS())));
}

void SweepPanel::cancel()
{
    if (!m_active)
        return;
    m_status->setText(tr("Cancelling; knobs are being restored..."));
    m_runner->cancel();
}

void SweepPanel::showPlan(const SweepPlan &plan)
{
    const QList<SweepPoint> points = plan.points();
    m_shownPoints.clear();
    m_table->setRowCount(int(points.size()));
    QList<SweepChartPoint> chartPoints;
    for (int row = 0; row < points.size(); ++row) {
        m_table->setItem(row, ValueColumn, new QTableWidgetItem(points[row].label()));
        for (int c = ThroughputColumn; c < ColumnCount; ++c)
            m_table->setItem(row, c, new QTableWidgetItem(QString()));
        SweepChartPoint chartPoint;
        chartPoint.label = compactPointLabel(plan, points[row]);
        chartPoints.append(chartPoint);
    }
    m_chart->setAxisTitle(axesHeading(plan));
    m_chart->setPoints(chartPoints);
}

void SweepPanel::onPointUpdated(const PointResult &result)
{
    const int point = result.point.index;
    if (!m_active || point < 0 || point >= m_table->rowCount())
        return;
    m_shownPoints.insert(point, result);
    showPoint(result);
}

void SweepPanel::showPoint(const PointResult &result)
{
    const int point = result.point.index;
    if (point < 0 || point >= m_table->rowCount())
        return;
    const PointStatistics &s = result.stats;
    // A point without an Ok run has no value: it shows a dash and no mark, never 0.
    // Its interval beside the mean; one run measured no spread: "(–, 1 run)", never "± 0.0".
    const stats::MeanInterval interval = throughputInterval(s);
    m_table->item(point, ThroughputColumn)
        ->setText(result.hasResult()
                      ? MeanIntervalText::of(interval, m_unit.bitsPerSecondPerUnit(), m_unit.decimalsLike(1))
                      : QStringLiteral("-"));
    m_table->item(point, ThroughputColumn)->setToolTip(MeanIntervalText::toolTip(interval));
    QStringList each;
    for (const RunRecord &r : result.runs)
        each.append(r.status == RunStatus::Ok ? throughputText(r, 1, m_unit) : runStatusText(r.status));
    const QLocale locale;
    const auto milliseconds = [&locale](double ms) { return ms >= 0 ? locale.toString(ms, 'f', 2) : QString(); };
    m_table->item(point, RttMedianColumn)->setText(milliseconds(s.rttMedianMs));
    m_table->item(point, RttP95Column)->setText(milliseconds(s.rttP95Ms));
    // The two long texts share what the figures leave and are elided: their tooltips have them whole.
    for (const auto &[column, text] : {std::pair{int(RunsColumn), each.join(QStringLiteral(", "))},
                                       std::pair{int(FlagsColumn), result.flags().join(QStringLiteral("; "))}}) {
        m_table->item(point, column)->setText(text);
        m_table->item(point, column)->setToolTip(text);
    }

    QList<SweepChartPoint> chartPoints = m_chart->points();
    if (point < chartPoints.size()) {
        chartPoints[point].throughputMbps = result.hasResult() ? s.mean / 1e6 : -1;
        chartPoints[point].ciLowMbps = interval.hasInterval() ? interval.low / 1e6 : qQNaN();
        chartPoints[point].ciHighMbps = interval.hasInterval() ? interval.high / 1e6 : qQNaN();
        chartPoints[point].rttMedianMs = s.rttMedianMs;
        m_chart->setPoints(chartPoints);
    }
}

void SweepPanel::onStopped()
{
    if (!m_active)
        return;
    m_active = false;
    m_start->setEnabled(true);
    m_cancel->setEnabled(false);
    // How it ended is said in words: a cancelled sweep does not read like a finished one.
    if (m_ending == QLatin1String("cancelled"))
        m_status->setText(tr("Sweep cancelled after %1 of %2 runs: points without a finished run have no value "
                             "(no 0 is drawn). Every knob is back to its value before the sweep.")
                              .arg(m_done)
                              .arg(m_total));
    else if (m_ending == QLatin1String("finished"))
        m_status->setText(
            tr("Sweep finished: %1 runs. Every knob is back to its value before the sweep.").arg(m_total));
    else
        m_status->setText(tr("Sweep failed; see the message above. Every knob is back to its value before the sweep."));
    m_status->setProperty("ending", m_ending);
}

} // namespace tcptune
