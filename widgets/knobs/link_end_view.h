#pragma once
// One end of the Knobs tab's Links group: the devices of the target's link at that end (the
// lab's veth, else every device of the place), the chosen device's facts (driver, speed, MTU,
// offloads; read-only) and its link knobs, edited for the runs. A change of a host device (not
// one of a lab namespace) is asked first, as turning a core TCP feature off is; the runs then
// carry the confirmation the helper wants.

#include "knobs/knob_reader.h"

#include <QGroupBox>
#include <QMap>

class QComboBox;
class QLabel;
class QTableView;

namespace tcptune {

class LinkKnobModel;

class LinkEndView final : public QGroupBox {
    Q_OBJECT
public:
    explicit LinkEndView(const QString &objectName, QWidget *parent = nullptr);

    // Reads DEVICES (empty: every device there) in NETNS ("" for this host) and shows them;
    // EDITABLE when the runs set knobs there, else WHY NOT.
    void showPlace(const QString &title, const QString &netns, const QStringList &devices, bool editable,
                   const QString &whyNot);
    // A far host's links as its connection test read them (its link.* values), no reading here.
    void showValues(const QString &title, const KnobSnapshot &values, bool editable, const QString &whyNot);
    // Re-reads the place shown (after a run, or Reload).
    void refresh();

    QStringList devices() const;
    QString currentDevice() const;
    void setCurrentDevice(const QString &device);
    QString factsText() const;
    QString noteText() const;
    LinkKnobModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    // Key -> canonical value the runs set at this end.
    QMap<QString, QString> runValues() const;
    // The user said Yes to changing a host device here (the runs pass it to the helper).
    bool hostChangeConfirmed() const { return m_hostConfirmed; }

Q_SIGNALS:
    void runValuesChanged();

private:
    void showDevice();
    void showNote(const QString &note);
    void requestChange(const QString &key, const QString &value);

    QComboBox *m_device;
    QLabel *m_facts;
    QLabel *m_note;
    QTableView *m_view;
    LinkKnobModel *m_model;
    QString m_netns;
    bool m_readHere = true; // false: values from a far host's description
    KnobSnapshot m_values;
    bool m_editable = false;
    QString m_whyNot;
    bool m_hostConfirmed = false;
};

} // namespace tcptune
