#pragma once
// The agent's control protocol, version 6: one JSON object per '\n'-terminated line, each with
// "tcptune_agent": <version> and "type". The client sends "start" (workload and sizes); an agent
// with a token answers "challenge" (a fresh nonce) and the client "auth" (HMAC-SHA256 of the
// nonce under the token, see agent_auth.h), so the token never crosses the wire. The agent then
// answers "ready" (session id, the data connections' secret; its version and knob snapshot only
// to an authenticated client) or "error". The client opens the data connections, each beginning
// with a "data" or "probe" line naming the session and its secret, sends "begin", gets "running",
// and after the run "end", answered by "result" (receiver bytes per interval and per stream).
// Both sides use these helpers so the wire format lives in one place.
// With "direction" down the agent also sends: its data connections carry its writes, it streams
// "samples" lines (TCP_INFO of its sending sockets, per interval) during the run and its "result"
// holds what it sent.
// Over ssh (`serve --stdio`) both sides first send "hello" with their protocol and program
// versions, so a mismatch is named before anything runs; "start" may then carry "knobs" (catalogue
// sysctls for the far host): the agent applies them through its host's tcptune-helper before
// "ready", reports its knobs before them in "ready" and after the run in "result" (after which it
// has put them back).
// Version 4: over ssh the client may send "describe" instead of "start" (a connection test, as
// the GUI's "Test connection" does): the agent answers "description" with its program version,
// its kernel release, its knob snapshot and whether its host's tcptune-helper can run (how, or
// why not and what to do), and the session ends without a run.
// Version 5: "description" also carries "choices": for each enum sysctl of the catalogue, the
// values the far host's kernel offers (its tcp_available_congestion_control, ...), so the far
// end's editors offer what that kernel has, not what this one has.
// Version 6: mutual authentication (agent_auth.h). "start" carries "client_nonce"; an agent with a
// token answers "challenge" with its "nonce" and its "proof", the client checks the proof (and
// refuses an agent that sends none while it holds a token) and answers "auth" with its own proof.
// "ready" carries the agent's "nonce" and no secret: both ends derive the data connections' secret,
// and each "data" or "probe" line carries "proof", an HMAC under it of the session and stream.
// Latency under load ("workload": "rrul") adds "idle_s" to "start": the first seconds of
// "omit_s" in which only the probes run (the agent's own streams wait them out), and the agent
// answers the run's UDP probes on its port (udp_probe.h). An agent that does not know the
// workload refuses the start by its name.

#include "common/error.h"
#include "knobs/knob_reader.h"
#include "traffic/traffic_spec.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <cstdint>

namespace tcptune::agentproto {

inline constexpr int kVersion = 6;
inline constexpr int kMaxControlLine = 64 * 1024;
// The longest line of a connection that has not authenticated or attached yet.
inline constexpr int kMaxHandshakeLine = 4096;
// What a client reads of one agent line, per message type: a malicious agent cannot make it
// buffer more. "result" holds at most --max-intervals intervals and 128 streams' figures, well
// under a MiB; the cap leaves room without letting a 64 MiB line in.
inline constexpr int kMaxReadyLine = 4 * kMaxControlLine;    // "ready", "challenge", "description"
inline constexpr int kMaxSamplesLine = 16 * kMaxControlLine; // "samples" during a run
inline constexpr int kMaxResultLine = 8 * 1024 * 1024;
inline constexpr std::int64_t kProbeMessageSize = 64;

// What the agent needs to know about a run.
struct SessionParams {
    Workload workload = Workload::Bulk;
    int streams = 1;
    double durationS = 10;
    double omitS = 0;
    int sampleMs = 10;
    std::int64_t requestBytes = 0;  // bytes per message the agent reads before answering; 0 = sink
    std::int64_t responseBytes = 0; // bytes it answers with
    std::int64_t rcvbuf = 0;
    bool latencyProbe = false;
    double idleS = 0; // rrul: seconds of omitS in which nothing but the probes run
    Direction direction = Direction::Up;
    // What the agent's own sending connections do (workload, write sizes, socket options);
    // used only when the direction is down or both.
    TrafficSpec sending;
    // Catalogue sysctls (key -> canonical value) the agent sets on its host for the run.
    QMap<QString, QString> sysctls;
    bool confirmHostChanges = false; // the client's user confirmed host device and core feature changes

    int upStreams() const { return direction == Direction::Down ? 0 : streams; }
    int downStreams() const { return direction == Direction::Up ? 0 : streams; }
    int connections() const { return upStreams() + downStreams(); }
};

// The encoded line (with the version field and the trailing newline).
QByteArray encode(QJsonObject message);
// A JSON object of this protocol version with a string "type"; otherwise a message for the log
// and the error reply.
[[nodiscard]] Result<QJsonObject> decode(const QByteArray &line);

// A "start" for SPEC with a fresh client nonce (agentauth::randomHex).
QJsonObject startMessage(const TrafficSpec &spec);
[[nodiscard]] Result<SessionParams> parseStart(const QJsonObject &message);
QJsonObject errorMessage(const QString &text);
QJsonObject challengeMessage(const QByteArray &nonce, const QByteArray &proof);
QJsonObject authMessage(const QByteArray &proof);
// The form both ends compute the proofs over: the "start" as the agent decodes it (with its
// version field), as compact JSON (QJsonObject keeps its keys sorted).
QByteArray canonical(QJsonObject start);
// The client's nonce in START, empty when it has none of the form agentauth::isNonce().
QByteArray clientNonceOf(const QJsonObject &start);
// A data connection's first line: session, stream (-1: the latency probe, type "probe") and its
// proof under the run's derived secret.
QJsonObject dataHelloMessage(const QString &session, int stream, const QByteArray &secret);

QString typeOf(const QJsonObject &message);

// The agent's own MIB counters ride on "ready" and "result" as "mib" (counter name -> value, as
// common/mib_counters reads them), or "mib_note" saying why there are none; the client takes
// the difference: the far end's counter deltas over the run. An agent of an older version sends
// neither (the client says so). COUNTERS: those of the namespace the agent reports
// (AgentOptions::knobNetns), or why they could not be read.
void insertCounters(QJsonObject &message, const Result<QMap<QString, qint64>> &counters);
// MESSAGE's counters, or why it has none.
[[nodiscard]] Result<QMap<QString, qint64>> countersOf(const QJsonObject &message);

// What "description" tells of the far host.
struct HostDescription {
    QString program; // tcptune's version there
    QString kernel;  // uname release
    bool helperUsable = false;
    QString helper;     // how it runs ("root", "sudo -n"), or why it cannot and what to do
    KnobSnapshot knobs; // catalogue sysctls of the agent's namespace
    QString knobsNote;  // why there are none
    // Enum sysctl -> the values its kernel offers (version 5).
    QMap<QString, QStringList> choices;
};
QJsonObject describeMessage();
QJsonObject descriptionMessage(const HostDescription &description);
[[nodiscard]] Result<HostDescription> parseDescription(const QJsonObject &message);

// The first line each side sends over ssh: PROTOCOL is kVersion except in a test that makes the
// far agent announce another one.
QByteArray helloLine(int protocol = kVersion);
// The far agent's first line as this side reads it: its protocol and program version, whatever
// protocol it speaks (an agent older than the exchange answers with an error of its own).
struct PeerVersion {
    int protocol = 0;
    QString program; // empty when the agent did not say
    bool hello = false;
};
PeerVersion peerVersionOf(const QByteArray &line);

} // namespace tcptune::agentproto
