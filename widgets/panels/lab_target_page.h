#pragma once
// The Target panel's "Local lab" page: the lab's topology, bottleneck rate, queue limit and MTU,
// which a run carries as the spec's lab.* knobs.

#include "common/error.h"
#include "experiment/spec/experiment_spec.h"

#include <QWidget>

class QComboBox;
class QSettings;
class QSpinBox;

namespace tcptune {

class RangeCheck;

class LabTargetPage final : public QWidget {
    Q_OBJECT
public:
    explicit LabTargetPage(QWidget *parent = nullptr);

    // Puts the lab's parameters into SPEC; fails naming the one that is wrong.
    [[nodiscard]] Result<void> applyTo(ExperimentSpec &spec) const;
    // Shows SPEC's lab parameters (those it has).
    void loadFrom(const ExperimentSpec &spec);

    void saveSettings(QSettings &settings) const;
    void restoreSettings(const QSettings &settings);

private:
    void setUpChoices();

    QComboBox *m_topology;
    QComboBox *m_rate;
    QComboBox *m_queue;
    QSpinBox *m_mtu;
    RangeCheck *m_mtuCheck = nullptr;
};

} // namespace tcptune
