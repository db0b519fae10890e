#pragma once
// Table of one device's link knobs for the Knobs tab's Links group: the value the device has now
// and the value the runs set (an edit is kept for the runs, never applied at once: the run's
// change set applies it, journals it and puts it back, as the command line's link.DEV.x= does).
// A knob the device lacks or fixes is a disabled row whose tooltip is the helper's refusal. The
// value column is the knob table's, so the same delegate edits both (switch, number, choice).

#include "knobs/knob_reader.h"
#include "knobs/knob_table_model.h"

#include <QAbstractTableModel>
#include <QMap>

namespace tcptune {

class LinkKnobModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KnobColumn, NowColumn, ValueColumn, ColumnCount };
    static_assert(int(ValueColumn) == int(KnobTableModel::ValueColumn), "one delegate edits both tables");

    explicit LinkKnobModel(QObject *parent = nullptr);

    // The device's knobs as read; EDITABLE: whether the runs can set them here, else WHY NOT.
    void setReadings(const QList<KnobReading> &readings, bool editable, const QString &whyNot);
    const QList<KnobReading> &readings() const { return m_readings; }
    int rowOf(const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // On the value column: emits changeRequested; the value is the run's once setRunValue says so.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    // KEY is set to VALUE for the runs (the device's own value again: no change).
    void setRunValue(const QString &key, const QString &value);
    // Key -> canonical value the runs set, every device of this end.
    const QMap<QString, QString> &runValues() const { return m_runValues; }
    void clearRunValues();

Q_SIGNALS:
    void changeRequested(const QString &key, const QString &value);
    void runValuesChanged();

private:
    QVariant displayData(const KnobReading &r, int column) const;
    QString toolTip(const KnobReading &r) const;

    QList<KnobReading> m_readings;
    bool m_editable = false;
    QString m_whyNot;
    QMap<QString, QString> m_runValues;
};

} // namespace tcptune
