#include "history/ab_table.h"

#include "history/ab_comparison.h"
#include "history/stored_run_names.h"

#include <QHeaderView>
#include <QLocale>

namespace tcptune {
namespace {

enum Column { FigureColumn, AColumn, BColumn, DifferenceColumn, RatioColumn, ColumnCount };

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
    setColumnCount(ColumnCount);
    setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B"), tr("B − A"), tr("B / A")});
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(FigureColumn, QHeaderView::Stretch);
}

QColor AbTable::differenceColour()
{
    return QColor(0xff, 0xe0, 0x8a);
}

QString AbTable::compare(const RunRecord &a, const RunConfiguration &configA, const RunRecord &b,
                         const RunConfiguration &configB)
{
    const QList<AbRow> figures = compareRuns(a, b);
    const QList<AbKnobRow> knobs = compareConfigurations(configA, configB);
    setRowCount(int(figures.size() + knobs.size()));
    int r = 0;
    for (const AbRow &row : figures) {
        setItem(r, FigureColumn, cell(row.figure));
        setItem(r, AColumn, cell(row.known ? number(row.a) : QString()));
        setItem(r, BColumn, cell(row.known ? number(row.b) : QString()));
        setItem(r, DifferenceColumn, cell(row.known ? number(row.difference) : QString()));
        setItem(r, RatioColumn, cell(row.ratio ? QStringLiteral("%1×").arg(number(*row.ratio)) : QString()));
        ++r;
    }
    QStringList keys;
    for (const AbKnobRow &row : knobs)
        keys.append(row.key);
    const bool bothEnds = hasFarKnobs(keys); // then each knob names its end
    for (const AbKnobRow &row : knobs) {
        setItem(r, FigureColumn, cell(endNamedKnob(row.key, bothEnds)));
        item(r, FigureColumn)->setToolTip(row.key);
        setItem(r, AColumn, cell(row.a, row.differs));
        setItem(r, BColumn, cell(row.b, row.differs));
        setItem(r, DifferenceColumn, cell(QString()));
        setItem(r, RatioColumn, cell(QString()));
        ++r;
    }
    const auto [forA, forB] = distinguishingLabels(configA, configB);
    if (forA.isEmpty() && forB.isEmpty())
        return tr("A = #%1, B = #%2: the same knobs.").arg(a.id).arg(b.id);
    return tr("A = #%1 (%2), B = #%3 (%4)").arg(a.id).arg(forA).arg(b.id).arg(forB);
}

} // namespace tcptune
