#pragma once
// Table of the catalogue's sysctls for the knob panel: the live value, the value before tcptune
// changed it (original), the kernel default and the scope. Edits do not change the table at
// once: they are requested (changeRequested) and shown when the helper confirms (applyChange)
// or refuses (setError, shown in the row). For an ssh target the far host's values stand beside
// the local ones (RemoteColumn); edits there are kept for the runs (remoteChanges: the far agent
// sets them as remote:<key> for each run and puts them back), never applied at once.

#include "knobs/knob_reader.h"

#include <QAbstractTableModel>
#include <QMap>

namespace tcptune {

class KnobTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KeyColumn, OriginalColumn, ValueColumn, DefaultColumn, ScopeColumn, RemoteColumn, ColumnCount };
    enum Role {
        KeyRole = Qt::UserRole + 1,
        DiffersRole,   // differs from the kernel default
        ChangedRole,   // changed by tcptune: current differs from original
        OriginalRole,  // canonical original value
        CanonicalRole, // canonical current value
        ErrorRole,     // the helper's last error for this knob, empty when none
        ChoicesRole,   // an enum's values: this kernel's (value column) or the far one's (remote)
    };

    explicit KnobTableModel(QObject *parent = nullptr);

    // Re-reads every value from /proc/sys (of NETNS, empty for the host). Returns the problem
    // when the namespace cannot be entered; every row is then unavailable (never the values of
    // the namespace shown before). Originals are kept per namespace.
    QString refresh(const QString &netns = {});
    const QString &netns() const { return m_netns; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // On the value column: emits changeRequested with the text; the table changes on applyChange.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    const KnobReading &readingAt(int row) const { return m_readings.at(row); }
    int rowOf(const QString &key) const;
    bool isChanged(int row) const;
    QStringList changedKeys() const;

    // The helper wrote NEW_VALUE to KEY; OLD_VALUE was there before (kept as original the first time).
    void applyChange(const QString &key, const QString &oldValue, const QString &newValue);
    void setError(const QString &key, const QString &message);
    // Originals known from elsewhere (a crashed session's journal): netns -> key -> value. They
    // replace what this model took as original, so the table shows the value before the crash.
    void adoptOriginals(const QMap<QString, QMap<QString, QString>> &originals);
    // After a rollback: forget every original and error, re-read.
    void clearChanges();

    // The far end (ssh targets): its VALUES (empty: not read yet), EDITABLE when its helper can
    // set knobs, else WHY NOT (shown on the column), and the CHOICES its kernel offers for enum
    // knobs (its connection test's description). Keeps the edits made so far.
    void setRemote(const KnobSnapshot &values, bool editable, const QString &whyNot,
                   const QMap<QString, QStringList> &choices = {});
    // No far end (another target): the column empties and its edits are dropped.
    void clearRemote();
    bool hasRemote() const { return m_remote.shown; }
    bool remoteEditable() const { return m_remote.editable; }
    QString remoteWhyNot() const { return m_remote.whyNot; }
    // Key -> canonical value the runs set on the far host.
    const QMap<QString, QString> &remoteChanges() const { return m_remote.changes; }
    // Edits of the far end from elsewhere (a saved session), kept for the runs as if typed; none
    // while no far end is shown.
    void setRemoteChanges(const QMap<QString, QString> &changes);

Q_SIGNALS:
    void changeRequested(const QString &key, const QString &value);
    void remoteChangesChanged();

private:
    void emitRow(int row);
    QVariant remoteData(const KnobInfo &knob, int role) const;
    bool setRemoteValue(const KnobInfo &knob, const QString &value);
    void emitRemoteColumn();

    struct RemoteEnd {
        bool shown = false;
        KnobSnapshot values;
        bool editable = false;
        QString whyNot;
        QMap<QString, QStringList> choices;
        QMap<QString, QString> changes;
    };
    RemoteEnd m_remote;

    QList<KnobReading> m_readings;
    QString m_netns;
    // Per namespace ("" = host): key -> canonical value before tcptune's first change.
    QMap<QString, QMap<QString, QString>> m_originals;
    QMap<QString, QString> m_errors;
};

} // namespace tcptune
