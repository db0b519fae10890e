#include "knobs/knob_info.h"

#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"

namespace tcptune {

QString KnobInfo::procPath() const
{
    return kind == KnobKind::Sysctl ? procsys::pathForKey(key) : QString();
}

QString KnobInfo::translatedDescription() const
{
    // The catalogue marks each description with QT_TRANSLATE_NOOP("KnobCatalogue", ...).
    return KnobCatalogue::tr(description.toUtf8().constData());
}

QString kindName(KnobKind kind)
{
    switch (kind) {
    case KnobKind::Sysctl: return QStringLiteral("sysctl");
    case KnobKind::SocketOption: return QStringLiteral("socket");
    case KnobKind::LabParameter: return QStringLiteral("lab");
    case KnobKind::Link: return QStringLiteral("link");
    }
    return {};
}

QString typeName(ValueType type)
{
    switch (type) {
    case ValueType::Bool: return QStringLiteral("bool");
    case ValueType::Integer: return QStringLiteral("integer");
    case ValueType::Triple: return QStringLiteral("triple");
    case ValueType::Enum: return QStringLiteral("enum");
    case ValueType::Qdisc: return QStringLiteral("qdisc");
    }
    return {};
}

QString unitName(Unit unit)
{
    switch (unit) {
    case Unit::None: return {};
    case Unit::Bytes: return QStringLiteral("bytes");
    case Unit::BitsPerSecond: return QStringLiteral("bit/s");
    case Unit::BytesPerSecond: return QStringLiteral("bytes/s");
    case Unit::Milliseconds: return QStringLiteral("ms");
    case Unit::Percent: return QStringLiteral("%");
    case Unit::Packets: return QStringLiteral("packets");
    case Unit::Microseconds: return QStringLiteral("us");
    }
    return {};
}

} // namespace tcptune
