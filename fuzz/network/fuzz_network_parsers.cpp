// libFuzzer entry: the first byte picks a parser, the second shapes it, the rest is its input.
//   0: an agent control line (agentproto::decode, then parseStart for a "start"), whose accepted
//      parameters must lie inside the protocol's limits (far knobs: catalogue sysctls only),
//      parseDescription for a "description" (bounded texts), and logSafe on its type;
//   1: the helper's line reader fed in chunks the second byte sizes: no line longer than the
//      cap is delivered and it never holds more than one capped line;
//   2: a journal file's content (HelperJournal::parse);
//   3: a lab-state record (labStateFromJson), whose accepted state must survive a round trip.
// A crash, sanitizer report or broken invariant (abort) is a finding.

#include "helper/helper_journal.h"
#include "helper/helper_line_reader.h"
#include "knobs/knob_catalogue.h"
#include "lab/lab_state.h"
#include "traffic/agent_protocol.h"
#include "common/log_text.h"

#include <QJsonDocument>

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

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2 || size > 16384)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char *>(data) + 2, qsizetype(size - 2));
    switch (data[0] % 4) {
    case 0: checkControlLine(bytes); break;
    case 1: checkLineReader(data[1], bytes); break;
    case 2: (void)HelperJournal::parse(bytes); break;
    case 3: checkLabState(bytes); break;
    }
    return 0;
}
