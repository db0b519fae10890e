#include "knobs/knob_catalogue.h"

#include "knobs/link_knobs.h"

#include <QRegularExpression>

#include <initializer_list>
#include <limits>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace tcptune {
namespace {

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kUIntMax = std::numeric_limits<unsigned int>::max();
// Host-wide ceilings that keep the machine usable: every socket without its own buffer size
// gets *_default (so a few MiB are plenty), any local program may ask for *_max (the kernel
// doubles it), and the input backlog is per CPU.
constexpr std::int64_t kHostDefaultBufferMax = 16LL << 20;
constexpr std::int64_t kHostBufferMax = 512LL << 20;
constexpr std::int64_t kHostBacklogMax = 262144;

KnobInfo coreFeature(KnobInfo k)
{
    k.coreFeature = true;
    return k;
}

// The tables below are plain literals: keys, defaults and story numbers are ASCII, descriptions
// are the UTF-8 source texts lupdate collects (QT_TRANSLATE_NOOP yields them as const char *).
KnobInfo boolKnob(const char *key, const char *def, const char *description, const char *story, bool perNetns = true)
{
    KnobInfo k;
    k.key = QLatin1StringView(key);
    k.type = ValueType::Bool;
    k.minimum = 0;
    k.maximum = 1;
    k.defaultValue = QLatin1StringView(def);
    k.perNetns = perNetns;
    k.description = QString::fromUtf8(description);
    k.story = QLatin1StringView(story);
    return k;
}

KnobInfo intKnob(const char *key, Unit unit, std::int64_t min, std::int64_t max, const char *def,
                 const char *description, const char *story, bool perNetns = true)
{
    KnobInfo k;
    k.key = QLatin1StringView(key);
    k.type = ValueType::Integer;
    k.unit = unit;
    k.minimum = min;
    k.maximum = max;
    k.defaultValue = QLatin1StringView(def);
    k.perNetns = perNetns;
    k.description = QString::fromUtf8(description);
    k.story = QLatin1StringView(story);
    return k;
}

KnobInfo tripleKnob(const char *key, const char *def, const char *description, const char *story)
{
    KnobInfo k = intKnob(key, Unit::Bytes, 1, kIntMax, def, description, story);
    k.type = ValueType::Triple;
    return k;
}

KnobInfo enumKnob(const char *key, std::initializer_list<const char *> values, const QString &source, const char *def,
                  const char *description, const char *story, bool perNetns = true)
{
    KnobInfo k;
    k.key = QLatin1StringView(key);
    k.type = ValueType::Enum;
    for (const char *value : values)
        k.enumValues.append(QLatin1StringView(value));
    k.enumSource = source;
    k.defaultValue = QLatin1StringView(def);
    k.perNetns = perNetns;
    k.description = QString::fromUtf8(description);
    k.story = QLatin1StringView(story);
    return k;
}

KnobInfo ofKindAs(KnobKind kind, KnobInfo k)
{
    k.kind = kind;
    return k;
}

// KEY as it may be shown in a message: control characters (NUL included) become '?'.
QString printable(const QString &key)
{
    QString shown = key.left(64);
    for (QChar &c : shown)
        if (!c.isPrint())
            c = QLatin1Char('?');
    return shown;
}

const QString kCongestionSource = QStringLiteral("/proc/sys/net/ipv4/tcp_available_congestion_control");

// Sysctls. Defaults are those of a 6.x kernel without distribution overrides. Descriptions are
// marked for lupdate; KnobInfo::translatedDescription() shows them in the user's language.
QList<KnobInfo> sysctls()
{
    return {
        boolKnob("net.ipv4.tcp_autocorking", "1",
                 QT_TRANSLATE_NOOP("KnobCatalogue",
                                   "Delay small writes while an earlier packet of the flow waits in a local queue"),
                 "1"),
        intKnob(
            "net.ipv4.tcp_limit_output_bytes", Unit::Bytes, 0, kIntMax, "4194304",
            QT_TRANSLATE_NOOP("KnobCatalogue", "TCP Small Queues: bytes a socket may have in qdisc and device queues"),
            "3,4"),
        tripleKnob("net.ipv4.tcp_wmem", "4096 16384 4194304",
                   QT_TRANSLATE_NOOP("KnobCatalogue", "Send buffer min, default and max for autotuning"), "2,5"),
        tripleKnob("net.ipv4.tcp_rmem", "4096 131072 33554432",
                   QT_TRANSLATE_NOOP("KnobCatalogue", "Receive buffer min, default and max for autotuning"), "2"),
        enumKnob("net.ipv4.tcp_congestion_control", {}, kCongestionSource, "",
                 QT_TRANSLATE_NOOP("KnobCatalogue", "Congestion control of new connections"), "5"),
        intKnob("net.ipv4.tcp_notsent_lowat", Unit::Bytes, 0, kUIntMax, "4294967295",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Unsent bytes above which a socket stops being writable"), "1"),
        boolKnob("net.ipv4.tcp_moderate_rcvbuf", "1", QT_TRANSLATE_NOOP("KnobCatalogue", "Receive buffer autotuning"),
                 "2"),
        boolKnob("net.ipv4.tcp_slow_start_after_idle", "1",
                 QT_TRANSLATE_NOOP("KnobCatalogue", "Fall back to slow start after an idle period"), "1"),
        coreFeature(intKnob(
            "net.ipv4.tcp_timestamps", Unit::None, 0, 2, "1",
            QT_TRANSLATE_NOOP("KnobCatalogue", "TCP timestamps (0 off, 1 on with random offset, 2 on without)"), "")),
        coreFeature(
            boolKnob("net.ipv4.tcp_sack", "1", QT_TRANSLATE_NOOP("KnobCatalogue", "Selective acknowledgements"), "")),
        coreFeature(boolKnob("net.ipv4.tcp_window_scaling", "1",
                             QT_TRANSLATE_NOOP("KnobCatalogue", "Window scaling for windows above 64 KB"), "5")),
        intKnob(
            "net.ipv4.tcp_ecn", Unit::None, 0, 2, "2",
            QT_TRANSLATE_NOOP("KnobCatalogue", "Explicit congestion notification (0 off, 1 request, 2 accept only)"),
            ""),
        intKnob("net.ipv4.tcp_mtu_probing", Unit::None, 0, 2, "0",
                QT_TRANSLATE_NOOP("KnobCatalogue",
                                  "Packetization-layer path MTU discovery (0 off, 1 after black hole, 2 always)"),
                "4"),
        intKnob("net.ipv4.tcp_min_tso_segs", Unit::Packets, 1, 255, "2",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Minimal number of segments per TSO frame"), "3"),
        intKnob("net.ipv4.tcp_pacing_ss_ratio", Unit::Percent, 0, 1000, "200",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Pacing rate in slow start, percent of cwnd/srtt"), "3"),
        intKnob("net.ipv4.tcp_pacing_ca_ratio", Unit::Percent, 0, 1000, "120",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Pacing rate in congestion avoidance, percent of cwnd/srtt"), "3"),
        intKnob("net.ipv4.tcp_tso_win_divisor", Unit::None, 1, 255, "3",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Fraction of the congestion window one TSO frame may use"), "3"),
        boolKnob("net.ipv4.tcp_no_metrics_save", "0",
                 QT_TRANSLATE_NOOP("KnobCatalogue", "Do not cache metrics of closed connections"), "2"),
        intKnob("net.core.wmem_max", Unit::Bytes, 4608, kHostBufferMax, "212992",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Upper limit of SO_SNDBUF"), "2,5", false),
        intKnob("net.core.rmem_max", Unit::Bytes, 2304, kHostBufferMax, "212992",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Upper limit of SO_RCVBUF"), "2", false),
        intKnob("net.core.wmem_default", Unit::Bytes, 4608, kHostDefaultBufferMax, "212992",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Send buffer of non-TCP sockets without SO_SNDBUF"), "2", false),
        intKnob("net.core.rmem_default", Unit::Bytes, 2304, kHostDefaultBufferMax, "212992",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Receive buffer of non-TCP sockets without SO_RCVBUF"), "2", false),
        enumKnob("net.core.default_qdisc",
                 {"pfifo_fast", "pfifo", "bfifo", "fq", "fq_codel", "sfq", "cake", "codel", "tbf", "htb", "noqueue"},
                 QString(), "pfifo_fast",
                 QT_TRANSLATE_NOOP("KnobCatalogue", "Queueing discipline given to new network devices"), "3", false),
        intKnob("net.core.netdev_max_backlog", Unit::Packets, 1, kHostBacklogMax, "1000",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Packets queued on input when the CPU is slower than the NIC"), "3",
                false),
    };
}

// What a socket option does beyond its value (SocketOptionInfo): plain literals like the tables.
struct SocketBehaviour {
    SocketEnd end = SocketEnd::Sender;
    int level = 0;
    int name = 0;
    HelperForce force = HelperForce::None;
    const char *engineField = ""; // empty: the engine does not set it
    std::int64_t engineScale = 1;
    const char *panelField = ""; // empty: not on the workload panel
    const char *heading = "";
    const char *hint = "";
    const char *unsetText = "";
    const char *overrides = ""; // the sysctl it replaces on its socket
};

KnobInfo socketOption(KnobInfo k, const SocketBehaviour &b)
{
    k.kind = KnobKind::SocketOption;
    k.socket.end = b.end;
    k.socket.level = b.level;
    k.socket.name = b.name;
    k.socket.force = b.force;
    k.socket.engineField = QLatin1StringView(b.engineField);
    k.socket.engineScale = b.engineScale;
    k.socket.panelField = QLatin1StringView(b.panelField);
    k.socket.heading = QString::fromUtf8(b.heading);
    k.socket.hint = QString::fromUtf8(b.hint);
    k.socket.unsetText = QString::fromUtf8(b.unsetText);
    k.socket.overrides = QLatin1StringView(b.overrides);
    return k;
}

// The socket buffers, SO_SNDBUF first: a new sweep turns it (the stories' first sweep).
QList<KnobInfo> socketBuffers()
{
    return {
        socketOption(
            intKnob(
                "socket.SO_SNDBUF", Unit::Bytes, 1, kIntMax, "",
                QT_TRANSLATE_NOOP(
                    "KnobCatalogue",
                    "Fixed send buffer (the kernel doubles it, caps it at net.core.wmem_max, and stops autotuning)"),
                "2,5"),
            {.level = SOL_SOCKET,
             .name = SO_SNDBUF,
             .force = HelperForce::SendBufferForce,
             .engineField = "sndbuf",
             .panelField = "sndbuf",
             .heading = QT_TRANSLATE_NOOP("KnobCatalogue", "Send buffer"),
             .hint = QT_TRANSLATE_NOOP("KnobCatalogue", "SO_SNDBUF; empty leaves send-buffer autotuning on."),
             .unsetText = QT_TRANSLATE_NOOP("KnobCatalogue", "autotuned"),
             .overrides = "net.ipv4.tcp_wmem"}),
        // Set on both ends' data sockets: the sender's receives the acknowledgements.
        socketOption(
            intKnob("socket.SO_RCVBUF", Unit::Bytes, 1, kIntMax, "",
                    QT_TRANSLATE_NOOP("KnobCatalogue",
                                      "Fixed receive buffer (doubled, capped at net.core.rmem_max, no autotuning)"),
                    "2"),
            {.end = SocketEnd::Both,
             .level = SOL_SOCKET,
             .name = SO_RCVBUF,
             .engineField = "rcvbuf",
             .panelField = "rcvbuf",
             .heading = QT_TRANSLATE_NOOP("KnobCatalogue", "Receive buffer"),
             .hint = QT_TRANSLATE_NOOP("KnobCatalogue", "SO_RCVBUF; empty leaves receive-buffer autotuning on."),
             .unsetText = QT_TRANSLATE_NOOP("KnobCatalogue", "autotuned"),
             .overrides = "net.ipv4.tcp_rmem"}),
    };
}

// Socket options: the traffic engine sets them on its data sockets, at the end each acts at. The
// workload panel shows those with a panel field, value fields first, then the switches, each in
// this order.
QList<KnobInfo> socketOptions()
{
    QList<KnobInfo> options = socketBuffers();
    options << QList<KnobInfo>{
        socketOption(
            boolKnob("socket.TCP_NODELAY", "0",
                     QT_TRANSLATE_NOOP("KnobCatalogue", "Send small segments at once instead of waiting (Nagle off)"),
                     "1"),
            {.level = IPPROTO_TCP,
             .name = TCP_NODELAY,
             .engineField = "nodelay",
             .panelField = "nodelay",
             .heading = QT_TRANSLATE_NOOP("KnobCatalogue", "TCP_NODELAY (Nagle off)")}),
        // Set by the workloads as they write (around each message), not when the socket is made.
        socketOption(boolKnob("socket.TCP_CORK", "0",
                              QT_TRANSLATE_NOOP("KnobCatalogue", "Hold partial segments until uncorked or 200 ms pass"),
                              "1"),
                     {.level = IPPROTO_TCP,
                      .name = TCP_CORK,
                      .engineField = "cork",
                      .panelField = "cork",
                      .heading = QT_TRANSLATE_NOOP("KnobCatalogue", "TCP_CORK")}),
        socketOption(
            intKnob("socket.TCP_NOTSENT_LOWAT", Unit::Bytes, 0, kUIntMax, "",
                    QT_TRANSLATE_NOOP("KnobCatalogue",
                                      "Per-socket limit of unsent bytes before the socket stops being writable"),
                    "1"),
            {.level = IPPROTO_TCP,
             .name = TCP_NOTSENT_LOWAT,
             .engineField = "notsent_lowat",
             .overrides = "net.ipv4.tcp_notsent_lowat"}),
        socketOption(enumKnob("socket.TCP_CONGESTION", {}, kCongestionSource, "",
                              QT_TRANSLATE_NOOP("KnobCatalogue", "Congestion control of this socket"), "5"),
                     {.level = IPPROTO_TCP,
                      .name = TCP_CONGESTION,
                      .force = HelperForce::Congestion,
                      .engineField = "congestion_control",
                      .panelField = "congestion",
                      .heading = QT_TRANSLATE_NOOP("KnobCatalogue", "Congestion control"),
                      .unsetText = QT_TRANSLATE_NOOP("KnobCatalogue", "system default"),
                      .overrides = "net.ipv4.tcp_congestion_control"}),
        socketOption(
            intKnob("socket.SO_MAX_PACING_RATE", Unit::BytesPerSecond, 0, std::numeric_limits<std::int64_t>::max(), "",
                    QT_TRANSLATE_NOOP("KnobCatalogue", "Upper bound of the pacing rate"), "3"),
            {.level = SOL_SOCKET, .name = SO_MAX_PACING_RATE, .engineField = "max_pacing_rate_bps", .engineScale = 8}),
        // In the catalogue for its description; the engine does not set it (the bridge refuses it).
        socketOption(intKnob("socket.TCP_MAXSEG", Unit::Bytes, 88, 65535, "",
                             QT_TRANSLATE_NOOP("KnobCatalogue", "Maximum segment size for outgoing segments"), "4"),
                     {.level = IPPROTO_TCP, .name = TCP_MAXSEG}),
    };
    return options;
}

// Lab parameters, so sweeps can turn the bottleneck like any other knob.
QList<KnobInfo> labParameters()
{
    QList<KnobInfo> parameters = {
        enumKnob("lab.topology", {"routed", "direct"}, QString(), "routed",
                 QT_TRANSLATE_NOOP(
                     "KnobCatalogue",
                     "direct: client and server on one veth pair; routed: through a router with the bottleneck"),
                 ""),
        intKnob("lab.rate", Unit::BitsPerSecond, 0, 100'000'000'000LL, "0",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Bottleneck rate (0: unshaped)"), "5"),
        intKnob("lab.queue", Unit::Bytes, 1500, 1'073'741'824LL, "2097152",
                QT_TRANSLATE_NOOP("KnobCatalogue", "Bottleneck queue limit"), "5"),
        intKnob("lab.mtu", Unit::Bytes, 576, 65535, "1500", QT_TRANSLATE_NOOP("KnobCatalogue", "MTU on every lab link"),
                "4"),
        intKnob("lab.delay", Unit::Milliseconds, 0, 10'000, "0",
                QT_TRANSLATE_NOOP("KnobCatalogue", "One-way delay at the bottleneck (needs netem)"), ""),
    };
    for (KnobInfo &k : parameters)
        k = ofKindAs(KnobKind::LabParameter, k);
    return parameters;
}

} // namespace

KnobCatalogue::KnobCatalogue()
    : m_knobs(sysctls() + socketOptions() + labParameters())
    , m_linkTemplates(linkknobs::templates())
{
}

Result<const KnobInfo *> KnobCatalogue::linkEntry(const QString &key) const
{
    // A process names a handful of devices; the bound keeps a stream of made-up names from
    // growing the table without end.
    constexpr std::size_t kMaxLinkEntries = 4096;
    std::lock_guard lock(m_linkMutex);
    if (auto it = m_linkEntries.find(key); it != m_linkEntries.end())
        return it->second.get();
    auto resolved = linkknobs::resolve(key);
    if (!resolved)
        return std::unexpected(resolved.error());
    if (m_linkEntries.size() >= kMaxLinkEntries)
        return fail(tr("Too many different link knobs named in one process."));
    auto entry = std::make_unique<KnobInfo>(*resolved);
    const KnobInfo *address = entry.get();
    m_linkEntries.emplace(key, std::move(entry));
    return address;
}

const KnobCatalogue &KnobCatalogue::instance()
{
    static const KnobCatalogue catalogue;
    return catalogue;
}

QList<KnobInfo> KnobCatalogue::ofKind(KnobKind kind) const
{
    QList<KnobInfo> out;
    for (const KnobInfo &k : m_knobs)
        if (k.kind == kind)
            out.append(k);
    return out;
}

const KnobInfo *KnobCatalogue::socketOptionReplacing(const QString &sysctl) const
{
    for (const KnobInfo &k : m_knobs)
        if (k.kind == KnobKind::SocketOption && k.socket.overrides == sysctl)
            return &k;
    return nullptr;
}

const KnobInfo *KnobCatalogue::find(const QString &key) const
{
    if (linkknobs::isLinkKey(key))
        return linkEntry(key).value_or(nullptr);
    for (const KnobInfo &k : m_knobs)
        if (k.key == key)
            return &k;
    return nullptr;
}

Result<const KnobInfo *> KnobCatalogue::lookup(const QString &key) const
{
    static const QRegularExpression keyShape(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)+")));
    if (key.isEmpty())
        return fail(tr("Empty knob name; 'tcptune knobs' lists the known ones."));
    if (linkknobs::isLinkKey(key))
        return linkEntry(key);
    if (key.size() > 128 || !keyShape.match(key).hasMatch())
        return fail(tr("'%1' is not a knob name: names are dotted words such as "
                       "net.ipv4.tcp_autocorking, without '/', '..', spaces or control characters.")
                        .arg(printable(key)));
    if (const KnobInfo *k = find(key))
        return k;
    return fail(tr("Unknown knob '%1'; 'tcptune knobs' lists the known ones.").arg(key));
}

} // namespace tcptune
