#pragma once
// Table of the catalogue's sysctls with their live values, for the knob panel.

#include "knobs/knob_reader.h"

#include <QAbstractTableModel>

namespace tcptune {

class KnobTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KeyColumn, ValueColumn, DefaultColumn, ScopeColumn, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1, DiffersRole };

    explicit KnobTableModel(QObject *parent = nullptr);

    // Re-reads every value from /proc/sys (of NETNS, empty for the host). Returns the problem
    // when the namespace cannot be entered; the old values then stay.
    QString refresh(const QString &netns = {});

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    const KnobReading &readingAt(int row) const { return m_readings.at(row); }

private:
    QList<KnobReading> m_readings;
};

} // namespace tcptune
