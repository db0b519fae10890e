#include "diagnosis/counter_difference_view.h"

#include "experiment/diagnosis/counter_comparison.h"
#include "panels/fitting_label.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tcptune {

CounterDifferenceView::CounterDifferenceView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new FittingLabel(this))
    , m_table(new QTableWidget(this))
{
    m_summary->setObjectName(QStringLiteral("abVerdict"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setObjectName(QStringLiteral("counterDifferences"));
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({tr("End"), tr("Counter"), tr("A"), tr("B")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    clear();
}

void CounterDifferenceView::setRuns(const QString &labelA, const RunRecord &a, const QString &labelB,
                                    const RunRecord &b)
{
    QStringList lines;
    const QString none = tr("no verdict");
    lines << tr("A (%1): %2").arg(labelA, a.verdict.isEmpty() ? none : a.verdict)
          << tr("B (%1): %2").arg(labelB, b.verdict.isEmpty() ? none : b.verdict);
    if (const QString pair = CounterComparison::verdict(a, b); !pair.isEmpty())
        lines << pair;
    const QList<CounterDifference> differences = CounterComparison::differences(a, b);
    if (differences.isEmpty())
        lines << tr("No kernel counter differs between the two runs (or their counters were not read).");
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_table->setRowCount(int(differences.size()));
    for (int row = 0; row < differences.size(); ++row) {
        const CounterDifference &d = differences.at(row);
        auto *valueA = new QTableWidgetItem(QLocale().toString(d.a));
        auto *valueB = new QTableWidgetItem(QLocale().toString(d.b));
        valueA->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        valueB->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, 0, new QTableWidgetItem(CounterComparison::endName(d.end)));
        m_table->setItem(row, 1, new QTableWidgetItem(d.name));
        m_table->setItem(row, 2, valueA);
        m_table->setItem(row, 3, valueB);
        m_table->item(row, 1)->setToolTip(CounterComparison::line(d));
    }
}

void CounterDifferenceView::clear()
{
    m_summary->setText(tr("Compare two runs to see their verdicts and the kernel counters that differ."));
    m_table->setRowCount(0);
}

QString CounterDifferenceView::summaryText() const
{
    return m_summary->text();
}

} // namespace tcptune
