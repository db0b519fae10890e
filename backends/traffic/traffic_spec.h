#pragma once
// What one traffic run does: workload, sizes, socket options, sampling and the target. A plain
// value type with JSON (de)serialisation and validation, shared by `tcptune run`, the Runner,
// the panels and the result store.

#include "common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <cstdint>

namespace tcptune {

enum class Workload {
    Bulk,            // stream as fast as possible (iperf-like)
    RequestResponse, // request/response transactions (netperf TCP_RR-like)
    SplitWrite,      // small header write then data write per message (iSCSI PDU pattern)
    Rrul,            // latency under load: bulk streams each way, UDP and TCP probes, an idle phase first
};

QString workloadName(Workload workload); // "bulk", "rr", "split-write", "rrul"
[[nodiscard]] Result<Workload> parseWorkload(const QString &name);

// How bulk bytes reach the socket.
enum class SendMethod {
    Copy,     // send() from a buffer: the kernel copies every byte (what iperf3 does by default)
    Zerocopy, // send(MSG_ZEROCOPY): the kernel pins the buffer's pages; completions come back on
              // the socket's error queue (to a local receiver, loopback or veth, it copies anyway)
    Sendfile, // sendfile() from a memfd, or from sendfileFile: page-cache pages, no copy
};

QString sendMethodName(SendMethod method); // "copy", "zerocopy", "sendfile"
[[nodiscard]] Result<SendMethod> parseSendMethod(const QString &name);
// Which end sends the workload's data.
enum class Direction {
    Up,   // the workstation (this client) sends: the default
    Down, // the target sends to the workstation (wget from a NAS, NFS reads, iperf3 -R)
    Both, // both at once, on separate connections
};

QString directionName(Direction direction); // "up", "down", "both"
[[nodiscard]] Result<Direction> parseDirection(const QString &name);

enum class TargetKind {
    Agent,  // `tcptune serve`
    Iperf3, // a stock `iperf3 -s` (3.x control protocol)
    Ssh,    // `tcptune serve --stdio` started over ssh; the data port comes from the agent
};

struct TrafficTarget {
    static constexpr std::uint16_t kDefaultAgentPort = 5300;
    static constexpr std::uint16_t kDefaultIperf3Port = 5201;

    TargetKind kind = TargetKind::Agent;
    QString host;
    std::uint16_t port = kDefaultAgentPort; // ssh: sshd's port, 0 = ssh's own choice
    QString tokenFile;                      // agent only: where its token is (AgentToken)
    QString token;                          // in memory only, never written: a token given directly (tests, the GUI)
    QString user;                           // ssh only; empty = ssh's own choice

    // "HOST", "HOST:PORT", "[V6]:PORT", "iperf3://HOST[:PORT]", "tcptune://HOST[:PORT]",
    // "ssh://[USER@]HOST[:PORT]".
    [[nodiscard]] static Result<TrafficTarget> parse(const QString &text);
    // The form parse() reads back ("iperf3://198.18.1.2:5201", "198.18.1.2:5300").
    QString toString() const;
    // Whether HOST and USER are what parse() accepts: a name or address that ssh can never read
    // as an option ("-oProxyCommand=..."), a plain user name. Every way a host or user comes in
    // (command line, spec file, GUI) goes through these.
    [[nodiscard]] static Result<void> checkHost(const QString &host);
    [[nodiscard]] static Result<void> checkUser(const QString &user);

    bool operator==(const TrafficTarget &) const = default;
};

// Limits of the values a spec may hold; the agent applies its own (lower) limits on top.
struct TrafficLimits {
    // One set of limits for `tcptune run --duration`, a spec's duration_s and the workbench.
    static constexpr double kMinDurationS = 0.2; // shorter measures the handshake, not a transfer
    static constexpr double kMaxDurationS = 24 * 3600;
    static constexpr int kMaxStreams = 128;
    static constexpr std::int64_t kMaxWriteSize = 64LL << 20;   // one write or message part
    static constexpr std::int64_t kMaxMessageSize = 64LL << 20; // rr request / response
    static constexpr std::int64_t kMaxSocketBuffer = 1LL << 30; // SO_SNDBUF / SO_RCVBUF
    static constexpr int kMinSampleMs = 1;
    static constexpr int kMaxSampleMs = 60000;
    // TCP_INFO sampling, the same in `tcptune run`, specs and the presets: fine enough to see a
    // lab's few-millisecond RTT move.
    static constexpr int kDefaultSampleMs = 10;
    static constexpr int kMaxConnectTimeoutMs = 120000;
};

struct TrafficSpec {
    Q_DECLARE_TR_FUNCTIONS(TrafficSpec)
public:
    Workload workload = Workload::Bulk;
    Direction direction = Direction::Up;
    double durationS = 10;               // measured time, after the omitted seconds
    double omitS = 0;                    // run this long first and leave it out of the figures
    int streams = 1;                     // parallel data connections
    std::int64_t writeSize = 128 * 1024; // bulk: bytes per send(); split-write: data part per message
    std::int64_t requestSize = 64;       // rr: request bytes
    std::int64_t responseSize = 64;      // rr and split-write: response bytes (split-write: 0 = one-way)
    std::int64_t headerSize = 48;        // split-write: header bytes (an iSCSI BHS is 48)
    std::int64_t sndbuf = 0;             // SO_SNDBUF request; 0 = leave autotuning on
    std::int64_t rcvbuf = 0;             // SO_RCVBUF on both ends' data sockets; 0 = autotuning
    bool nodelay = false;                // TCP_NODELAY
    bool cork = false;                   // TCP_CORK (split-write: corked around each message)
    std::int64_t notsentLowat = 0;       // TCP_NOTSENT_LOWAT bytes; 0 = not set
    QString congestionControl;           // TCP_CONGESTION; empty = the system default
    std::int64_t maxPacingRateBps = 0;   // SO_MAX_PACING_RATE in bit/s; 0 = unlimited
    SendMethod send = SendMethod::Copy;  // bulk only
    QString sendfileFile;                // sendfile: the file to send from (cyclically); empty = a memfd
    int sampleIntervalMs = TrafficLimits::kDefaultSampleMs; // TCP_INFO sampling interval
    bool latencyProbe = false; // a separate small request/response flow beside the workload
    // rrul: seconds of probing alone before the streams start, the idle baseline. The run lasts
    // idleS + omitS + durationS; the figures leave the idle phase out as they leave omitS out.
    double idleS = 5;
    int connectTimeoutMs = 3000;
    TrafficTarget target;

    // Data connections the client sends on and those the target sends on (streams each way;
    // `both` opens both sets: the client's first, then the target's).
    int upStreams() const { return direction == Direction::Down ? 0 : streams; }
    int downStreams() const { return direction == Direction::Up ? 0 : streams; }
    // Whether the run has the TCP latency probe: asked for, or part of latency under load.
    bool probesLatency() const { return latencyProbe || workload == Workload::Rrul; }
    // Seconds at the start with no stream sending: the idle baseline of latency under load.
    double idlePhaseS() const { return workload == Workload::Rrul ? idleS : 0; }
    // When set, every client socket is created inside this network namespace (the lab's
    // client side); empty = the caller's namespace.
    QString clientNetns;
    // ssh targets: an ssh config file for `ssh -F` (empty: the user's own).
    QString sshConfig;
    // ssh targets: catalogue sysctls (key -> canonical value) the far agent sets for the run
    // through its host's tcptune-helper and puts back after it.
    QMap<QString, QString> remoteSysctls;
    // The user confirmed (--force) that those may change the far host's devices or turn its core
    // TCP features off; without it the far helper refuses them.
    bool confirmRemoteHostChanges = false;

    // Plain JSON object with snake_case keys; fromJson accepts any subset (defaults fill the rest)
    // and validates.
    QJsonObject toJson() const;
    [[nodiscard]] static Result<TrafficSpec> fromJson(const QJsonObject &json);

    // Sets the socket option held in JSON field FIELD ("sndbuf", "congestion_control") to VALUE as
    // the knob catalogue writes it (a whole number, times SCALE; 0 or 1; a word). False when FIELD
    // holds no socket option. The catalogue's entries name their field (SocketOptionInfo).
    bool setSocketOption(const QString &field, const QString &value, std::int64_t scale = 1);

    // Every value in range, sizes positive, the workload possible against the target kind.
    // The message says which value is wrong, what the limit is and what to do.
    [[nodiscard]] Result<void> validate() const;

    bool operator==(const TrafficSpec &) const = default;

private:
    [[nodiscard]] Result<void> validateSizes() const;
    [[nodiscard]] Result<void> validateSocketOptions() const;
    [[nodiscard]] Result<void> validateSendMethod() const;
    [[nodiscard]] Result<void> validateTarget() const;
    [[nodiscard]] Result<void> validateDirection() const;
};

} // namespace tcptune
