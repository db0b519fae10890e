#pragma once
// ExperimentBackend: everything the Runner needs from the outside world for one run: a ready
// target (the lab reshaped to the run's lab parameters), knob snapshots and changes, a capture,
// and the traffic itself. LiveExperimentBackend does it for real (helper, lab, traffic engine,
// libpcap); unit tests drive the Runner with a fake. All calls but cancel() come from the
// Runner's worker thread, one at a time.

#include "common/error.h"
#include "experiment/record/run_record.h"
#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_reader.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>

namespace tcptune {

// Where a run goes and where its knobs live.
struct RunEndpoint {
    QString description; // for people: "lab t-exp1: routed, 50 Mbit/s, queue 2 MiB, MTU 1500"
    bool lab = false;
    QString labName;
    QString clientNetns; // lab: the client namespace (sysctls, sockets); empty: this host
    QString host;        // the agent's or iperf3's address
    quint16 port = 0;
    bool iperf3 = false;
    bool ssh = false;         // the agent runs over ssh (far knobs possible)
    QString sshUser;          // ssh: the login, empty: ssh's own choice
    QString sshConfig;        // ssh: `ssh -F` file, empty: the user's own
    QString captureInterface; // the sender's interface, for LiveCapture
    // Devices whose link facts go into this end's knob snapshots besides the capture interface:
    // those the run's link knobs name.
    QStringList linkDevices;
    QString captureNetns;
    // Lab only: the other ends and the bottleneck, for the run's counters and queue series.
    QString serverNetns;
    QString routerNetns; // empty in the direct topology
    QString bottleneckNetns;
    QString bottleneckInterface;   // empty: unshaped, no queue to watch
    QString returnBottleneckNetns; // the same for traffic towards the client
    QString returnBottleneckInterface;
    qint64 bottleneckRateBps = 0;
    qint64 bottleneckQueueBytes = 0;
};

// What one traffic run produced, in the store's terms.
struct TrafficOutcome {
    RunRecord figures; // summary fields filled (status, error, throughput, RTT, ...)
    QList<RunSample> samples;
    KnobSnapshot remoteKnobs;      // before the run's far knobs; empty when the target does not report them
    KnobSnapshot remoteKnobsAfter; // at the end of a run that set far knobs (ssh targets)
    QString remoteKnobsNote;
    // Several ends: every far end's knobs, in the spec's order (the first is also the two above).
    struct FarEndKnobs {
        QString target;
        KnobSnapshot before;
        KnobSnapshot after;
    };
    QList<FarEndKnobs> farEnds;
};

using SampleSink = std::function<void(const QList<RunSample> &)>;

class ExperimentBackend {
public:
    virtual ~ExperimentBackend() = default;

    // Makes the target ready for SPEC: brings the lab up or reshapes it to SPEC's lab parameters
    // (a no-op when it already has them), starts the lab's agent. Checks what the traffic engine
    // cannot do (e.g. a socket option it does not set) before anything runs.
    [[nodiscard]] virtual Result<RunEndpoint> prepareTarget(const ExperimentSpec &spec) = 0;
    // The catalogue's sysctls where the run's client lives (the lab's client namespace or host).
    [[nodiscard]] virtual Result<KnobSnapshot> snapshotLocal(const RunEndpoint &endpoint) = 0;
    // The user confirmed (--force) changes of host devices and core TCP features turned off, at
    // this end and the far one; without it the helpers refuse them.
    virtual void setHostChangesConfirmed(bool confirmed) { (void)confirmed; }
    // Applies SYSCTLS (catalogue key -> canonical value) through the helper, journalled.
    [[nodiscard]] virtual Result<void> applySysctls(const RunEndpoint &endpoint,
                                                    const QMap<QString, QString> &sysctls) = 0;
    // Rolls back every sysctl applied so far. Called after each run and on cancel.
    [[nodiscard]] virtual Result<void> restoreKnobs() = 0;
    [[nodiscard]] virtual Result<void> startCapture(const RunEndpoint &endpoint, const QString &path) = 0;
    // Stops the capture; the record has the path, interface and statistics.
    virtual CaptureRecord stopCapture() = 0;
    [[nodiscard]] virtual Result<QJsonObject> analyseCapture(const QString &path) = 0;
    // Runs the traffic of SPEC, blocking; SINK gets sample batches as they come (on this thread).
    virtual TrafficOutcome runTraffic(const ExperimentSpec &spec, const RunEndpoint &endpoint,
                                      const SampleSink &sink) = 0;
    // Thread-safe: ends a running runTraffic() early.
    virtual void cancel() = 0;
    // End of the sweep: stop the lab's agent; REMOVE_LAB also takes the lab down.
    virtual void finish(bool removeLab) = 0;
};

} // namespace tcptune
