#include "captures/packet_details_text.h"

#include "capture/packet_details.h"
#include "capture/stream_graph.h"

#include <QLocale>
#include <QStringList>

namespace tcptune {

QString PacketDetailsText::of(const PacketDetails &details, const StreamGraph &graph, std::size_t segment)
{
    const DecodedTcp &tcp = details.tcp;
    const StreamSegments &s = graph.segments;
    const QLocale locale;
    // Relative numbers are the graph's (the y axis); raw ones are what the wire and tshark's
    // *_raw fields hold.
    QStringList lines;
    lines << tr("Frame %1").arg(details.frame);
    lines << tr("Time: %1 s").arg(locale.toString(details.time_s, 'f', 6));
    lines << tr("Flags: %1").arg(tcpFlagNames(tcp.flags));
    lines << tr("Seq: %1 (raw %2)").arg(s.seq[segment]).arg(tcp.seq);
    lines << ((tcp.flags & tcpflag::Ack) ? tr("Ack (raw): %1").arg(tcp.ack) : tr("Ack: none (no ACK flag)"));
    lines << tr("Length: %1 B").arg(tcp.segmentLength);
    lines << tr("Window: %1 (as on the wire, unscaled)").arg(tcp.window);
    lines << tr("Options: %1").arg(options(details));
    if (tcp.sackBlocks > 0) {
        QStringList blocks;
        for (int b = 0; b < tcp.sackBlocks; ++b)
            blocks << QStringLiteral("%1-%2").arg(tcp.sack[std::size_t(2 * b)]).arg(tcp.sack[std::size_t(2 * b + 1)]);
        lines << tr("SACK blocks (raw): %1").arg(blocks.join(QStringLiteral(", ")));
    }
    if (const QString m = marks(s.marks[segment]); !m.isEmpty())
        lines << tr("Analysis: %1").arg(m);
    if (s.marks[segment] & streammark::BytesInFlight)
        lines << tr("Bytes in flight: %1").arg(s.bytes_in_flight[segment]);
    return lines.join(QLatin1Char('\n'));
}

QString PacketDetailsText::options(const PacketDetails &details)
{
    const DecodedTcp &tcp = details.tcp;
    QStringList parts;
    if (tcp.mss >= 0)
        parts << tr("MSS %1").arg(tcp.mss);
    if (tcp.windowScale >= 0)
        parts << tr("window scale %1 (x%2)").arg(tcp.windowScale).arg(1 << tcp.windowScale);
    if (tcp.sackPermitted)
        parts << tr("SACK permitted");
    if (tcp.hasTimestamps)
        parts << tr("timestamps TSval %1, TSecr %2").arg(tcp.tsval).arg(tcp.tsecr);
    if (tcp.sackBlocks > 0)
        parts << tr("SACK (%n block(s))", nullptr, tcp.sackBlocks);
    return parts.isEmpty() ? tr("none") : parts.join(QStringLiteral("; "));
}

QString PacketDetailsText::marks(std::uint8_t bits)
{
    QStringList names;
    if (bits & streammark::Retransmission)
        names << tr("retransmission");
    if (bits & streammark::DupAck)
        names << tr("duplicate ACK");
    if (bits & streammark::ZeroWindow)
        names << tr("zero window");
    if (bits & streammark::WindowFull)
        names << tr("window full");
    return names.join(QStringLiteral(", "));
}

} // namespace tcptune
