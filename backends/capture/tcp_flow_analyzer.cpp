#include "capture/tcp_flow_analyzer.h"

#include "capture/packet_decoder.h"
#include "capture/tcp_connection_tracker.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <pcap/pcap.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <unordered_map>

namespace tcptune {
namespace {

QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("TcpFlowAnalyzer", text, nullptr, n);
}

constexpr std::int64_t kNsPerUs = 1000;

// Both ends of a connection, in a fixed order so that both directions find the same flow.
struct FlowKey {
    std::array<std::uint8_t, 16> lowAddress{};
    std::array<std::uint8_t, 16> highAddress{};
    std::uint16_t lowPort = 0;
    std::uint16_t highPort = 0;
    bool ipv6 = false;
    bool operator==(const FlowKey &) const = default;
};

struct FlowKeyHash {
    std::size_t operator()(const FlowKey &k) const
    {
        std::uint64_t h = 1469598103934665603ull;
        auto mix = [&h](const std::uint8_t *p, std::size_t n) {
            for (std::size_t i = 0; i < n; ++i)
                h = (h ^ p[i]) * 1099511628211ull;
        };
        const std::size_t n = k.ipv6 ? 16 : 4;
        mix(k.lowAddress.data(), n);
        mix(k.highAddress.data(), n);
        const std::uint32_t ports = (std::uint32_t(k.lowPort) << 16) | k.highPort;
        mix(reinterpret_cast<const std::uint8_t *>(&ports), sizeof ports);
        return std::size_t(h);
    }
};

Endpoint endpointOf(const std::array<std::uint8_t, 16> &address, std::uint16_t port, bool ipv6)
{
    Endpoint e;
    e.address = address;
    e.ipv6 = ipv6;
    e.port = port;
    return e;
}

FlowKey keyOf(const DecodedTcp &t)
{
    FlowKey k;
    k.ipv6 = t.ipv6;
    const bool srcLow = std::tie(t.src, t.srcPort) <= std::tie(t.dst, t.dstPort);
    k.lowAddress = srcLow ? t.src : t.dst;
    k.highAddress = srcLow ? t.dst : t.src;
    k.lowPort = srcLow ? t.srcPort : t.dstPort;
    k.highPort = srcLow ? t.dstPort : t.srcPort;
    return k;
}

// A series of (time, value) points, thinned to one point per time slot.
void addPoint(std::vector<SeriesPoint> &series, std::int64_t &lastSlot, std::int64_t slot, double timeS,
              std::int64_t value, bool keepLargest)
{
    if (slot == lastSlot && !series.empty()) {
        std::int64_t &v = series.back().value;
        v = keepLargest ? std::max(v, value) : std::min(v, value);
        return;
    }
    lastSlot = slot;
    series.push_back({timeS, value});
}

// One flow while the file is read.
struct FlowBuilder {
    Endpoint side[2]; // side 0 sent the flow's first packet
    int synFrom = -1;
    int synAckFrom = -1;
    TcpConnectionTracker tracker;
    DirectionAnalysis dir[2];
    std::int64_t packets = 0;
    std::int64_t firstNs = 0;
    std::int64_t lastNs = 0;
    std::int64_t maxRelFlowNs = 0;
    // IO graph: Wireshark puts a packet into the latest interval reached so far when time goes
    // backwards, so this only moves forward.
    std::int64_t firstInterval = -1;
    std::int64_t currentInterval = 0;
    std::int64_t lastRelUs = 0;
    std::int64_t bifSlot[2] = {-1, -1};
    std::int64_t windowSlot[2] = {-1, -1};
};

RttStats statsOf(const std::vector<RttSample> &samples)
{
    RttStats s;
    if (samples.empty())
        return s;
    std::vector<double> ms;
    ms.reserve(samples.size());
    for (const RttSample &r : samples)
        ms.push_back(r.rtt_s * 1000.0);
    std::sort(ms.begin(), ms.end());
    const std::size_t n = ms.size();
    s.count = std::int64_t(n);
    s.min_ms = ms.front();
    s.max_ms = ms.back();
    s.median_ms = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2.0;
    const std::size_t rank = std::size_t(std::ceil(0.95 * double(n)));
    s.p95_ms = ms[std::clamp<std::size_t>(rank, 1, n) - 1];
    return s;
}

std::int64_t intervalsCovering(std::int64_t durationUs, std::int64_t intervalUs)
{
    if (durationUs <= 0)
        return 0;
    return durationUs / intervalUs + (durationUs % intervalUs ? 1 : 0);
}

void cutSeries(DirectionAnalysis &d, std::int64_t keep)
{
    const std::size_t n = std::size_t(std::max<std::int64_t>(keep, 0));
    if (d.bytes_per_interval.size() > n)
        d.bytes_per_interval.resize(n);
    if (d.payload_per_interval.size() > n)
        d.payload_per_interval.resize(n);
}

class Analysis final {
public:
    Analysis(const AnalysisOptions &options, CaptureAnalysis &result)
        : m_options(options)
        , m_result(result)
        , m_intervalUs(std::max<std::int64_t>(1, std::llround(options.interval_s * 1e6)))
        , m_slotNs(std::max<std::int64_t>(1, std::llround(options.series_resolution_s * 1e9)))
    {
    }

    void packet(std::int64_t timeNs, int dlt, const std::uint8_t *data, std::size_t caplen, std::size_t wireLength)
    {
        if (m_result.packets == 0)
            m_firstNs = timeNs;
        ++m_result.packets;
        const std::int64_t relNs = timeNs - m_firstNs;
        m_maxRelNs = std::max(m_maxRelNs, relNs);

        switch (decodeTcp(dlt, data, caplen, wireLength, m_tcp)) {
        case DecodeStatus::Tcp: break;
        case DecodeStatus::NotTcp: return;
        case DecodeStatus::Truncated:
        case DecodeStatus::Malformed: ++m_result.undecodable; return;
        }
        ++m_result.tcp_packets;
        if (!m_tcp.haveSegmentLength)
            ++m_badTcpHeaders;

        const FlowKey key = keyOf(m_tcp);
        auto found = m_index.find(key);
        std::size_t index = 0;
        if (found == m_index.end()) {
            index = newFlow(timeNs);
            m_index.emplace(key, index);
        } else {
            index = found->second;
        }
        int d = sideOf(*m_flows[index]);
        if (m_tcp.haveSegmentLength && m_flows[index]->tracker.isNewConnection(d, m_tcp)) {
            index = newFlow(timeNs);
            m_index[key] = index;
            d = 0;
        }
        account(*m_flows[index], d, timeNs, relNs, wireLength);
    }

    void finish()
    {
        const std::int64_t durationUs = (m_maxRelNs + kNsPerUs / 2) / kNsPerUs;
        m_result.duration_s = double(m_maxRelNs) / 1e9;
        m_result.start_epoch_s = double(m_firstNs) / 1e9;
        m_result.interval_s = double(m_intervalUs) / 1e6;
        m_result.interval_count = intervalsCovering(durationUs, m_intervalUs);
        if (m_badTcpHeaders > 0)
            m_result.warnings << tr("%n TCP header(s) had a nonsense header length; they were counted but not "
                                    "analysed.",
                                    int(std::min<std::int64_t>(m_badTcpHeaders, INT32_MAX)));
        if (m_result.undecodable > 0)
            m_result.warnings << tr("%n packet(s) were cut before the TCP header or malformed and were skipped.",
                                    int(std::min<std::int64_t>(m_result.undecodable, INT32_MAX)));

        m_result.flows.reserve(m_flows.size());
        for (auto &builder : m_flows)
            m_result.flows.push_back(finishFlow(*builder));
        m_flows.clear();
        m_index.clear();
        std::stable_sort(m_result.flows.begin(), m_result.flows.end(),
                         [](const FlowAnalysis &a, const FlowAnalysis &b) { return a.totalBytes() > b.totalBytes(); });
    }

private:
    std::size_t newFlow(std::int64_t timeNs)
    {
        auto f = std::make_unique<FlowBuilder>();
        f->side[0] = endpointOf(m_tcp.src, m_tcp.srcPort, m_tcp.ipv6);
        f->side[1] = endpointOf(m_tcp.dst, m_tcp.dstPort, m_tcp.ipv6);
        f->firstNs = timeNs;
        f->lastNs = timeNs;
        m_flows.push_back(std::move(f));
        return m_flows.size() - 1;
    }

    int sideOf(const FlowBuilder &f) const
    {
        const Endpoint &s = f.side[0];
        const std::size_t n = m_tcp.ipv6 ? 16 : 4;
        return (s.port == m_tcp.srcPort && std::memcmp(s.address.data(), m_tcp.src.data(), n) == 0) ? 0 : 1;
    }

    void account(FlowBuilder &f, int d, std::int64_t timeNs, std::int64_t relNs, std::size_t wireLength)
    {
        DirectionAnalysis &mine = f.dir[d];
        ++f.packets;
        ++mine.packets;
        mine.frame_bytes += std::int64_t(wireLength);
        const std::int64_t payload = m_tcp.haveSegmentLength ? std::int64_t(m_tcp.segmentLength) : 0;
        mine.payload_bytes += payload;
        f.lastNs = std::max(f.lastNs, timeNs);

        // IO graph interval, the way tshark -z io,stat assigns it.
        const std::int64_t originNs =
            m_options.origin == AnalysisOptions::IntervalOrigin::FlowStart ? f.firstNs : m_firstNs;
        const std::int64_t rel = timeNs - originNs;
        const std::int64_t relUs = rel >= 0 ? (rel + kNsPerUs / 2) / kNsPerUs : f.lastRelUs;
        f.lastRelUs = relUs;
        f.maxRelFlowNs = std::max(f.maxRelFlowNs, rel);
        f.currentInterval = std::max(f.currentInterval, relUs / m_intervalUs);
        if (f.firstInterval < 0)
            f.firstInterval = f.currentInterval;
        const std::size_t k = std::size_t(f.currentInterval - f.firstInterval);
        for (DirectionAnalysis &both : f.dir) {
            if (both.bytes_per_interval.size() <= k) {
                both.bytes_per_interval.resize(k + 1, 0);
                both.payload_per_interval.resize(k + 1, 0);
            }
        }
        mine.bytes_per_interval[k] += std::int64_t(wireLength);
        mine.payload_per_interval[k] += payload;

        if (m_tcp.flags & tcpflag::Syn) {
            if (!(m_tcp.flags & tcpflag::Ack) && f.synFrom < 0)
                f.synFrom = d;
            if ((m_tcp.flags & tcpflag::Ack) && f.synAckFrom < 0)
                f.synAckFrom = d;
        }
        if (!m_tcp.haveSegmentLength)
            return;

        const SegmentVerdict v = f.tracker.onSegment(d, m_tcp, timeNs);
        const double timeS = double(relNs) / 1e9;
        if (v.retransmission)
            ++mine.retransmissions;
        if (v.hasRtt)
            f.dir[1 - d].rtt.push_back({timeS, double(v.rttNs) / 1e9});
        const std::int64_t slot = relNs >= 0 ? relNs / m_slotNs : 0;
        if (v.hasBytesInFlight)
            addPoint(mine.bytes_in_flight, f.bifSlot[d], slot, timeS, v.bytesInFlight, true);
        std::int64_t window = m_tcp.window;
        if (!(m_tcp.flags & tcpflag::Syn))
            window <<= f.tracker.windowShift(d);
        addPoint(mine.advertised_window, f.windowSlot[d], slot, timeS, window, false);
    }

    FlowAnalysis finishFlow(FlowBuilder &f)
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
        out.packets = f.packets;
        out.first_time_s = double(f.firstNs - m_firstNs) / 1e9;
        out.last_time_s = double(f.lastNs - m_firstNs) / 1e9;
        out.first_interval = std::max<std::int64_t>(f.firstInterval, 0);
        out.c2s = std::move(f.dir[client]);
        out.s2c = std::move(f.dir[1 - client]);
        // tshark prints as many rows as the capture (or, flow-aligned, the flow) lasts.
        const std::int64_t rows = m_options.origin == AnalysisOptions::IntervalOrigin::FlowStart
                                      ? intervalsCovering((f.maxRelFlowNs + kNsPerUs / 2) / kNsPerUs, m_intervalUs)
                                      : m_result.interval_count - out.first_interval;
        for (DirectionAnalysis *d : {&out.c2s, &out.s2c}) {
            cutSeries(*d, rows);
            d->rtt_stats = statsOf(d->rtt);
            if (!m_options.keep_rtt_samples)
                std::vector<RttSample>().swap(d->rtt);
        }
        return out;
    }

    const AnalysisOptions &m_options;
    CaptureAnalysis &m_result;
    const std::int64_t m_intervalUs;
    const std::int64_t m_slotNs;
    std::int64_t m_firstNs = 0;
    std::int64_t m_maxRelNs = 0;
    std::int64_t m_badTcpHeaders = 0;
    DecodedTcp m_tcp;
    std::vector<std::unique_ptr<FlowBuilder>> m_flows;
    std::unordered_map<FlowKey, std::size_t, FlowKeyHash> m_index;
};

struct PcapCloser {
    void operator()(pcap_t *p) const { pcap_close(p); }
};

QString openError(const QString &path, const QString &detail)
{
    if (detail.contains(QLatin1String("unknown file format")) || detail.contains(QLatin1String("bad dump file")))
        return tr("%1 is not a capture file that tcptune can read (%2). Give a pcap or pcapng file, as written by "
                  "tcpdump, Wireshark or tcptune.")
            .arg(path, detail);
    if (detail.contains(QLatin1String("truncated")))
        return tr("%1 ends inside its file header (%2), so it holds no packets. Record the capture again.")
            .arg(path, detail);
    return tr("Cannot read the capture %1: %2").arg(path, detail);
}

} // namespace

QStringList supportedLinkTypes()
{
    QStringList names;
    for (int dlt : {DLT_EN10MB, DLT_LINUX_SLL, DLT_LINUX_SLL2, DLT_RAW, DLT_IPV4, DLT_IPV6, DLT_NULL, DLT_LOOP})
        names << QString::fromLatin1(pcap_datalink_val_to_name(dlt));
    return names;
}

Result<CaptureAnalysis> analyzeCapture(const QString &path, const AnalysisOptions &options,
                                       const ProgressCallback &progress, const std::atomic_bool *cancel)
{
    if (!(options.interval_s >= 1e-6 && options.interval_s <= 1e6))
        return fail(tr("The interval %1 s is out of range; give a number of seconds from 0.000001 to 1000000.")
                        .arg(options.interval_s));
    if (!(options.series_resolution_s > 0))
        return fail(tr("The series resolution must be a positive number of seconds."));
    const QFileInfo info(path);
    if (!info.exists())
        return fail(tr("The capture file %1 does not exist; check the path.").arg(path));
    if (!info.isFile())
        return fail(tr("%1 is not a file; give the path of a pcap or pcapng capture.").arg(path));
    if (info.size() == 0)
        return fail(
            tr("The capture file %1 is empty (0 bytes): it holds no packets. Record the capture again.").arg(path));

    char errbuf[PCAP_ERRBUF_SIZE] = {};
    std::unique_ptr<pcap_t, PcapCloser> pcap(pcap_open_offline_with_tstamp_precision(
        QFile::encodeName(path).constData(), PCAP_TSTAMP_PRECISION_NANO, errbuf));
    if (!pcap)
        return fail(openError(path, QString::fromLocal8Bit(errbuf)));
    const int dlt = pcap_datalink(pcap.get());
    const QString linkName =
        QString::fromLatin1(pcap_datalink_val_to_name(dlt) ? pcap_datalink_val_to_name(dlt) : "unknown");
    if (!isSupportedLinkType(dlt))
        return fail(tr("%1 uses the link type %2 (%3), which tcptune cannot decode. Supported: %4. Capture on an "
                       "Ethernet, loopback or 'any' interface, or convert the file with editcap.")
                        .arg(path, linkName)
                        .arg(dlt)
                        .arg(supportedLinkTypes().join(QStringLiteral(", "))));

    CaptureAnalysis result;
    result.file = path;
    result.link_type = linkName;
    Analysis analysis(options, result);
    const double fileSize = double(info.size());
    FILE *file = pcap_file(pcap.get());

    pcap_pkthdr *header = nullptr;
    const u_char *data = nullptr;
    int rc = 0;
    std::int64_t count = 0;
    while ((rc = pcap_next_ex(pcap.get(), &header, &data)) == 1) {
        const std::int64_t timeNs = std::int64_t(header->ts.tv_sec) * 1000000000 + std::int64_t(header->ts.tv_usec);
        analysis.packet(timeNs, dlt, data, header->caplen, header->len);
        if ((++count & 0xfff) == 0) {
            if (cancel && cancel->load())
                return fail(tr("The analysis of %1 was cancelled.").arg(path));
            if (progress && (count & 0xffff) == 0 && file)
                progress(std::min(1.0, double(std::ftell(file)) / fileSize));
        }
    }
    if (rc == PCAP_ERROR) {
        result.truncated = true;
        result.truncation_message =
            tr("The capture breaks off after packet %1 (%2). The %1 packets before it were analysed; the rest of "
               "the file could not be read.")
                .arg(result.packets)
                .arg(QString::fromLocal8Bit(pcap_geterr(pcap.get())));
    }
    analysis.finish();
    if (progress)
        progress(1.0);
    return result;
}

} // namespace tcptune
