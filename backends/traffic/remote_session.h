#pragma once
// The control side of one run, whatever the target speaks: the tcptune agent protocol or stock
// iperf3's. TrafficClient drives it: open() negotiates until data connections may be opened,
// dataHello() is what each of them sends first, waitRunning() returns when the target counts,
// peerEvent() notices a vanished or failing target during the run, finish() collects the
// target's figures.

#include "common/error.h"
#include "knobs/knob_reader.h"
#include "traffic/socket_util.h"
#include "traffic/traffic_result.h"
#include "traffic/traffic_spec.h"

#include <QByteArray>
#include <QList>
#include <QMap>

#include <memory>
#include <utility>

namespace tcptune {

// What the client itself measured, for protocols that exchange results (iperf3).
struct LocalFigures {
    QList<std::int64_t> bytesPerStream;
    QList<std::int64_t> retransPerStream;
    double durationS = 0;
    QString congestionControl;
};

// One sampling interval of a sender on the target's side, streamed while the run goes.
struct FarTick {
    TrafficSample aggregate;
    QList<TrafficSample> streams;
};

// What the target sent, per connection it sent on (direction down or both).
struct FarSent {
    int stream = 0;
    std::int64_t bytes = 0; // after the omit window
    std::int64_t retrans = 0;
    std::int64_t sndbuf = 0;
    std::int64_t rcvbuf = 0;
    QString congestionControl;
    QString error;
};

struct RemoteFigures {
    QList<FarSent> sent;
    std::int64_t receiverBytes = -1;
    double durationS = 0;
    QList<std::int64_t> bytesPerStream;
    QList<std::int64_t> transactionsPerStream;
    QList<ReceiverInterval> intervals;
    // The far end's MIB counter deltas over the run (agents report them; iperf3 does not).
    bool countersRead = false;
    QMap<QString, qint64> counterDeltas;
    QString countersNote;
    KnobSnapshot knobsAfter; // the target's knobs at the end of a run that changed some
    QString knobsNote;       // what went wrong reading or putting them back
};

class RemoteSession {
public:
    virtual ~RemoteSession() = default;

    // CONTROL is connected already. Fails with a message for the user.
    [[nodiscard]] virtual Result<void> open(int control) = 0;
    virtual QByteArray dataHello(int stream) const = 0;
    virtual QByteArray probeHello() const = 0;
    // The run's session id and data secret, which the UDP latency probe signs with (udp_probe.h);
    // empty when the target answers no UDP probe (iperf3).
    virtual std::pair<QString, QByteArray> udpProbeKey() const { return {}; }
    [[nodiscard]] virtual Result<void> waitRunning() = 0;
    // Called when the control socket is readable during the run; an error ends the run.
    [[nodiscard]] virtual Result<void> peerEvent() = 0;
    // The client has stopped sending (data sockets still open when SHUTDOWN_DATA_FIRST is false).
    virtual bool shutdownDataBeforeFinish() const = 0;
    [[nodiscard]] virtual Result<RemoteFigures> finish(const LocalFigures &local) = 0;

    // Where the data connections go when the target says so (an agent started over ssh opens a
    // port for the session); an empty host: the control connection's own address.
    virtual QString dataHost() const { return {}; }
    virtual std::uint16_t dataPort() const { return 0; }

    // Samples of the target's senders that arrived since the last call (in order).
    virtual QList<FarTick> takeFarTicks() { return {}; }
    // Whether the target streams its senders' samples: not an iperf3 server, nor an agent that
    // serves this client traffic only (no token): then this client's own receiver makes them.
    virtual bool farSamples() const { return false; }

    virtual KnobSnapshot knobs() const { return {}; }
    virtual QString knobsNote() const { return {}; }
    virtual QString version() const { return {}; }

    static std::unique_ptr<RemoteSession> create(const TrafficSpec &spec);
};

} // namespace tcptune
