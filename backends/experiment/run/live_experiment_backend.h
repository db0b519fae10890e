#pragma once
// LiveExperimentBackend: the Runner's real world. tcptune-helper, through the process's one
// HelperConnection, applies sysctls (in the lab's client namespace for lab targets) and builds or
// reshapes the lab to the run's lab parameters; a LabAgent serves the lab's server side; the
// traffic engine runs the workload; libpcap records the sender's interface. It restores only the
// knobs it changed itself, so changes made meanwhile in the knob panel stay.

#include "experiment/run/experiment_backend.h"
#include "helper/helper_client.h"
#include "helper/knob_change_set.h"

#include <QCoreApplication>
#include <QMutex>
#include <QPointer>

#include <memory>
#include <optional>

namespace tcptune {

class HelperConnection;
class LabAgent;
class LiveCapture;
class SeveralEndsTraffic;
class TrafficClient;

class LiveExperimentBackend final : public ExperimentBackend {
    Q_DECLARE_TR_FUNCTIONS(LiveExperimentBackend)
public:
    // HELPER must outlive the backend.
    explicit LiveExperimentBackend(HelperConnection &helper);
    ~LiveExperimentBackend() override;

    [[nodiscard]] Result<RunEndpoint> prepareTarget(const ExperimentSpec &spec) override;
    [[nodiscard]] Result<KnobSnapshot> snapshotLocal(const RunEndpoint &endpoint) override;
    void setHostChangesConfirmed(bool confirmed) override { m_hostChangesConfirmed = confirmed; }
    [[nodiscard]] Result<void> applySysctls(const RunEndpoint &endpoint,
                                            const QMap<QString, QString> &sysctls) override;
    [[nodiscard]] Result<void> restoreKnobs() override;
    [[nodiscard]] Result<void> startCapture(const RunEndpoint &endpoint, const QString &path) override;
    CaptureRecord stopCapture() override;
    [[nodiscard]] Result<QJsonObject> analyseCapture(const QString &path) override;
    TrafficOutcome runTraffic(const ExperimentSpec &spec, const RunEndpoint &endpoint, const SampleSink &sink) override;
    void cancel() override;
    void finish(bool removeLab) override;

private:
    [[nodiscard]] Result<RunEndpoint> prepareLab(const ExperimentSpec &spec);
    // Every end of SPEC's list at once (SeveralEndsTraffic), SINK fed from each end's thread in turn;
    // ENDPOINT: where this end's counters are read, as for a run of one end.
    TrafficOutcome runSeveralEnds(const ExperimentSpec &spec, const RunEndpoint &endpoint, const SampleSink &sink);

    HelperConnection &m_helper;
    KnobChangeSet m_changes; // applied by this backend and not restored yet
    bool m_hostChangesConfirmed = false;
    std::unique_ptr<LabAgent> m_agent;
    std::unique_ptr<LiveCapture> m_capture;
    QString m_captureInterface;
    // The lab as last built: name and lab knob values; reshaped only when a run needs others.
    QString m_labName;
    QMap<QString, QString> m_labKnobs;
    std::optional<RunEndpoint> m_labEndpoint;

    QMutex m_trafficMutex; // guards m_traffic against cancel() from another thread
    TrafficClient *m_traffic = nullptr;
    SeveralEndsTraffic *m_severalEnds = nullptr;
    bool m_cancelled = false;
};

} // namespace tcptune
