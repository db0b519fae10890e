#include "history/ab_table.h"

#include "experiment/tables/experiment_diff.h"
#include "history/ab_comparison.h"
#include "history/ab_verdict.h"
#include "history/stored_run_names.h"

#include <QHeaderView>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

QString number(double v)
{
    return std::isnan(v) ? QString() : QLocale().toString(v, 'f', 2);
}

QTableWidgetItem *cell(const QString &text, bool highlighted = false)
{
    auto *i = new QTableWidgetItem(text);
    if (highlighted) {
        i->setBackground(AbTable::differenceColour());
        QFont bold = i->font();
        bold.setBold(true);
        i->setFont(bold);
    }
    return i;
}

// LABELS with where each run ran, when the runs differ in it: runs from two hosts or kernels
// of a team's store ("tcp_wmem=4096; lab2, 6.1.0-18-amd64").
QStringList withOrigins(QStringList labels, const QList<ComparedRun> &runs)
{
    const auto differ = [&runs](QString RunRecord::*field) {
        return std::any_of(runs.begin(), runs.end(),
                           [&](const ComparedRun &c) { return c.run.*field != runs.first().run.*field; });
    };
    const bool hosts = differ(&RunRecord::host);
    const bool kernels = differ(&RunRecord::kernel);
    for (int i = 0; i < labels.size(); ++i) {
        QStringList origin;
        if (hosts)
            origin.append(runs.at(i).run.host.isEmpty() ? AbTable::tr("host unknown") : runs.at(i).run.host);
        if (kernels)
            origin.append(runs.at(i).run.kernel.isEmpty() ? AbTable::tr("kernel unknown") : runs.at(i).run.kernel);
        if (!origin.isEmpty())
            labels[i] = labels.at(i).isEmpty()
                            ? origin.join(QStringLiteral(", "))
                            : QStringLiteral("%1; %2").arg(labels.at(i), origin.join(QStringLiteral(", ")));
    }
    return labels;
}

} // namespace

AbTable::AbTable(QWidget *parent)
    : QTableWidget(parent)
{
    setObjectName(QStringLiteral("abTable"));
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(true);
    setUpColumns(2);
}

QString AbTable::letter(int index)
{
    return QString(QChar(u'A' + index));
}

QColor AbTable::differenceColour()
{
    return QColor(0xff, 0xe0, 0x8a);
}

void AbTable::setUpColumns(int runs)
{
    QStringList headers{tr("Figure")};
    for (int i = 1; i < runs; ++i)
        headers.append(tr("%1 against A").arg(letter(i)));
    for (int i = 0; i < runs; ++i)
        headers.append(letter(i));
    for (int i = 1; i < runs; ++i)
        headers.append(tr("%1 / A (95 % CI)").arg(letter(i)));
    setColumnCount(int(headers.size()));
    setHorizontalHeaderLabels(headers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    // A verdict has room for its sentence on two or three lines (a German one squeezed between
    // the figures wrapped a word a line); the figures may scroll.
    const int verdictWidth = runs > 2 ? 240 : 330;
    for (int i = 1; i < runs; ++i) {
        horizontalHeader()->setSectionResizeMode(verdictColumn(i), QHeaderView::Interactive);
        setColumnWidth(verdictColumn(i), verdictWidth);
    }
}

// A lab knob's name with both ends is long ("tcp_autocorking (lab client (tcptune-lab-client))"):
// it is elided (its tooltip holds the key) so that the verdicts beside it stay in sight.
void AbTable::fitFigureColumn()
{
    resizeColumnToContents(0);
    setColumnWidth(0, std::min(columnWidth(0), 190));
}

int AbTable::fillFigures(int r, const QList<PointDiff> &againstA)
{
    const int runs = int(againstA.size()) + 1;
    const QList<MetricRow> &first = againstA.first().metrics;
    for (int m = 0; m < first.size(); ++m, ++r) {
        setItem(r, 0, cell(AbVerdict::figureName(first.at(m), m_unit)));
        setItem(r, valueColumn(0, runs),
                cell(number(AbVerdict::inUnit(first.at(m), first.at(m).difference.a, m_unit))));
        for (int i = 1; i < runs; ++i) {
            const QList<MetricRow> &metrics = againstA.at(i - 1).metrics;
            if (m >= metrics.size())
                continue;
            const MetricRow &row = metrics.at(m);
            const QString sentence = AbVerdict::sentence(row, letter(i));
            setItem(r, verdictColumn(i), cell(sentence, row.difference.significant));
            item(r, verdictColumn(i))->setToolTip(sentence + QLatin1Char('\n') + AbVerdict::method(row.difference));
            setItem(r, valueColumn(i, runs), cell(number(AbVerdict::inUnit(row, row.difference.b, m_unit))));
            setItem(r, ratioColumn(i, runs), cell(AbVerdict::ratio(row.difference)));
        }
    }
    return r;
}

void AbTable::fillKnobs(const QList<ComparedRun> &runs, int firstRow)
{
    // Every knob that differs between A and any other run, or from the kernel default in one.
    QMap<QString, QStringList> values; // key -> compact value per run
    for (int i = 1; i < runs.size(); ++i)
        for (const AbKnobRow &row : compareConfigurations(runs.first().config, runs.at(i).config))
            values.insert(row.key, {});
    const bool bothEnds = hasFarKnobs(values.keys()); // then each knob names its end
    const int n = int(runs.size());
    int r = firstRow;
    setRowCount(firstRow + int(values.size()));
    for (auto it = values.begin(); it != values.end(); ++it, ++r) {
        setItem(r, 0, cell(endNamedKnob(it.key(), bothEnds, runs.first().config)));
        item(r, 0)->setToolTip(it.key());
        const QString base = runs.first().config.all.value(it.key());
        for (int i = 0; i < n; ++i) {
            const QString v = runs.at(i).config.all.value(it.key());
            bool differs = v.simplified() != base.simplified();
            for (int j = 1; j < n && i == 0 && !differs; ++j)
                differs = runs.at(j).config.all.value(it.key()).simplified() != base.simplified();
            setItem(r, valueColumn(i, n),
                    cell(v.isEmpty() ? QStringLiteral("-") : compactKnobValue(it.key(), v), differs));
        }
        for (int c = 1; c < columnCount(); ++c)
            if (!item(r, c))
                setItem(r, c, cell(QString()));
    }
}

QString AbTable::compare(const QList<ComparedRun> &runs, const QList<PointDiff> &againstA)
{
    if (runs.size() < 2 || againstA.size() != runs.size() - 1)
        return {};
    m_fillAgain = [this, runs, againstA] { compare(runs, againstA); };
    clearSpans();
    clearContents();
    setUpColumns(int(runs.size()));
    setRowCount(int(againstA.first().metrics.size()));
    fillKnobs(runs, fillFigures(0, againstA));
    fitFigureColumn();
    QList<RunConfiguration> configs;
    for (const ComparedRun &c : runs)
        configs.append(c.config);
    const QStringList labels = withOrigins(distinguishingLabels(configs), runs);
    QStringList parts;
    for (int i = 0; i < runs.size(); ++i)
        parts.append(labels.at(i).isEmpty()
                         ? tr("%1 = #%2").arg(letter(i)).arg(runs.at(i).run.id)
                         : tr("%1 = #%2 (%3)").arg(letter(i)).arg(runs.at(i).run.id).arg(labels.at(i)));
    const bool same = std::all_of(labels.begin(), labels.end(), [](const QString &l) { return l.isEmpty(); });
    return same ? tr("%1: the same knobs.").arg(parts.join(QStringLiteral(", "))) : parts.join(QStringLiteral(", "));
}

void AbTable::setThroughputUnit(ThroughputUnit unit)
{
    m_unit = unit;
    if (const std::function<void()> again = m_fillAgain)
        again();
}

QString AbTable::compareExperiments(const ExperimentDiff &diff)
{
    m_fillAgain = [this, diff] { compareExperiments(diff); };
    clearSpans();
    clearContents();
    setUpColumns(2);
    int rows = 0;
    for (const PointDiff &point : diff.points)
        rows += 1 + int(point.metrics.size());
    setRowCount(rows);
    int r = 0;
    for (const PointDiff &point : diff.points) {
        // A heading row per point: its values on both sides, and the knobs that differed.
        QStringList knobs;
        for (const KnobDifference &k : point.knobs)
            knobs.append(QStringLiteral("%1: %2 → %3").arg(shortKnobName(k.key), k.a, k.b));
        QString heading =
            point.labelA == point.labelB ? point.labelA : QStringLiteral("%1 ↔ %2").arg(point.labelA, point.labelB);
        if (heading.isEmpty())
            heading = tr("(one point)");
        setItem(r, 0,
                cell(knobs.isEmpty() ? heading : tr("%1; knobs: %2").arg(heading, knobs.join(QStringLiteral(", ")))));
        QFont bold = item(r, 0)->font();
        bold.setBold(true);
        item(r, 0)->setFont(bold);
        setSpan(r, 0, 1, columnCount());
        r = fillFigures(r + 1, {point});
    }
    fitFigureColumn();
    const QString title = tr("A = experiment %1, B = experiment %2, points compared: %3")
                              .arg(diff.a.id)
                              .arg(diff.b.id)
                              .arg(diff.points.size());
    if (diff.onlyInA.isEmpty() && diff.onlyInB.isEmpty())
        return title + QLatin1Char('.');
    return tr("%1; only in A: %2; only in B: %3.")
        .arg(title, diff.onlyInA.isEmpty() ? QStringLiteral("–") : diff.onlyInA.join(QStringLiteral(", ")),
             diff.onlyInB.isEmpty() ? QStringLiteral("–") : diff.onlyInB.join(QStringLiteral(", ")));
}

} // namespace tcptune
