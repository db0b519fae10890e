#pragma once
// LiveExperimentBackend: the Runner's real world. tcptune-helper (started on first need) applies
// sysctls, in the lab's client namespace for lab targets, and builds or reshapes the lab to the
// run's lab parameters; a LabAgent serves the lab's server side; the traffic engine runs the
// workload; libpcap records the sender's interface. Dropping the backend closes the helper,
// which rolls back everything it changed.

#include "experiment/experiment_backend.h"

#include <QMutex>
#include <QPointer>

#include <memory>
#include <optional>

namespace tcptune {

class HelperClient;
class LabAgent;
class LiveCapture;
class TrafficClient;

class LiveExperimentBackend final : public ExperimentBackend {
public:
    LiveExperimentBackend();
    ~LiveExperimentBackend() override;

    Result<RunEndpoint> prepareTarget(const ExperimentSpec &spec) override;
    Result<KnobSnapshot> snapshotLocal(const RunEndpoint &endpoint) override;
    Result<void> applySysctls(const RunEndpoint &endpoint, const QMap<QString, QString> &sysctls) override;
    Result<void> restoreKnobs() override;
    Result<void> startCapture(const RunEndpoint &endpoint, const QString &path) override;
    CaptureRecord stopCapture() override;
    Result<QJsonObject> analyseCapture(const QString &path) override;
    TrafficOutcome runTraffic(const ExperimentSpec &spec, const RunEndpoint &endpoint, const SampleSink &sink) override;
    void cancel() override;
    void finish(bool removeLab) override;

private:
    Result<HelperClient *> helper();
    Result<RunEndpoint> prepareLab(const ExperimentSpec &spec);

    std::unique_ptr<HelperClient> m_helper;
    std::unique_ptr<LabAgent> m_agent;
    std::unique_ptr<LiveCapture> m_capture;
    QString m_captureInterface;
    // The lab as last built: name and lab knob values; reshaped only when a run needs others.
    QString m_labName;
    QMap<QString, QString> m_labKnobs;
    std::optional<RunEndpoint> m_labEndpoint;
    bool m_changedKnobs = false;

    QMutex m_trafficMutex; // guards m_traffic against cancel() from another thread
    TrafficClient *m_traffic = nullptr;
    bool m_cancelled = false;
};

} // namespace tcptune
