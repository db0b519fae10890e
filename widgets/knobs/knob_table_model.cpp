#include "knobs/knob_table_model.h"

#include "knobs/knob_value.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace tcptune {

KnobTableModel::KnobTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    refresh();
}

QString KnobTableModel::refresh(const QString &netns)
{
    auto readings = KnobReader::readSysctls(netns);
    if (!readings)
        return readings.error().message;
    beginResetModel();
    m_readings = *readings;
    endResetModel();
    return {};
}

int KnobTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_readings.size());
}

int KnobTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KnobTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_readings.size())
        return {};
    const KnobReading &r = m_readings.at(index.row());
    const KnobInfo &k = *r.knob;
    switch (role) {
    case KeyRole: return k.key;
    case DiffersRole: return r.differsFromDefault();
    case Qt::ToolTipRole: return tr(qPrintable(k.description));
    case Qt::FontRole:
        if (index.column() == ValueColumn && r.differsFromDefault()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (!r.available())
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn: return k.key;
        case ValueColumn:
            if (!r.available())
                return tr("unavailable");
            return knobvalue::formatHuman(k, *r.value) + (r.differsFromDefault() ? QStringLiteral("  *") : QString());
        case DefaultColumn:
            return k.defaultValue.isEmpty() ? QStringLiteral("-") : knobvalue::formatHuman(k, k.defaultValue);
        case ScopeColumn: return k.perNetns ? tr("per namespace") : tr("global");
        }
        return {};
    }
    return {};
}

QVariant KnobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn: return tr("Knob");
    case ValueColumn: return tr("Current value");
    case DefaultColumn: return tr("Kernel default");
    case ScopeColumn: return tr("Scope");
    }
    return {};
}

} // namespace tcptune
