#pragma once
// What traffic a run drives: workload kind, which end sends, duration, the idle phase of latency under
// load, streams, write size, the socket
// options the knob catalogue gives a panel field (buffers, congestion control, TCP_NODELAY, TCP_CORK),
// the TCP_INFO sampling interval and whether a capture is recorded.
// Reads and writes the workload part of an ExperimentSpec.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QGroupBox>
#include <QList>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSettings;
class QSpinBox;

namespace tcptune {

struct ExperimentSpec;
class RangeCheck;

class WorkloadPanel final : public QGroupBox {
    Q_OBJECT
public:
    // The idle phase the field offers at most (a spec may say more, up to the run's limit).
    static constexpr double kMaxIdleS = 600;

    explicit WorkloadPanel(QWidget *parent = nullptr);

    [[nodiscard]] Result<void> applyTo(ExperimentSpec &spec) const;
    void loadFrom(const ExperimentSpec &spec);

    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

    void setDuration(double seconds);
    void setStreams(int streams);
    void setSampleMs(int ms);

private:
    // One socket option's field: a check box (toggle) or a list or size (choice).
    struct SocketOptionField {
        KnobInfo knob;
        QComboBox *choice = nullptr;
        QCheckBox *toggle = nullptr;
        // The value as the spec's knobs hold it; empty when unset.
        QString value() const;
        void show(const QString &value);
    };
    void makeSocketOptionFields();
    SocketOptionField makeSocketOptionField(const KnobInfo &knob);
    void setUpChecks();
    void showWorkloadFields();
    void setUpLatencyUnderLoad();
    void layOut(); // the form, a row per choice
    QComboBox *m_kind;
    QComboBox *m_direction;
    QDoubleSpinBox *m_duration;
    QDoubleSpinBox *m_idle; // workload.idle_s, shown for latency under load
    QSpinBox *m_streams;
    QComboBox *m_writeSize;
    QList<SocketOptionField> m_socketOptions; // fields with a heading first, then the switches
    QCheckBox *m_capture = nullptr;
    QSpinBox *m_sampleMs = nullptr;
    QList<RangeCheck *> m_checks; // duration, streams, sampling
};

} // namespace tcptune
