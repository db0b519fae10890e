// libFuzzer target for the whole path of `tcptune analyze --json`: the bytes of a capture file
// (pcap or pcapng, any content) through the reader, the decoder, the flow table and the sequence
// analysis to the JSON. Built by scripts/fuzz with clang and libFuzzer, and by
// scripts/test-sanitizers with gcc, ASan and UBSan over the corpora (replay_main.cpp).

#include "capture/capture_json.h"
#include "capture/tcp_flow_analyzer.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    tcptune::AnalysisOptions options;
    options.memory_limit_bytes = 16 << 20; // the cap must hold for any input too
    options.keep_rtt_samples = size % 2 == 0;
    const auto result = tcptune::analyzeCaptureBytes({data, size}, QStringLiteral("fuzz.pcap"), options);
    if (!result)
        return 0;
    QBuffer json;
    json.open(QIODevice::WriteOnly);
    tcptune::writeCaptureJson(*result, json);
    // Every figure the JSON shows must be sane.
    std::int64_t counted = 0;
    for (const tcptune::FlowAnalysis &f : result->flows) {
        counted += f.packets;
        if (f.packets <= 0 || f.c2s.packets + f.s2c.packets != f.packets || f.totalBytes() < 0)
            __builtin_trap();
    }
    if (counted > result->tcp_packets || result->tcp_packets > result->packets || json.data().isEmpty())
        __builtin_trap();
    return 0;
}
