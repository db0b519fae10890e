#include "knobs/knob_table_model.h"

#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QBrush>
#include <QColor>
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
    beginResetModel();
    if (netns != m_netns)
        m_errors.clear();
    m_netns = netns;
    if (readings) {
        m_readings = *readings;
    } else {
        // Never leave another namespace's values under this one's name: nothing is editable.
        m_readings.clear();
        for (const KnobInfo &knob : KnobCatalogue::instance().all())
            if (knob.kind == KnobKind::Sysctl)
                m_readings.append(KnobReading{&knob, std::nullopt, readings.error().message});
    }
    endResetModel();
    return readings ? QString() : readings.error().message;
}

int KnobTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_readings.size());
}

int KnobTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int KnobTableModel::rowOf(const QString &key) const
{
    for (int row = 0; row < m_readings.size(); ++row)
        if (m_readings[row].knob->key == key)
            return row;
    return -1;
}

bool KnobTableModel::isChanged(int row) const
{
    const KnobReading &r = m_readings.at(row);
    const QMap<QString, QString> originals = m_originals.value(m_netns);
    const auto it = originals.constFind(r.knob->key);
    return it != originals.constEnd() && r.value && !knobvalue::sameValue(*r.value, it.value());
}

QStringList KnobTableModel::changedKeys() const
{
    QStringList keys;
    for (int row = 0; row < m_readings.size(); ++row)
        if (isChanged(row))
            keys << m_readings[row].knob->key;
    return keys;
}

QVariant KnobTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_readings.size())
        return {};
    const KnobReading &r = m_readings.at(index.row());
    const KnobInfo &k = *r.knob;
    const bool changed = isChanged(index.row());
    const QString error = m_errors.value(k.key);
    const QString original = m_originals.value(m_netns).value(k.key, r.value.value_or(QString()));
    switch (role) {
    case KeyRole: return k.key;
    case DiffersRole: return r.differsFromDefault();
    case ChangedRole: return changed;
    case OriginalRole: return procsys::normalise(original);
    case CanonicalRole: return r.value ? procsys::normalise(*r.value) : QString();
    case ErrorRole: return error;
    case Qt::ToolTipRole: {
        QString tip = k.translatedDescription();
        if (!k.perNetns && !m_netns.isEmpty())
            tip += QLatin1Char('\n') + tr("Global knob: it exists only in the host namespace.");
        if (!error.isEmpty())
            tip += QLatin1Char('\n') + error;
        return tip;
    }
    case Qt::FontRole:
        if ((index.column() == ValueColumn && (r.differsFromDefault() || changed)) ||
            (index.column() == KeyColumn && changed)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ForegroundRole:
        if (!r.available())
            return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
        if (index.column() == ValueColumn && !error.isEmpty())
            return QBrush(QColor(0xb0, 0x00, 0x20));
        return {};
    case Qt::BackgroundRole:
        if (changed)
            return QBrush(QColor(0xff, 0xf3, 0xc4));
        return {};
    case Qt::EditRole:
        if (index.column() == ValueColumn && r.value)
            return procsys::normalise(*r.value);
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case KeyColumn: return changed ? QStringLiteral("● ") + k.key : k.key;
        case OriginalColumn: return r.available() ? knobvalue::formatHuman(k, original) : QStringLiteral("-");
        case ValueColumn:
            if (!r.available())
                return tr("unavailable");
            return knobvalue::formatHuman(k, *r.value) + (r.differsFromDefault() ? QStringLiteral("  *") : QString()) +
                   (error.isEmpty() ? QString() : QStringLiteral("  ⚠"));
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
    case OriginalColumn: return tr("Original value");
    case ValueColumn: return tr("Current value");
    case DefaultColumn: return tr("Kernel default");
    case ScopeColumn: return tr("Scope");
    }
    return {};
}

Qt::ItemFlags KnobTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid() || index.column() != ValueColumn)
        return f;
    const KnobReading &r = m_readings.at(index.row());
    // A global knob cannot be changed from inside a namespace: it has no per-namespace copy.
    if (r.available() && (r.knob->perNetns || m_netns.isEmpty()))
        f |= Qt::ItemIsEditable;
    return f;
}

bool KnobTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.column() != ValueColumn ||
        !(flags(index) & Qt::ItemIsEditable))
        return false;
    const KnobReading &r = m_readings.at(index.row());
    const QString text = value.toString().trimmed();
    if (r.value && knobvalue::sameValue(text, *r.value))
        return false;
    Q_EMIT changeRequested(r.knob->key, text);
    return true;
}

void KnobTableModel::applyChange(const QString &key, const QString &oldValue, const QString &newValue)
{
    const int row = rowOf(key);
    if (row < 0)
        return;
    QMap<QString, QString> &originals = m_originals[m_netns];
    if (!originals.contains(key))
        originals.insert(key, procsys::normalise(oldValue));
    m_errors.remove(key);
    m_readings[row].value = newValue;
    emitRow(row);
}

void KnobTableModel::setError(const QString &key, const QString &message)
{
    const int row = rowOf(key);
    if (row < 0)
        return;
    m_errors.insert(key, message);
    emitRow(row);
}

void KnobTableModel::adoptOriginals(const QMap<QString, QMap<QString, QString>> &originals)
{
    for (auto ns = originals.begin(); ns != originals.end(); ++ns)
        for (auto it = ns.value().begin(); it != ns.value().end(); ++it)
            m_originals[ns.key()].insert(it.key(), procsys::normalise(it.value()));
    if (!m_readings.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void KnobTableModel::clearChanges()
{
    m_originals.clear();
    m_errors.clear();
    refresh(m_netns);
}

void KnobTableModel::emitRow(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

} // namespace tcptune
