// libFuzzer target: PacketDecoder on arbitrary frames of every supported link type, and the
// decoded segments fed through TcpConnectionTracker (sequence analysis) of one connection.

#include "capture/packet_decoder.h"
#include "capture/tcp_connection_tracker.h"

#include <pcap/dlt.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const int kLinkTypes[] = {DLT_EN10MB, DLT_LINUX_SLL, DLT_LINUX_SLL2, DLT_RAW,
                                     DLT_IPV4,   DLT_IPV6,      DLT_NULL,       DLT_LOOP};
    if (size < 2)
        return 0;
    const int dlt = kLinkTypes[data[0] % 8];
    const std::size_t wireExtra = std::size_t(data[1]) * 64;
    data += 2;
    size -= 2;

    // The input holds up to 8 frames separated by 0xff 0x00 markers, so the tracker sees a
    // conversation and not only single segments.
    tcptune::TcpConnectionTracker tracker;
    std::size_t start = 0;
    std::int64_t timeNs = 0;
    for (int frames = 0; frames < 8 && start <= size; ++frames) {
        std::size_t end = start;
        while (end + 1 < size && !(data[end] == 0xff && data[end + 1] == 0x00))
            ++end;
        if (end + 1 >= size)
            end = size;
        tcptune::DecodedTcp out;
        const auto status = tcptune::decodeTcp(dlt, data + start, end - start, end - start + wireExtra, out);
        if (status == tcptune::DecodeStatus::Tcp || status == tcptune::DecodeStatus::TcpOptionsCut) {
            const int side = out.srcPort < out.dstPort ? 0 : 1;
            tracker.onSegment(side, out, timeNs);
            (void)tracker.windowShift(side);
            (void)tracker.isNewConnection(side, out);
        }
        timeNs += std::int64_t(start < size ? data[start] : 1) * 1000;
        start = end + 2;
    }
    return 0;
}
