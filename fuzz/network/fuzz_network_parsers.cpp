// libFuzzer entry: the first byte picks a parser, the second shapes it, the rest is its input.
//   0: an agent control line (agentproto::decode, then parseStart for a "start"), whose accepted
//      parameters must lie inside the protocol's limits (far knobs: catalogue sysctls only),
//      parseDescription for a "description" (bounded texts), and logSafe on its type;
//   1: the helper's line reader fed in chunks the second byte sizes: no line longer than the
//      cap is delivered and it never holds more than one capped line;
//   2: a journal file's content (HelperJournal::parse);
//   3: a lab-state record (labStateFromJson), whose accepted state must survive a round trip;
//   4: the agent's side of the handshake: a "start" line's client nonce and canonical form, which
//      must be stable through the wire (decode, encode, decode) so both ends prove the same bytes;
//   5: the client's side: a "challenge" line, whose proof is checked against the one the token
//      gives: only a well-formed nonce is taken, and a proof not made with the token never passes;
//   6: the client's reading of a "result" line (figuresFromResult), the second byte its omit
//      window: counts stay whole numbers within kMaxPeerCount, times and throughputs finite, and
//      no more figures than the line holds.
// A crash, sanitizer report or broken invariant (abort) is a finding.

#include "helper/helper_journal.h"
#include "helper/helper_line_reader.h"
#include "knobs/knob_catalogue.h"
#include "lab/lab_state.h"
#include "traffic/agent_auth.h"
#include "traffic/agent_protocol.h"
#include "traffic/agent_result.h"
#include "common/log_text.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace tcptune;

namespace {

void checkControlLine(const QByteArray &line)
{
    auto message = agentproto::decode(line);
    if (!message)
        return;
    const QString safe = logSafe(agentproto::typeOf(*message), 40);
    if (safe.contains(QLatin1Char('\n')) || safe.size() > 80)
        std::abort();
    if (agentproto::typeOf(*message) == QLatin1String("description")) {
        // A far host's description is shown in the GUI: its texts stay bounded.
        if (auto d = agentproto::parseDescription(*message); d && (d->program.size() > 40 || d->kernel.size() > 200))
            std::abort();
        return;
    }
    if (agentproto::typeOf(*message) != QLatin1String("start"))
        return;
    auto p = agentproto::parseStart(*message);
    if (!p)
        return;
    if (p->streams < 1 || p->streams > TrafficLimits::kMaxStreams || p->sampleMs < TrafficLimits::kMinSampleMs ||
        !(p->durationS > 0) || p->durationS > TrafficLimits::kMaxDurationS || p->responseBytes < 0 ||
        p->responseBytes > TrafficLimits::kMaxMessageSize)
        std::abort();
    // Far knobs: only the catalogue's sysctls ever reach the agent's helper.
    for (auto it = p->sysctls.cbegin(); it != p->sysctls.cend(); ++it) {
        const KnobInfo *knob = KnobCatalogue::instance().find(it.key());
        if (!knob || knob->kind != KnobKind::Sysctl)
            std::abort();
    }
}

void checkLineReader(std::uint8_t shape, const QByteArray &bytes)
{
    const qsizetype cap = 16 + shape % 64;
    const std::size_t chunk = 1 + shape % 13;
    HelperLineReader reader(cap);
    for (qsizetype at = 0; at < bytes.size(); at += qsizetype(chunk)) {
        const std::size_t n = std::min<std::size_t>(chunk, std::size_t(bytes.size() - at));
        reader.feed(
            bytes.constData() + at, n,
            [cap](const QByteArray &line) {
                if (line.size() > cap || line.contains('\n'))
                    std::abort();
            },
            [] {});
        if (reader.buffered() > cap)
            std::abort();
    }
}

void checkLabState(const QByteArray &bytes)
{
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return;
    auto state = labStateFromJson(doc.object());
    if (!state)
        return;
    auto again = labStateFromJson(toJson(*state));
    if (!again || again->spec.name != state->spec.name || again->namespaces != state->namespaces)
        std::abort();
}

// What the agent proves over must be what the client proved over: the canonical form survives the
// wire, and the agent never takes a nonce that is not one.
void checkAgentHandshake(const QByteArray &line)
{
    auto start = agentproto::decode(line);
    if (!start)
        return;
    const QByteArray canonical = agentproto::canonical(*start);
    auto again = agentproto::decode(agentproto::encode(*start).trimmed());
    if (!again || agentproto::canonical(*again) != canonical)
        std::abort();
    const QByteArray nonce = agentproto::clientNonceOf(*start);
    if (!nonce.isEmpty() && !agentauth::isNonce(nonce))
        std::abort();
}

void checkClientHandshake(const QByteArray &line)
{
    auto challenge = agentproto::decode(line);
    if (!challenge)
        return;
    const QString token = QStringLiteral("fuzz-token-0123456789abcdef0123456789abcdef");
    const QByteArray nonce = challenge->value(QStringLiteral("nonce")).toString().toLatin1();
    const QByteArray given = challenge->value(QStringLiteral("proof")).toString().toLatin1();
    // Only 64 lower-case hex digits are a nonce the client proves over.
    if (agentauth::isNonce(nonce) && (nonce.size() != 2 * agentauth::kNonceBytes || nonce.toLower() != nonce ||
                                      QByteArray::fromHex(nonce).size() != agentauth::kNonceBytes))
        std::abort();
    const QByteArray expected =
        agentauth::proof(token, agentauth::Role::Agent, nonce, QByteArray(2 * agentauth::kNonceBytes, 'a'),
                         R"({"tcptune_agent":6,"type":"start"})");
    // The constant-time comparison says what plain equality says.
    if (agentauth::constantTimeEqual(given, expected) != (given == expected))
        std::abort();
}

bool isCount(std::int64_t n)
{
    return n >= 0 && n <= kMaxPeerCount;
}

void checkResult(std::uint8_t shape, const QByteArray &line)
{
    auto result = agentproto::decode(line);
    if (!result || agentproto::typeOf(*result) != QLatin1String("result"))
        return;
    const RemoteFigures f = figuresFromResult(*result, double(shape % 3));
    if ((f.receiverBytes != -1 && !isCount(f.receiverBytes)) || !std::isfinite(f.durationS) || f.durationS < 0)
        std::abort();
    if (f.intervals.size() > result->value(QStringLiteral("intervals")).toArray().size() ||
        f.bytesPerStream.size() != f.transactionsPerStream.size())
        std::abort();
    for (const ReceiverInterval &i : f.intervals)
        if (!isCount(i.bytes) || !std::isfinite(i.t) || !std::isfinite(i.throughputBps) || i.throughputBps < 0)
            std::abort();
    for (int k = 0; k < f.bytesPerStream.size(); ++k)
        if (!isCount(f.bytesPerStream[k]) || !isCount(f.transactionsPerStream[k]))
            std::abort();
    for (const FarSent &s : f.sent)
        if (!isCount(s.bytes) || !isCount(s.retrans) || !isCount(s.sndbuf) || !isCount(s.rcvbuf))
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2 || size > 16384)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char *>(data) + 2, qsizetype(size - 2));
    switch (data[0] % 7) {
    case 0: checkControlLine(bytes); break;
    case 1: checkLineReader(data[1], bytes); break;
    case 2: (void)HelperJournal::parse(bytes); break;
    case 3: checkLabState(bytes); break;
    case 4: checkAgentHandshake(bytes); break;
    case 5: checkClientHandshake(bytes); break;
    case 6: checkResult(data[1], bytes); break;
    }
    return 0;
}
