#include "knobs/link_knobs.h"

#include <QCoreApplication>

#include <limits>

namespace tcptune::linkknobs {
namespace {

// LinkKnobs::tr(): lupdate files this file's messages under the context tr() looks them up in.
class LinkKnobs final {
    Q_DECLARE_TR_FUNCTIONS(LinkKnobs)
};

struct Parameter {
    const char *name;
    Group group;
    ValueType type;
    Unit unit;
    std::int64_t minimum;
    std::int64_t maximum;
    const char *description;
    const char *story;
};

constexpr std::int64_t kU32 = std::numeric_limits<std::uint32_t>::max();
// The kernel's GSO_MAX_SIZE and GRO_MAX_SIZE (8 x 65535): BIG TCP's ceiling.
constexpr std::int64_t kBigTcpMax = 524280;
// The kernel's DQL_MAX_LIMIT: what limit_max holds when nobody lowered it.
constexpr std::int64_t kBqlMax = 1879048192;

// Descriptions are marked for lupdate in the catalogue's context: KnobInfo::translatedDescription().
const Parameter kParameters[] = {
    {"tso", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "TCP segmentation offload: the device cuts large TCP frames into segments"),
     "3,4"},
    {"gso", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Generic segmentation offload: the stack hands large frames to the driver"),
     "3,4"},
    {"gro", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Generic receive offload: received segments are merged before TCP"), "4"},
    {"lro", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Large receive offload in the device"), "4"},
    {"sg", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Scatter-gather: frames from several buffers (TSO and GSO need it)"), "3"},
    {"rx-checksum", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Receive checksum offload"), ""},
    {"tx-checksum", Group::Feature, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Transmit checksum offload (TSO needs it)"), ""},
    {"tx-usecs", Group::Coalescing, ValueType::Integer, Unit::Microseconds, 0, kU32,
     QT_TRANSLATE_NOOP("KnobCatalogue", "TX completion interrupt delay (the mvneta timer of story 5)"), "1,5"},
    {"tx-frames", Group::Coalescing, ValueType::Integer, Unit::Packets, 0, kU32,
     QT_TRANSLATE_NOOP("KnobCatalogue", "TX completions gathered into one interrupt"), "1,5"},
    {"rx-usecs", Group::Coalescing, ValueType::Integer, Unit::Microseconds, 0, kU32,
     QT_TRANSLATE_NOOP("KnobCatalogue", "RX interrupt delay"), ""},
    {"rx-frames", Group::Coalescing, ValueType::Integer, Unit::Packets, 0, kU32,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Received frames gathered into one interrupt"), ""},
    {"adaptive-rx", Group::Coalescing, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Adaptive RX interrupt coalescing"), ""},
    {"adaptive-tx", Group::Coalescing, ValueType::Bool, Unit::None, 0, 1,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Adaptive TX interrupt coalescing"), "5"},
    {"rx-ring", Group::Rings, ValueType::Integer, Unit::Packets, 1, kU32,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Descriptors in the RX ring"), ""},
    {"tx-ring", Group::Rings, ValueType::Integer, Unit::Packets, 1, kU32,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Descriptors in the TX ring"), "3"},
    {"combined-channels", Group::Channels, ValueType::Integer, Unit::None, 1, 65535,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Combined RX/TX queues (channels) of the device"), ""},
    {"txqueuelen", Group::Interface, ValueType::Integer, Unit::Packets, 0, 1'000'000,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Device queue length the qdisc may hold, in packets"), "3,5"},
    {"mtu", Group::Interface, ValueType::Integer, Unit::Bytes, 68, 65535,
     QT_TRANSLATE_NOOP("KnobCatalogue", "MTU of this device"), "4"},
    {"gso_max_size", Group::SizeLimits, ValueType::Integer, Unit::Bytes, 1, kBigTcpMax,
     QT_TRANSLATE_NOOP("KnobCatalogue",
                       "Largest packet the stack builds with GSO for this device (BIG TCP above 64 KiB)"),
     "3"},
    {"gro_max_size", Group::SizeLimits, ValueType::Integer, Unit::Bytes, 1, kBigTcpMax,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Largest packet GRO merges for this device (BIG TCP above 64 KiB)"), "4"},
    {"bql_limit_max", Group::Bql, ValueType::Integer, Unit::Bytes, 0, kBqlMax,
     QT_TRANSLATE_NOOP("KnobCatalogue", "Byte queue limits: most bytes in flight to the device, every TX queue"), "3"},
    {"qdisc", Group::Qdisc, ValueType::Qdisc, Unit::None, 0, 0,
     QT_TRANSLATE_NOOP("KnobCatalogue",
                       "Root qdisc of the device with its parameters, as tc takes them: pfifo limit 1000, tbf rate "
                       "50mbit burst 32kb latency 50ms, fq_codel; default for the kernel's own"),
     "3,5"},
};

const Parameter *parameterNamed(const QString &name)
{
    for (const Parameter &p : kParameters)
        if (name == QLatin1String(p.name))
            return &p;
    return nullptr;
}

KnobInfo knobOf(const Parameter &p, const QString &device)
{
    KnobInfo k;
    k.kind = KnobKind::Link;
    k.key = QLatin1String(kPrefix) + (device.isEmpty() ? QStringLiteral("DEV") : device) + QLatin1Char('.') +
            QLatin1String(p.name);
    k.type = p.type;
    k.unit = p.unit;
    k.minimum = p.minimum;
    k.maximum = p.maximum;
    k.perNetns = true;
    k.description = QString::fromUtf8(p.description);
    k.story = QLatin1String(p.story);
    k.device = device;
    k.linkParameter = QLatin1String(p.name);
    return k;
}

// NAME with control characters shown as '?', for messages.
QString shown(const QString &name)
{
    QString out = name.left(40);
    for (QChar &c : out)
        if (!c.isPrint())
            c = QLatin1Char('?');
    return out;
}

} // namespace

bool isLinkKey(const QString &key)
{
    return key.startsWith(QLatin1String(kPrefix));
}

QList<KnobInfo> templates()
{
    QList<KnobInfo> out;
    for (const Parameter &p : kParameters)
        out.append(knobOf(p, {}));
    return out;
}

Result<void> checkDeviceName(const QString &name)
{
    if (name.isEmpty())
        return fail(LinkKnobs::tr("No device named; link knobs are link.DEVICE.PARAMETER, e.g. link.eth0.gso."));
    if (name.contains(QLatin1Char('/')) || name.contains(QLatin1String("..")) || name == QLatin1String("."))
        return fail(LinkKnobs::tr("'%1' is not a device name: it may not contain '/' or '..'.").arg(shown(name)));
    for (const QChar c : name)
        if (!c.isPrint() || c.isSpace() || c == QLatin1Char(':'))
            return fail(LinkKnobs::tr("'%1' is not a device name: it may not contain spaces, newlines, ':' or control "
                                      "characters.")
                            .arg(shown(name)));
    if (name.toUtf8().size() > kMaxDeviceNameBytes)
        return fail(LinkKnobs::tr("'%1' is not a device name: the kernel's names have at most %2 bytes.")
                        .arg(shown(name))
                        .arg(kMaxDeviceNameBytes));
    return {};
}

Result<KnobInfo> resolve(const QString &key)
{
    if (!isLinkKey(key))
        return fail(LinkKnobs::tr("'%1' is not a link knob (link.DEVICE.PARAMETER).").arg(shown(key)));
    const QString rest = key.mid(int(qstrlen(kPrefix)));
    const qsizetype dot = rest.lastIndexOf(QLatin1Char('.'));
    const QString device = dot < 0 ? QString() : rest.left(dot);
    const QString parameter = dot < 0 ? rest : rest.mid(dot + 1);
    if (auto named = checkDeviceName(device); !named)
        return std::unexpected(named.error());
    const Parameter *p = parameterNamed(parameter);
    if (!p) {
        QStringList names;
        for (const Parameter &each : kParameters)
            names << QLatin1String(each.name);
        return fail(LinkKnobs::tr("Unknown link parameter '%1'; link knobs are link.DEVICE.PARAMETER with one of: %2.")
                        .arg(shown(parameter), names.join(QStringLiteral(", "))));
    }
    return knobOf(*p, device);
}

Group groupOf(const KnobInfo &knob)
{
    const Parameter *p = parameterNamed(knob.linkParameter);
    return p ? p->group : Group::Interface;
}

QStringList featurePatterns(const QString &parameter)
{
    // As the ethtool program groups the kernel's feature bits under its -K words.
    static const QList<std::pair<QString, QStringList>> table = {
        {QStringLiteral("tso"), {QStringLiteral("tx-tcp*-segmentation")}},
        {QStringLiteral("gso"), {QStringLiteral("tx-generic-segmentation")}},
        {QStringLiteral("gro"), {QStringLiteral("rx-gro")}},
        {QStringLiteral("lro"), {QStringLiteral("rx-lro")}},
        {QStringLiteral("sg"), {QStringLiteral("tx-scatter-gather*")}},
        {QStringLiteral("rx-checksum"), {QStringLiteral("rx-checksum")}},
        {QStringLiteral("tx-checksum"), {QStringLiteral("tx-checksum-*")}},
    };
    for (const auto &[name, patterns] : table)
        if (name == parameter)
            return patterns;
    return {};
}

bool featureMatches(const QString &pattern, const QString &featureName)
{
    const qsizetype star = pattern.indexOf(QLatin1Char('*'));
    if (star < 0)
        return pattern == featureName;
    const QString head = pattern.left(star);
    const QString tail = pattern.mid(star + 1);
    return featureName.size() >= head.size() + tail.size() && featureName.startsWith(head) &&
           featureName.endsWith(tail);
}

} // namespace tcptune::linkknobs
