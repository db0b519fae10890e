#pragma once
// What traffic a run drives: workload kind, which end sends, duration, streams, write size, socket options
// (buffers, TCP_NODELAY, TCP_CORK, congestion control), the TCP_INFO sampling interval and whether a
// capture is recorded.
// Reads and writes the workload part of an ExperimentSpec.

#include "common/error.h"

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
    explicit WorkloadPanel(QWidget *parent = nullptr);

    [[nodiscard]] Result<void> applyTo(ExperimentSpec &spec) const;
    void loadFrom(const ExperimentSpec &spec);

    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

    void setDuration(double seconds);
    void setStreams(int streams);
    void setSampleMs(int ms);

private:
    void setUpChecks();
    void layOut(); // the form, a row per choice
    QComboBox *m_kind;
    QComboBox *m_direction;
    QDoubleSpinBox *m_duration;
    QSpinBox *m_streams;
    QComboBox *m_writeSize;
    QComboBox *m_sndbuf;
    QComboBox *m_rcvbuf;
    QCheckBox *m_nodelay;
    QCheckBox *m_cork;
    QCheckBox *m_capture;
    QComboBox *m_congestion;
    QSpinBox *m_sampleMs;
    QList<RangeCheck *> m_checks; // duration, streams, sampling
};

} // namespace tcptune
