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
    if (index.column() == RemoteColumn && role < Qt::UserRole)
        return remoteData(k, role);
    if (role == ChoicesRole)
        return index.column() == RemoteColumn ? m_remote.choices.value(k.key) : knobvalue::allowedValues(k);
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
            return QString(knobvalue::formatHuman(k, *r.value) +
                           (r.differsFromDefault() ? QStringLiteral("  *") : QString()) +
                           (error.isEmpty() ? QString() : QStringLiteral("  ⚠")));
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
    case ValueColumn: return m_remote.shown ? tr("Local") : tr("Current value");
    case RemoteColumn: return tr("Remote");
    case DefaultColumn: return tr("Kernel default");
    case ScopeColumn: return tr("Scope");
    }
    return {};
}

Qt::ItemFlags KnobTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == RemoteColumn && m_remote.editable &&
        m_remote.values.contains(m_readings.at(index.row()).knob->key))
        f |= Qt::ItemIsEditable;
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
    if (role != Qt::EditRole || !index.isValid() || !(flags(index) & Qt::ItemIsEditable))
        return false;
    if (index.column() == RemoteColumn)
        return setRemoteValue(*m_readings.at(index.row()).knob, value.toString().trimmed());
    if (index.column() != ValueColumn)
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

QVariant KnobTableModel::remoteData(const KnobInfo &k, int role) const
{
    if (!m_remote.shown)
        return {};
    const auto far = m_remote.values.constFind(k.key);
    const auto change = m_remote.changes.constFind(k.key);
    const bool changed = change != m_remote.changes.constEnd();
    switch (role) {
    case Qt::DisplayRole:
        if (changed)
            return QString(QStringLiteral("● ") + knobvalue::formatHuman(k, *change));
        return far == m_remote.values.constEnd() ? QStringLiteral("-") : knobvalue::formatHuman(k, *far);
    case Qt::EditRole: return changed ? *change : far == m_remote.values.constEnd() ? QString() : *far;
    case Qt::ToolTipRole:
        if (!m_remote.editable)
            return m_remote.whyNot;
        if (changed)
            return tr("The far host has %1; each run sets %2 there (remote:%3), and the far agent puts it back "
                      "after the run.")
                .arg(knobvalue::formatHuman(k, m_remote.values.value(k.key)), knobvalue::formatHuman(k, *change),
                     k.key);
        return tr("The far host's value. Double-click to set another for the runs (remote:%1).").arg(k.key);
    case Qt::FontRole:
        if (changed) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole: return changed ? QVariant(QBrush(QColor(0xff, 0xf3, 0xc4))) : QVariant();
    case Qt::ForegroundRole:
        return m_remote.editable ? QVariant()
                                 : QVariant(QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text));
    default: return {};
    }
}

// The far host keeps its value until a run: the change is the run's (remote:KEY in its spec).
bool KnobTableModel::setRemoteValue(const KnobInfo &knob, const QString &value)
{
    const QString far = m_remote.values.value(knob.key);
    if (knobvalue::sameValue(value, far))
        m_remote.changes.remove(knob.key);
    else
        m_remote.changes.insert(knob.key, value);
    const int row = rowOf(knob.key);
    Q_EMIT dataChanged(index(row, RemoteColumn), index(row, RemoteColumn));
    Q_EMIT remoteChangesChanged();
    return true;
}

void KnobTableModel::setRemote(const KnobSnapshot &values, bool editable, const QString &whyNot,
                               const QMap<QString, QStringList> &choices)
{
    m_remote.shown = true;
    m_remote.values = values;
    m_remote.editable = editable;
    m_remote.whyNot = whyNot;
    m_remote.choices = choices;
    emitRemoteColumn();
}

void KnobTableModel::clearRemote()
{
    const bool hadChanges = !m_remote.changes.isEmpty();
    m_remote = RemoteEnd{};
    emitRemoteColumn();
    if (hadChanges)
        Q_EMIT remoteChangesChanged();
}

void KnobTableModel::setRemoteChanges(const QMap<QString, QString> &changes)
{
    if (!m_remote.shown || m_remote.changes == changes)
        return;
    m_remote.changes = changes;
    emitRemoteColumn();
    Q_EMIT remoteChangesChanged();
}

void KnobTableModel::emitRemoteColumn()
{
    Q_EMIT headerDataChanged(Qt::Horizontal, ValueColumn, RemoteColumn);
    if (!m_readings.isEmpty())
        Q_EMIT dataChanged(index(0, RemoteColumn), index(rowCount() - 1, RemoteColumn));
}

void KnobTableModel::emitRow(int row)
{
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

} // namespace tcptune
