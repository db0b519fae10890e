#include "history/ab_table.h"

#include "history/ab_comparison.h"
#include "history/stored_run_names.h"

#include <QHeaderView>
#include <QLocale>

#include <algorithm>

namespace tcptune {
namespace {

QString number(double v)
{
    return QLocale().toString(v, 'f', 2);
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

} // namespace

AbTable::AbTable(QWidget *parent)
    : QTableWidget(parent)
{
    setObjectName(QStringLiteral("abTable"));
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
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

// Figure, a value column per run, then for each run after A its difference and ratio to A.
void AbTable::setUpColumns(int runs)
{
    QStringList headers{tr("Figure")};
    for (int i = 0; i < runs; ++i)
        headers.append(letter(i));
    for (int i = 1; i < runs; ++i)
        headers << tr("%1 − A").arg(letter(i)) << tr("%1 / A").arg(letter(i));
    setColumnCount(int(headers.size()));
    setHorizontalHeaderLabels(headers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
}

int AbTable::fillFigures(const QList<ComparedRun> &runs)
{
    const int n = int(runs.size());
    QList<QList<AbRow>> against; // against[i - 1]: run i compared with A
    for (int i = 1; i < n; ++i)
        against.append(compareRuns(runs.first().run, runs.at(i).run));
    const QList<AbRow> &first = against.first();
    for (int r = 0; r < first.size(); ++r) {
        setItem(r, 0, cell(first.at(r).figure));
        setItem(r, 1, cell(first.at(r).known ? number(first.at(r).a) : QString()));
        for (int i = 1; i < n; ++i) {
            const AbRow &row = against.at(i - 1).at(r);
            setItem(r, 1 + i, cell(row.known ? number(row.b) : QString()));
            setItem(r, n + 2 * (i - 1) + 1, cell(row.known ? number(row.difference) : QString()));
            setItem(r, n + 2 * (i - 1) + 2,
                    cell(row.ratio ? QStringLiteral("%1×").arg(number(*row.ratio)) : QString()));
        }
    }
    return int(first.size());
}

void AbTable::fillKnobs(const QList<ComparedRun> &runs, int firstRow)
{
    // Every knob that differs between A and any other run, or from the kernel default in one.
    QMap<QString, QStringList> values; // key -> compact value per run
    for (int i = 1; i < runs.size(); ++i)
        for (const AbKnobRow &row : compareConfigurations(runs.first().config, runs.at(i).config))
            values.insert(row.key, {});
    const bool bothEnds = hasFarKnobs(values.keys()); // then each knob names its end
    int r = firstRow;
    setRowCount(firstRow + int(values.size()));
    for (auto it = values.begin(); it != values.end(); ++it, ++r) {
        setItem(r, 0, cell(endNamedKnob(it.key(), bothEnds, runs.first().config)));
        item(r, 0)->setToolTip(it.key());
        const QString base = runs.first().config.all.value(it.key());
        for (int i = 0; i < runs.size(); ++i) {
            const QString v = runs.at(i).config.all.value(it.key());
            bool differs = v.simplified() != base.simplified();
            for (int j = 1; j < runs.size() && i == 0 && !differs; ++j)
                differs = runs.at(j).config.all.value(it.key()).simplified() != base.simplified();
            setItem(r, 1 + i, cell(v.isEmpty() ? QStringLiteral("-") : compactKnobValue(it.key(), v), differs));
        }
        for (int c = 1 + int(runs.size()); c < columnCount(); ++c)
            setItem(r, c, cell(QString()));
    }
}

QString AbTable::compare(const QList<ComparedRun> &runs)
{
    if (runs.size() < 2)
        return {};
    setUpColumns(int(runs.size()));
    setRowCount(int(compareRuns(runs.first().run, runs.first().run).size()));
    fillKnobs(runs, fillFigures(runs));
    QList<RunConfiguration> configs;
    for (const ComparedRun &c : runs)
        configs.append(c.config);
    const QStringList labels = distinguishingLabels(configs);
    QStringList parts;
    for (int i = 0; i < runs.size(); ++i)
        parts.append(labels.at(i).isEmpty()
                         ? tr("%1 = #%2").arg(letter(i)).arg(runs.at(i).run.id)
                         : tr("%1 = #%2 (%3)").arg(letter(i)).arg(runs.at(i).run.id).arg(labels.at(i)));
    const bool same = std::all_of(labels.begin(), labels.end(), [](const QString &l) { return l.isEmpty(); });
    return same ? tr("%1: the same knobs.").arg(parts.join(QStringLiteral(", "))) : parts.join(QStringLiteral(", "));
}

QString AbTable::compare(const RunRecord &a, const RunConfiguration &configA, const RunRecord &b,
                         const RunConfiguration &configB)
{
    return compare(QList<ComparedRun>{{a, configA}, {b, configB}});
}

} // namespace tcptune
