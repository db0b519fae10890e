#pragma once
// The details pane's text for one segment of a stream graph: what Wireshark's packet pane shows
// of it (frame, time, flags, sequence and acknowledgement numbers, length, window, options, SACK
// blocks) and the analyser's marks, relative numbers beside the raw ones.

#include <QCoreApplication>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace tcptune {

struct PacketDetails;
struct StreamGraph;

class PacketDetailsText final {
    Q_DECLARE_TR_FUNCTIONS(PacketDetailsText)
public:
    // DETAILS of segment SEGMENT of GRAPH (the frame the segment names), one field a line.
    static QString of(const PacketDetails &details, const StreamGraph &graph, std::size_t segment);

private:
    static QString options(const PacketDetails &details);
    static QString marks(std::uint8_t bits);
};

} // namespace tcptune
