#include "capture/packet_details.h"

#include "capture/capture_file_reader.h"

#include <QCoreApplication>
#include <QStringList>

#include <memory>

namespace tcptune {
namespace {

// The translation context of the packet details' messages.
struct PacketDetailsReader {
    Q_DECLARE_TR_FUNCTIONS(PacketDetailsReader)
};

} // namespace

Result<PacketDetails> readPacketDetails(const QString &path, std::int64_t frame)
{
    CaptureOpenError openError;
    std::unique_ptr<CaptureFileReader> reader = CaptureFileReader::open(path, openError);
    if (!reader)
        return fail(PacketDetailsReader::tr("Cannot read the capture %1 (%2); open it again from the Captures tab.")
                        .arg(path, openError.detail));
    CaptureRecord record;
    std::int64_t firstNs = 0;
    while (reader->next(record) == CaptureFileReader::Next::Record) {
        if (record.number == 1)
            firstNs = record.timeNs;
        if (record.number != frame)
            continue;
        PacketDetails details;
        details.frame = frame;
        details.time_s = double(record.timeNs - firstNs) / 1e9;
        details.wireLength = record.wireLength;
        const DecodeStatus status =
            decodeTcp(record.linkType, record.data, record.caplen, record.wireLength, details.tcp);
        if (status != DecodeStatus::Tcp && status != DecodeStatus::TcpOptionsCut)
            return fail(PacketDetailsReader::tr("Frame %1 of %2 is no TCP segment tcptune can decode; Wireshark "
                                                "shows what it holds.")
                            .arg(frame)
                            .arg(path));
        return details;
    }
    return fail(PacketDetailsReader::tr("%1 has no frame %2 that tcptune can read (it ends or is damaged before it); "
                                        "was the file replaced since it was opened?")
                    .arg(path)
                    .arg(frame));
}

QString tcpFlagNames(std::uint16_t flags)
{
    // The order of Wireshark's Info column ("[SYN, ACK]"), lowest bit first.
    static const struct {
        std::uint16_t bit;
        const char *name;
    } names[] = {{tcpflag::Fin, "FIN"}, {tcpflag::Syn, "SYN"}, {tcpflag::Rst, "RST"},
                 {tcpflag::Psh, "PSH"}, {tcpflag::Ack, "ACK"}, {0x20, "URG"},
                 {0x40, "ECE"},         {0x80, "CWR"},         {0x100, "AE"}};
    QStringList set;
    for (const auto &n : names)
        if (flags & n.bit)
            set << QString::fromLatin1(n.name);
    return set.join(QStringLiteral(", "));
}

} // namespace tcptune
