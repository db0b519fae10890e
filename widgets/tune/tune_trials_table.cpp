#include "tune/tune_trials_table.h"

#include "experiment/tune/tune_run_record.h"
#include "panels/wrapping_header.h"
#include "tune/tune_texts.h"

#include <QHeaderView>
#include <QLocale>

#include <cmath>

namespace tcptune {
namespace {

// The mean of the runs that measured the objective; NaN without one.
double meanOf(const QList<double> &values)
{
    double sum = 0;
    int n = 0;
    for (double v : values)
        if (std::isfinite(v)) {
            sum += v;
            ++n;
        }
    return n > 0 ? sum / n : std::nan("");
}

} // namespace

TuneTrialsTable::TuneTrialsTable(QWidget *parent)
    : QTableWidget(parent)
{
    setColumnCount(ColumnCount);
    // Long titles (German) wrap onto two lines instead of pushing the last columns out of sight.
    setHorizontalHeader(new WrappingHeader(this));
    setHeaderLabels();
    // Every column as wide as its text, the values moved ("max 32K → 256K") included: a narrow
    // window scrolls the table sideways rather than cut a value to "…".
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setMinimumSectionSize(24);
    setTextElideMode(Qt::ElideMiddle);
    setWordWrap(false);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
}

void TuneTrialsTable::setHeaderLabels()
{
    setHorizontalHeaderLabels(
        {tr("#"), tr("Knob"), tr("From → to"), tr("Runs"), tr("Mean (%1)").arg(TuneTexts::unitOf(m_goal, m_unit)),
         tr("Difference (%1, 95 % CI)").arg(TuneTexts::unitOf(m_goal, m_unit)), tr("p"), tr("Outcome")});
}

void TuneTrialsTable::reset(TuneGoal goal)
{
    m_goal = goal;
    m_live.clear();
    m_trials.clear();
    setRowCount(0);
    setHeaderLabels();
}

void TuneTrialsTable::setThroughputUnit(ThroughputUnit unit)
{
    m_unit = unit;
    setHeaderLabels();
    if (m_trials.isEmpty())
        showLive();
    else {
        TuneAnswer again;
        again.goal = m_goal;
        again.trials = m_trials;
        showAnswer(again);
    }
}

void TuneTrialsTable::addRun(const RunRecord &record)
{
    LiveTrial &trial = m_live[record.pointIndex];
    trial.label = record.pointLabel;
    trial.objectives.append(tuneObjective(TuneRunRecord::trialRunOf(record, {}), m_goal));
    showLive();
}

void TuneTrialsTable::showLive()
{
    setRowCount(int(m_live.size()));
    int row = 0;
    for (auto it = m_live.begin(); it != m_live.end(); ++it, ++row)
        setRow(row,
               {QString::number(it.key()), it.key() == 0 ? tr("(baseline)") : it.value().label, QString(),
                QString::number(it.value().objectives.size()),
                TuneTexts::number(meanOf(it.value().objectives), m_goal, m_unit), QString(), QString(), tr("running")});
}

void TuneTrialsTable::showAnswer(const TuneAnswer &answer)
{
    m_goal = answer.goal;
    m_trials = answer.trials;
    setHeaderLabels();
    setRowCount(int(m_trials.size()));
    const QLocale locale;
    for (int row = 0; row < m_trials.size(); ++row) {
        const TuneTrial &t = m_trials.at(row);
        QList<double> objectives;
        for (const TrialRun &run : t.runs)
            objectives.append(tuneObjective(run, m_goal));
        const bool baseline = t.outcome == TuneTrial::Outcome::Baseline;
        setRow(row,
               {QString::number(t.index), baseline ? tr("(baseline)") : t.knob, baseline ? QString() : changeText(t),
                QString::number(t.runs.size()), TuneTexts::number(meanOf(objectives), m_goal, m_unit),
                baseline ? QString() : TuneTexts::compactDifference(t.difference, t.ciLow, t.ciHigh, m_goal, m_unit),
                baseline ? QString() : locale.toString(t.p, 'g', 2), TuneTexts::outcome(t.outcome)});
    }
}

// What a trial moved, short enough for the narrow column: a triple's maximum alone when only it
// moved ("max 32K → 128K", as the search moves it); the whole values otherwise.
QString TuneTrialsTable::changeText(const TuneTrial &trial)
{
    const QString from = TuneTexts::value(trial.knob, trial.from);
    const QString to = TuneTexts::value(trial.knob, trial.to);
    const QStringList a = from.split(QLatin1Char(' '));
    const QStringList b = to.split(QLatin1Char(' '));
    if (a.size() == 3 && b.size() == 3 && a.at(0) == b.at(0) && a.at(1) == b.at(1))
        return tr("max %1 → %2").arg(a.at(2), b.at(2));
    return tr("%1 → %2").arg(from, to);
}

void TuneTrialsTable::setRow(int row, const QStringList &texts)
{
    for (int c = 0; c < ColumnCount; ++c) {
        auto *item = new QTableWidgetItem(texts.value(c));
        item->setToolTip(texts.value(c)); // elided in a narrow column: whole in the tooltip
        if (c != KnobColumn && c != ChangeColumn && c != OutcomeColumn)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        setItem(row, c, item);
    }
}

} // namespace tcptune
