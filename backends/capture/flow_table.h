#pragma once
// FlowTable: the TCP flows of one capture while it is read, packet by packet: decodes each
// record, finds its flow (a new SYN with another sequence number starts a new one, as in
// Wireshark), counts it the way `tshark -z conv,tcp` and `-z io,stat` do, runs the sequence
// analysis, and keeps a tally of the memory it holds so that the caller can stop in time.

#include "capture/capture_analysis.h"
#include "capture/capture_file_reader.h"
#include "capture/packet_decoder.h"
#include "capture/tcp_flow_analyzer.h"
#include "capture/time_outlier_detector.h"

#include <QCoreApplication>

#include <memory>
#include <unordered_map>
#include <vector>

namespace tcptune {

class FlowTable final {
    Q_DECLARE_TR_FUNCTIONS(FlowTable)

public:
    FlowTable(const AnalysisOptions &options, CaptureAnalysis &result);
    ~FlowTable();

    void packet(const CaptureRecord &record);
    // Moves the flows into the result, largest first, and adds the warnings.
    void finish();

    bool overMemoryLimit() const { return m_memoryBytes > m_options.memory_limit_bytes; }
    std::size_t flowCount() const { return m_flows.size(); }
    // Every packet so far came on a link type the decoder does not know.
    bool onlyUnsupportedLinkTypes() const { return m_unsupported > 0 && m_unsupported == m_result.packets; }
    int firstLinkType() const { return m_linkTypes.empty() ? -1 : m_linkTypes.front(); }

    // Both ends of a connection in a fixed order (so that both directions find the same flow),
    // as five words: compared and hashed without a memcmp call per packet.
    struct FlowKey {
        std::array<std::uint64_t, 5> words{}; // low address, high address, ports and family
        bool operator==(const FlowKey &) const = default;
    };
    struct FlowKeyHash {
        std::size_t operator()(const FlowKey &k) const;
    };
    struct Flow;

private:
    bool decode(const CaptureRecord &record, DecodeStatus &status);
    std::size_t flowOf(std::int64_t timeNs);
    std::size_t newFlow(std::int64_t timeNs);
    int sideOf(const Flow &f) const;
    void account(Flow &f, int d, bool counted, std::int64_t timeNs, std::int64_t relNs, std::size_t wireLength);
    void addToInterval(Flow &f, int d, std::int64_t timeNs, std::size_t wireLength);
    void analyseSequence(Flow &f, int d, std::int64_t timeNs, std::int64_t relNs);
    FlowAnalysis finishFlow(Flow &f);
    void addWarnings();
    template <typename T> void append(std::vector<T> &v, T value);

    const AnalysisOptions &m_options;
    CaptureAnalysis &m_result;
    const std::int64_t m_intervalUs;
    const std::int64_t m_slotNs;
    std::int64_t m_firstNs = 0;
    std::int64_t m_frame = 0; // number of the record being read
    std::int64_t m_maxRelNs = 0;
    std::int64_t m_unsupported = 0;
    std::int64_t m_memoryBytes = 0;
    std::vector<int> m_linkTypes; // distinct link types seen, in order
    DecodedTcp m_tcp;
    TimeOutlierDetector m_outliers;
    std::vector<std::unique_ptr<Flow>> m_flows;
    std::unordered_map<FlowKey, std::size_t, FlowKeyHash> m_index;
    FlowKey m_lastKey;
    std::size_t m_lastIndex = SIZE_MAX;
};

} // namespace tcptune
