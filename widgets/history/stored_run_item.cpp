#include "history/stored_run_item.h"

#include "experiment/store/stored_run_details.h"
#include "history/history_panel.h"
#include "history/stored_run_names.h"

#include <QLocale>

namespace tcptune {
namespace {

QString number(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}

} // namespace

StoredRunItem::StoredRunItem(QTreeWidgetItem *experiment, const RunRecord &run, StoredRunDetails *details,
                             ThroughputUnit unit)
    : QTreeWidgetItem(experiment)
    , m_run(run)
    , m_details(details)
{
    setData(HistoryPanel::NameColumn, HistoryPanel::kRunIdRole, run.id);
    setData(HistoryPanel::NameColumn, HistoryPanel::kExperimentIdRole, run.experimentId);
    setText(HistoryPanel::StatusColumn, runStatusText(run.status));
    // A run without figures has no value: a dash, never 0.
    const bool ok = run.status == RunStatus::Ok;
    setText(HistoryPanel::ThroughputColumn, ok ? throughputText(run, 1, unit) : QStringLiteral("-"));
    setText(HistoryPanel::RttColumn, ok && run.rttMedianMs >= 0 ? number(run.rttMedianMs, 2) : QStringLiteral("-"));
    setText(HistoryPanel::RetransColumn, ok ? QString::number(run.retransmits) : QStringLiteral("-"));
    setText(HistoryPanel::StartedColumn, QLocale().toString(run.started.toLocalTime().time(), QLocale::ShortFormat));
    if (!run.error.isEmpty())
        setToolTip(HistoryPanel::StatusColumn, run.error);
    setText(HistoryPanel::VerdictColumn, run.verdict);
    setToolTip(HistoryPanel::VerdictColumn, run.verdict);
    for (int c : {HistoryPanel::ThroughputColumn, HistoryPanel::RttColumn, HistoryPanel::RetransColumn})
        setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
}

const StoredRunItem::Texts &StoredRunItem::texts() const
{
    if (!m_texts) {
        const RunRecord run = m_details->withSettings(m_run);
        const RunConfiguration &config = m_details->configuration(run);
        m_texts = Texts{storedRunName(run), configurationSummary(config), configurationToolTip(config)};
    }
    return *m_texts;
}

QVariant StoredRunItem::data(int column, int role) const
{
    const bool lazy = column == HistoryPanel::NameColumn || column == HistoryPanel::ChangedColumn;
    if (!lazy || (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole))
        return QTreeWidgetItem::data(column, role);
    if (role == Qt::ToolTipRole)
        return texts().toolTip;
    return column == HistoryPanel::NameColumn ? texts().name : texts().configuration;
}

} // namespace tcptune
