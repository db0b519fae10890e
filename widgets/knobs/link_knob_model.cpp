#include "knobs/link_knob_model.h"

#include "knobs/knob_value.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace tcptune {

LinkKnobModel::LinkKnobModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void LinkKnobModel::setReadings(const QList<KnobReading> &readings, bool editable, const QString &whyNot)
{
    beginResetModel();
    m_readings = readings;
    m_editable = editable;
    m_whyNot = whyNot;
    endResetModel();
}

int LinkKnobModel::rowOf(const QString &key) const
{
    for (int row = 0; row < m_readings.size(); ++row)
        if (m_readings[row].knob->key == key)
            return row;
    return -1;
}

int LinkKnobModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_readings.size());
}

int LinkKnobModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LinkKnobModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_readings.size())
        return {};
    const KnobReading &r = m_readings.at(index.row());
    const bool changed = m_runValues.contains(r.knob->key);
    switch (role) {
    case KnobTableModel::KeyRole: return r.knob->key;
    case KnobTableModel::ChangedRole: return changed;
    case KnobTableModel::CanonicalRole: return r.value.value_or(QString());
    case KnobTableModel::ErrorRole: return r.problem;
    case KnobTableModel::ChoicesRole: return knobvalue::allowedValues(*r.knob);
    case Qt::EditRole:
        if (index.column() == ValueColumn)
            return changed ? m_runValues.value(r.knob->key) : r.value.value_or(QString());
        return {};
    case Qt::DisplayRole: return displayData(r, index.column());
    case Qt::ToolTipRole: return toolTip(r);
    case Qt::FontRole:
        if (changed) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole: return changed ? QVariant(QBrush(QColor(0xff, 0xf3, 0xc4))) : QVariant();
    default: return {};
    }
}

QVariant LinkKnobModel::displayData(const KnobReading &r, int column) const
{
    const KnobInfo &k = *r.knob;
    switch (column) {
    case KnobColumn: return m_runValues.contains(k.key) ? QStringLiteral("● ") + k.linkParameter : k.linkParameter;
    case NowColumn: return r.value ? knobvalue::formatHuman(k, *r.value) : tr("not supported");
    case ValueColumn:
        if (m_runValues.contains(k.key))
            return knobvalue::formatHuman(k, m_runValues.value(k.key));
        return r.value ? knobvalue::formatHuman(k, *r.value) : QStringLiteral("-");
    }
    return {};
}

QString LinkKnobModel::toolTip(const KnobReading &r) const
{
    QString tip = r.knob->translatedDescription();
    if (!r.problem.isEmpty())
        return r.problem; // why it cannot change: the refusal a run would get
    if (!m_editable)
        return tip + QLatin1Char('\n') + m_whyNot;
    if (m_runValues.contains(r.knob->key))
        return tip + QLatin1Char('\n') +
               tr("Each run sets %1 = %2 and puts %3 back after it.")
                   .arg(r.knob->key, knobvalue::formatHuman(*r.knob, m_runValues.value(r.knob->key)),
                        r.value ? knobvalue::formatHuman(*r.knob, *r.value) : QString());
    return tip + QLatin1Char('\n') + tr("Double-click to set another value for the runs.");
}

QVariant LinkKnobModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KnobColumn: return tr("Link knob");
    case NowColumn: return tr("Now");
    case ValueColumn: return tr("For the runs");
    }
    return {};
}

Qt::ItemFlags LinkKnobModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.row() >= m_readings.size())
        return Qt::NoItemFlags;
    const KnobReading &r = m_readings.at(index.row());
    // What the device lacks or fixes is shown, disabled, with the refusal as its tooltip.
    if (!r.available() || !r.problem.isEmpty())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == ValueColumn && m_editable)
        f |= Qt::ItemIsEditable;
    return f;
}

bool LinkKnobModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != ValueColumn || !(flags(index) & Qt::ItemIsEditable))
        return false;
    const KnobReading &r = m_readings.at(index.row());
    const QString text = value.toString().trimmed();
    const QString shown = m_runValues.value(r.knob->key, r.value.value_or(QString()));
    if (knobvalue::sameValue(text, shown))
        return false;
    Q_EMIT changeRequested(r.knob->key, text);
    return true;
}

void LinkKnobModel::setRunValue(const QString &key, const QString &value)
{
    const int row = rowOf(key);
    const bool same = row >= 0 && m_readings.at(row).value && knobvalue::sameValue(value, *m_readings.at(row).value);
    if (same)
        m_runValues.remove(key);
    else
        m_runValues.insert(key, value);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT runValuesChanged();
}

void LinkKnobModel::clearRunValues()
{
    if (m_runValues.isEmpty())
        return;
    beginResetModel();
    m_runValues.clear();
    endResetModel();
    Q_EMIT runValuesChanged();
}

} // namespace tcptune
