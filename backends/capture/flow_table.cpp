#include "capture/flow_table.h"

#include "capture/saturating_time.h"
#include "capture/rtt_distribution.h"
#include "capture/tcp_connection_tracker.h"
#include "capture/tunnel_description.h"

#include <QDateTime>

#include <pcap/pcap.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

namespace tcptune {
namespace {

constexpr std::int64_t kNsPerUs = 1000;
constexpr std::int64_t kMapEntryBytes = 96; // an unordered_map node with its key and bucket share

// Nanoseconds (>= 0) to microseconds, rounded as tshark rounds to its microsecond clock.
std::int64_t roundedUs(std::int64_t ns)
{
    return ns / kNsPerUs + (ns % kNsPerUs >= kNsPerUs / 2 ? 1 : 0);
}

Endpoint endpointOf(const std::array<std::uint8_t, 16> &address, std::uint16_t port, bool ipv6)
{
    Endpoint e;
    e.address = address;
    e.ipv6 = ipv6;
    e.port = port;
    return e;
}

FlowTable::FlowKey keyOf(const DecodedTcp &t)
{
    // Any fixed order of the two ends will do; words compare without a memcmp call.
    std::uint64_t src[2];
    std::uint64_t dst[2];
    std::memcpy(src, t.src.data(), 16);
    std::memcpy(dst, t.dst.data(), 16);
    const bool srcLow = std::tie(src[0], src[1], t.srcPort) <= std::tie(dst[0], dst[1], t.dstPort);
    const std::uint64_t *low = srcLow ? src : dst;
    const std::uint64_t *high = srcLow ? dst : src;
    const std::uint64_t lowPort = srcLow ? t.srcPort : t.dstPort;
    const std::uint64_t highPort = srcLow ? t.dstPort : t.srcPort;
    FlowTable::FlowKey k;
    k.words = {low[0], low[1], high[0], high[1], (lowPort << 32) | (highPort << 16) | (t.ipv6 ? 1 : 0)};
    return k;
}

std::int64_t intervalsCovering(std::int64_t durationUs, std::int64_t intervalUs)
{
    if (durationUs <= 0)
        return 0;
    return durationUs / intervalUs + (durationUs % intervalUs ? 1 : 0);
}

QString utc(std::int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss"));
}

} // namespace

std::size_t FlowTable::FlowKeyHash::operator()(const FlowKey &k) const
{
    std::uint64_t h = 1469598103934665603ull;
    for (const std::uint64_t w : k.words)
        h = (h ^ w) * 1099511628211ull;
    return std::size_t(h ^ (h >> 29));
}

// One flow while the file is read.
struct FlowTable::Flow {
    Endpoint side[2]; // side 0 sent the flow's first packet
    int synFrom = -1;
    int synAckFrom = -1;
    std::int64_t firstFrame = 0;
    TcpConnectionTracker tracker;
    DirectionAnalysis dir[2];
    RttDistribution rtt[2]; // RTTs of each side's data, exact and compact (the vectors are optional)
    std::int64_t packets = 0;
    std::int64_t firstNs = 0;
    std::int64_t lastNs = 0;
    std::int64_t maxRelFlowNs = 0;
    // IO graph: Wireshark puts a packet into the latest interval reached so far when time goes
    // backwards, so this only moves forward (and each side's sparse series stays sorted).
    std::int64_t currentInterval = 0;
    std::int64_t lastRelUs = 0;
    std::int64_t bifSlot[2] = {-1, -1};
    std::int64_t windowSlot[2] = {-1, -1};
    QString via;
};

FlowTable::FlowTable(const AnalysisOptions &options, CaptureAnalysis &result)
    : m_options(options)
    , m_result(result)
    , m_intervalUs(std::max<std::int64_t>(1, std::llround(options.interval_s * 1e6)))
    , m_slotNs(std::max<std::int64_t>(1, std::llround(options.series_resolution_s * 1e9)))
{
}

FlowTable::~FlowTable() = default;

template <typename T> void FlowTable::append(std::vector<T> &v, T value)
{
    const std::size_t before = v.capacity();
    v.push_back(std::move(value));
    m_memoryBytes += std::int64_t((v.capacity() - before) * sizeof(T));
}

void FlowTable::packet(const CaptureRecord &record)
{
    if (m_result.packets == 0)
        m_firstNs = record.timeNs;
    ++m_result.packets;
    m_frame = record.number;
    const std::int64_t relNs = saturatingSub(record.timeNs, m_firstNs);
    m_maxRelNs = std::max(m_maxRelNs, relNs);
    m_outliers.add(record.number, record.timeNs);

    DecodeStatus status = DecodeStatus::NotTcp;
    if (!decode(record, status))
        return;
    ++m_result.tcp_packets;
    Flow &f = *m_flows[flowOf(record.timeNs)];
    account(f, sideOf(f), status == DecodeStatus::Tcp, record.timeNs, relNs, record.wireLength);
}

// Decodes RECORD into m_tcp; false (counted where it belongs) when it holds no TCP segment.
bool FlowTable::decode(const CaptureRecord &record, DecodeStatus &status)
{
    if ((m_linkTypes.empty() || m_linkTypes.back() != record.linkType) && m_linkTypes.size() < 8 &&
        std::find(m_linkTypes.begin(), m_linkTypes.end(), record.linkType) == m_linkTypes.end())
        m_linkTypes.push_back(record.linkType);
    if (!isSupportedLinkType(record.linkType)) {
        ++m_unsupported;
        return false;
    }
    status = decodeTcp(record.linkType, record.data, record.caplen, record.wireLength, m_tcp);
    switch (status) {
    case DecodeStatus::Tcp:
    case DecodeStatus::TcpOptionsCut:
        if (m_tcp.malformed)
            ++m_result.malformed;
        return true;
    case DecodeStatus::NotTcp: return false;
    case DecodeStatus::Truncated: ++m_result.cut_short; return false;
    case DecodeStatus::Malformed: ++m_result.malformed; return false;
    }
    return false;
}

std::size_t FlowTable::flowOf(std::int64_t timeNs)
{
    const FlowKey key = keyOf(m_tcp);
    std::size_t index = m_lastIndex;
    if (index == SIZE_MAX || !(key == m_lastKey)) {
        const auto found = m_index.find(key);
        if (found == m_index.end()) {
            index = newFlow(timeNs);
            m_index.emplace(key, index);
            m_memoryBytes += kMapEntryBytes;
        } else {
            index = found->second;
        }
    }
    if (m_flows[index]->tracker.isNewConnection(sideOf(*m_flows[index]), m_tcp)) {
        index = newFlow(timeNs);
        m_index[key] = index;
    }
    m_lastKey = key;
    m_lastIndex = index;
    return index;
}

std::size_t FlowTable::newFlow(std::int64_t timeNs)
{
    auto f = std::make_unique<Flow>();
    f->side[0] = endpointOf(m_tcp.src, m_tcp.srcPort, m_tcp.ipv6);
    f->side[1] = endpointOf(m_tcp.dst, m_tcp.dstPort, m_tcp.ipv6);
    f->firstNs = timeNs;
    f->lastNs = timeNs;
    f->firstFrame = m_frame;
    if (m_tcp.tunnel.count > 0)
        f->via = describeTunnel(m_tcp.tunnel);
    // The flow now, and what it becomes in the result (malloc's own bookkeeping included).
    m_memoryBytes += std::int64_t(sizeof(Flow) + sizeof(FlowAnalysis) + 64 + std::size_t(f->via.size()) * 4);
    append(m_flows, std::move(f));
    return m_flows.size() - 1;
}

int FlowTable::sideOf(const Flow &f) const
{
    const Endpoint &s = f.side[0];
    std::uint64_t a[2];
    std::uint64_t b[2];
    std::memcpy(a, s.address.data(), 16);
    std::memcpy(b, m_tcp.src.data(), 16);
    return s.port == m_tcp.srcPort && a[0] == b[0] && a[1] == b[1] ? 0 : 1;
}

// COUNTED: tshark's conversation table counts the frame (not when the capture cut its options).
void FlowTable::account(Flow &f, int d, bool counted, std::int64_t timeNs, std::int64_t relNs, std::size_t wireLength)
{
    DirectionAnalysis &mine = f.dir[d];
    if (counted) {
        ++f.packets;
        ++mine.packets;
        mine.frame_bytes += std::int64_t(wireLength);
        mine.payload_bytes += m_tcp.segmentLength;
        f.lastNs = std::max(f.lastNs, timeNs);
    }
    addToInterval(f, d, timeNs, wireLength);
    if (m_tcp.flags & tcpflag::Syn) {
        if (!(m_tcp.flags & tcpflag::Ack) && f.synFrom < 0)
            f.synFrom = d;
        if ((m_tcp.flags & tcpflag::Ack) && f.synAckFrom < 0)
            f.synAckFrom = d;
    }
    analyseSequence(f, d, timeNs, relNs);
}

// The IO graph interval, the way tshark -z io,stat assigns it.
void FlowTable::addToInterval(Flow &f, int d, std::int64_t timeNs, std::size_t wireLength)
{
    const std::int64_t originNs =
        m_options.origin == AnalysisOptions::IntervalOrigin::FlowStart ? f.firstNs : m_firstNs;
    const std::int64_t rel = saturatingSub(timeNs, originNs);
    const std::int64_t relUs = rel >= 0 ? roundedUs(rel) : f.lastRelUs;
    f.lastRelUs = relUs;
    f.maxRelFlowNs = std::max(f.maxRelFlowNs, rel);
    f.currentInterval = std::max(f.currentInterval, relUs / m_intervalUs);
    std::vector<IntervalBytes> &series = f.dir[d].intervals;
    if (series.empty() || series.back().index != f.currentInterval)
        append(series, IntervalBytes{f.currentInterval, 0, 0});
    series.back().frame_bytes += std::int64_t(wireLength);
    series.back().payload_bytes += m_tcp.segmentLength;
}

void FlowTable::analyseSequence(Flow &f, int d, std::int64_t timeNs, std::int64_t relNs)
{
    DirectionAnalysis &mine = f.dir[d];
    const std::size_t before = f.tracker.heapBytes();
    const SegmentVerdict v = f.tracker.onSegment(d, m_tcp, timeNs);
    m_memoryBytes += std::int64_t(f.tracker.heapBytes()) - std::int64_t(before);
    const double timeS = double(relNs) / 1e9;
    if (m_options.segment_observer)
        m_options.segment_observer(SegmentObservation{f.firstFrame, d, m_frame, relNs, &m_tcp, &v, &f.tracker});
    if (v.retransmission)
        ++mine.retransmissions;
    if (v.hasRtt) {
        RttDistribution &rtt = f.rtt[1 - d];
        const std::size_t rttBefore = rtt.heapBytes();
        rtt.add(v.rttNs);
        m_memoryBytes += std::int64_t(rtt.heapBytes()) - std::int64_t(rttBefore);
        if (m_options.keep_rtt_samples)
            append(f.dir[1 - d].rtt, RttSample{timeS, double(v.rttNs) / 1e9});
    }
    // Thinned series: one point per slot, the largest bytes in flight, the smallest window.
    const std::int64_t slot = relNs >= 0 ? relNs / m_slotNs : 0;
    if (v.hasBytesInFlight) {
        if (f.bifSlot[d] == slot && !mine.bytes_in_flight.empty()) {
            mine.bytes_in_flight.back().value =
                std::max<std::int64_t>(mine.bytes_in_flight.back().value, v.bytesInFlight);
        } else {
            f.bifSlot[d] = slot;
            append(mine.bytes_in_flight, SeriesPoint{timeS, v.bytesInFlight});
        }
    }
    std::int64_t window = m_tcp.window;
    if (!(m_tcp.flags & tcpflag::Syn))
        window <<= f.tracker.windowShift(d);
    if (f.windowSlot[d] == slot && !mine.advertised_window.empty()) {
        mine.advertised_window.back().value = std::min(mine.advertised_window.back().value, window);
    } else {
        f.windowSlot[d] = slot;
        append(mine.advertised_window, SeriesPoint{timeS, window});
    }
}

FlowAnalysis FlowTable::finishFlow(Flow &f)
{
    int client = 0;
    if (f.synFrom >= 0)
        client = f.synFrom;
    else if (f.synAckFrom >= 0)
        client = 1 - f.synAckFrom;
    FlowAnalysis out;
    out.client = f.side[client];
    out.server = f.side[1 - client];
    out.saw_syn = f.synFrom >= 0 || f.synAckFrom >= 0;
    out.first_frame = f.firstFrame;
    out.packets = f.packets;
    out.first_time_s = double(saturatingSub(f.firstNs, m_firstNs)) / 1e9;
    out.last_time_s = double(saturatingSub(f.lastNs, m_firstNs)) / 1e9;
    out.via = std::move(f.via);
    out.c2s = std::move(f.dir[client]);
    out.s2c = std::move(f.dir[1 - client]);
    out.c2s.rtt_stats = f.rtt[client].stats();
    out.s2c.rtt_stats = f.rtt[1 - client].stats();
    // tshark prints as many rows as the capture (or, flow-aligned, the flow) lasts.
    const std::int64_t rows = m_options.origin == AnalysisOptions::IntervalOrigin::FlowStart
                                  ? intervalsCovering(roundedUs(f.maxRelFlowNs), m_intervalUs)
                                  : m_result.interval_count;
    for (DirectionAnalysis *d : {&out.c2s, &out.s2c}) {
        while (!d->intervals.empty() && d->intervals.back().index >= rows)
            d->intervals.pop_back();
    }
    return out;
}

void FlowTable::finish()
{
    m_outliers.finish();
    m_result.duration_s = double(m_maxRelNs) / 1e9;
    m_result.start_epoch_s = double(m_firstNs) / 1e9;
    m_result.interval_s = double(m_intervalUs) / 1e6;
    m_result.interval_count = intervalsCovering(roundedUs(m_maxRelNs), m_intervalUs);
    m_result.time_outliers = m_outliers.count();
    QStringList names;
    for (int dlt : m_linkTypes) {
        const char *name = pcap_datalink_val_to_name(dlt);
        names << (name ? QString::fromLatin1(name) : QString::number(dlt));
    }
    m_result.link_type = names.join(QStringLiteral(", "));

    // Largest first, ties in the order the flows began; flows tshark has no conversation for
    // (every frame's options cut) are left out. Built in that order: no sorting buffer.
    std::vector<std::size_t> order;
    order.reserve(m_flows.size());
    for (std::size_t i = 0; i < m_flows.size(); ++i)
        if (m_flows[i]->packets > 0)
            order.push_back(i);
    const auto bytes = [this](std::size_t i) {
        return m_flows[i]->dir[0].frame_bytes + m_flows[i]->dir[1].frame_bytes;
    };
    std::sort(order.begin(), order.end(),
              [&bytes](std::size_t a, std::size_t b) { return bytes(a) != bytes(b) ? bytes(a) > bytes(b) : a < b; });
    m_result.flows.reserve(order.size());
    for (std::size_t i : order) {
        m_result.flows.push_back(finishFlow(*m_flows[i]));
        m_flows[i].reset();
    }
    m_flows.clear();
    m_index.clear();
    addWarnings();
}

void FlowTable::addWarnings()
{
    const auto n = [](std::int64_t v) { return int(std::min<std::int64_t>(v, INT32_MAX)); };
    if (m_result.cut_short > 0)
        m_result.warnings << tr("%n packet(s) were cut by the capture's snapshot length before the end of their TCP "
                                "header; like tshark, tcptune leaves them out of the flows. Capture with a larger "
                                "snapshot length (tcpdump -s 128) to count them.",
                                nullptr, n(m_result.cut_short));
    if (m_result.malformed > 0)
        m_result.warnings << tr("%n packet(s) have broken headers (bogus lengths or versions, which tshark marks "
                                "malformed); like tshark, tcptune leaves most of them out of the flows.",
                                nullptr, n(m_result.malformed));
    if (m_outliers.count() > 0) {
        QStringList examples;
        for (const auto &[record, ns] : m_outliers.examples())
            examples << tr("packet %1 at %2 UTC").arg(record).arg(utc(ns));
        m_result.warnings << tr("%n packet(s) carry a time more than a day away from the packets around them (%1): "
                                "the capturing machine's clock jumped or the file is damaged. They are counted in "
                                "their flows, and the capture's duration includes their times.",
                                nullptr, n(m_outliers.count()))
                                 .arg(examples.join(QStringLiteral(", ")));
    }
    if (m_unsupported > 0)
        m_result.warnings << tr("%n packet(s) came from interfaces whose link type tcptune cannot decode; they "
                                "were skipped.",
                                nullptr, n(m_unsupported));
}

} // namespace tcptune
