// libFuzzer entry: the first byte picks a parser, the rest is its input.
//   0..: a request line (helperprotocol::parseRequest) and, when it parses, its re-encoding;
//   a reply line (parseReply); a knob value for one of the catalogue's knobs (knobvalue::parse),
//   whose canonical result must parse to itself; a number with unit (parseInteger).
// A crash, sanitizer report or broken invariant (abort) is a finding.

#include "helper/helper_protocol.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace tcptune;

namespace {

void checkRequest(const QByteArray &line)
{
    QJsonValue id;
    auto request = helperprotocol::parseRequest(line, &id);
    if (!request) {
        if (request.error().message.isEmpty())
            std::abort();
        return;
    }
    if (request->op.isEmpty())
        std::abort();
    // What parsed must survive a round trip through the encoder.
    const QByteArray again = helperprotocol::encodeRequest(request->id, request->op, request->params);
    auto reparsed = helperprotocol::parseRequest(again.chopped(1));
    if (again.size() - 1 <= helperprotocol::kMaxLineBytes &&
        (!reparsed || reparsed->op != request->op || reparsed->params != request->params))
        std::abort();
}

void checkValue(std::uint8_t selector, const QByteArray &bytes)
{
    const QList<KnobInfo> &all = KnobCatalogue::instance().all();
    const KnobInfo &knob = all[selector % all.size()];
    const QStringList allowed{QStringLiteral("reno"), QStringLiteral("cubic"), QStringLiteral("bbr")};
    const QString input = QString::fromUtf8(bytes);
    auto parsed = knobvalue::parse(knob, input, allowed);
    if (!parsed) {
        if (parsed.error().message.isEmpty())
            std::abort();
        return;
    }
    auto again = knobvalue::parse(knob, *parsed, allowed);
    if (!again || *again != *parsed)
        std::abort();
    (void)knobvalue::formatHuman(knob, *parsed);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2 || size > 16384)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char *>(data) + 2, qsizetype(size - 2));
    switch (data[0] % 4) {
    case 0: checkRequest(bytes); break;
    case 1: (void)helperprotocol::parseReply(bytes); break;
    case 2: checkValue(data[1], bytes); break;
    case 3: (void)knobvalue::parseInteger(QString::fromUtf8(bytes), static_cast<Unit>(data[1] % 7)); break;
    }
    return 0;
}
