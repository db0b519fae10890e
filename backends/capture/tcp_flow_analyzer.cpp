#include "capture/tcp_flow_analyzer.h"

#include "capture/capture_file_reader.h"
#include "capture/flow_table.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <pcap/pcap.h>

#include <algorithm>
#include <memory>

namespace tcptune {
namespace {

// The translation context of the analyser's messages.
struct TcpFlowAnalyzer {
    Q_DECLARE_TR_FUNCTIONS(TcpFlowAnalyzer)
};

QString linkTypeName(int dlt)
{
    const char *name = pcap_datalink_val_to_name(dlt);
    return name ? QString::fromLatin1(name) : QString::number(dlt);
}

QString openError(const QString &path, const CaptureOpenError &e)
{
    switch (e.kind) {
    case CaptureOpenError::Kind::NotACapture:
        return TcpFlowAnalyzer::tr("%1 is not a capture file that tcptune can read (%2). Give a pcap or pcapng file, "
                                   "as written by tcpdump, Wireshark or tcptune.")
            .arg(path, e.detail);
    case CaptureOpenError::Kind::CutShort:
        return TcpFlowAnalyzer::tr("%1 ends inside its file header (%2), so it holds no packets. Record the capture "
                                   "again.")
            .arg(path, e.detail);
    case CaptureOpenError::Kind::System: break;
    }
    return TcpFlowAnalyzer::tr("Cannot read the capture %1: %2").arg(path, e.detail);
}

QString unsupportedLinkType(const QString &path, int dlt)
{
    return TcpFlowAnalyzer::tr("%1 uses the link type %2 (%3), which tcptune cannot decode. Supported: %4. Capture "
                               "on an Ethernet, loopback or 'any' interface, or convert the file with editcap.")
        .arg(path, linkTypeName(dlt))
        .arg(dlt)
        .arg(supportedLinkTypes().join(QStringLiteral(", ")));
}

// Why the reading stopped early, where, and that the packets before it count.
QString readErrorMessage(const CaptureReadError &e)
{
    const qint64 before = e.record - 1;
    switch (e.kind) {
    case CaptureReadError::Kind::CutShort:
        return TcpFlowAnalyzer::tr("The capture ends in the middle of packet %1 (byte offset %2): %3. The %4 packets "
                                   "before it were analysed; the file was probably copied while it was being written.")
            .arg(e.record)
            .arg(e.offset)
            .arg(e.detail)
            .arg(before);
    case CaptureReadError::Kind::Damaged:
        return TcpFlowAnalyzer::tr("The capture is damaged at packet %1 (byte offset %2): %3. The %4 packets before "
                                   "it were analysed; Wireshark stops reading at the same place.")
            .arg(e.record)
            .arg(e.offset)
            .arg(e.detail)
            .arg(before);
    case CaptureReadError::Kind::IoError:
        return TcpFlowAnalyzer::tr("Reading the capture failed at packet %1 (byte offset %2): %3. The %4 packets "
                                   "before it were analysed.")
            .arg(e.record)
            .arg(e.offset)
            .arg(e.detail)
            .arg(before);
    case CaptureReadError::Kind::None: break;
    }
    return {};
}

QString memoryMessage(const CaptureRecord &r, std::int64_t limit, std::size_t flows)
{
    return TcpFlowAnalyzer::tr(
               "tcptune stopped after packet %1 (at byte offset %2): analysing this capture needs more "
               "than the %3 MB of memory allowed (%4 flows so far); the packets up to it were analysed. "
               "Analyse a part of the capture (editcap -c 1000000 FILE part.pcap splits it; "
               "tcpdump -r FILE -w part.pcap 'port 5201' keeps one flow) or allow more memory "
               "(tcptune analyze --max-memory MB).")
        .arg(r.number)
        .arg(r.offset)
        .arg(limit >> 20)
        .arg(flows);
}

[[nodiscard]] Result<CaptureAnalysis> analyse(CaptureFileReader &reader, const QString &path,
                                              const AnalysisOptions &options, const ProgressCallback &progress,
                                              const std::atomic_bool *cancel)
{
    if (reader.format() == CaptureFileReader::Format::Pcap && !isSupportedLinkType(reader.firstLinkType()))
        return fail(unsupportedLinkType(path, reader.firstLinkType()));
    CaptureAnalysis result;
    result.file = path;
    FlowTable table(options, result);
    CaptureRecord record;
    CaptureFileReader::Next next;
    std::int64_t count = 0;
    while ((next = reader.next(record)) == CaptureFileReader::Next::Record) {
        table.packet(record);
        if (table.overMemoryLimit()) {
            result.truncated = true;
            result.truncation_message = memoryMessage(record, options.memory_limit_bytes, table.flowCount());
            break;
        }
        if ((++count & 0xfff) == 0) {
            if (cancel && cancel->load())
                return fail(TcpFlowAnalyzer::tr("The analysis of %1 was cancelled.").arg(path));
            if (progress && (count & 0xffff) == 0 && reader.size() > 0)
                progress(std::min(1.0, double(reader.position()) / double(reader.size())));
        }
    }
    if (next == CaptureFileReader::Next::Error) {
        result.truncated = true;
        result.truncation_message = readErrorMessage(reader.error());
    }
    table.finish();
    if (result.packets > 0 && result.tcp_packets == 0 && table.onlyUnsupportedLinkTypes())
        return fail(unsupportedLinkType(path, table.firstLinkType()));
    if (result.link_type.isEmpty())
        result.link_type = linkTypeName(reader.firstLinkType());
    if (progress)
        progress(1.0);
    return result;
}

} // namespace

QStringList supportedLinkTypes()
{
    QStringList names;
    for (int dlt : {DLT_EN10MB, DLT_LINUX_SLL, DLT_LINUX_SLL2, DLT_RAW, DLT_IPV4, DLT_IPV6, DLT_NULL, DLT_LOOP})
        names << linkTypeName(dlt);
    return names;
}

Result<CaptureAnalysis> analyzeCapture(const QString &path, const AnalysisOptions &options,
                                       const ProgressCallback &progress, const std::atomic_bool *cancel)
{
    if (!(options.interval_s >= 1e-6 && options.interval_s <= 1e6))
        return fail(
            TcpFlowAnalyzer::tr("The interval %1 s is out of range; give a number of seconds from 0.000001 to 1000000.")
                .arg(options.interval_s));
    if (!(options.series_resolution_s > 0))
        return fail(TcpFlowAnalyzer::tr("The series resolution must be a positive number of seconds."));
    const QFileInfo info(path);
    if (!info.exists())
        return fail(TcpFlowAnalyzer::tr("The capture file %1 does not exist; check the path.").arg(path));
    if (!info.isFile())
        return fail(TcpFlowAnalyzer::tr("%1 is not a file; give the path of a pcap or pcapng capture.").arg(path));
    if (info.size() == 0)
        return fail(TcpFlowAnalyzer::tr("The capture file %1 is empty (0 bytes): it holds no packets. Record the "
                                        "capture again.")
                        .arg(path));
    CaptureOpenError error;
    std::unique_ptr<CaptureFileReader> reader = CaptureFileReader::open(path, error);
    if (!reader)
        return fail(openError(path, error));
    return analyse(*reader, path, options, progress, cancel);
}

Result<CaptureAnalysis> analyzeCaptureBytes(std::span<const std::uint8_t> bytes, const QString &name,
                                            const AnalysisOptions &options)
{
    if (!(options.interval_s >= 1e-6 && options.interval_s <= 1e6) || !(options.series_resolution_s > 0))
        return fail(TcpFlowAnalyzer::tr("The interval %1 s is out of range; give a number of seconds from 0.000001 to "
                                        "1000000.")
                        .arg(options.interval_s));
    CaptureOpenError error;
    std::unique_ptr<CaptureFileReader> reader = CaptureFileReader::fromBytes(bytes, error);
    if (!reader)
        return fail(openError(name, error));
    return analyse(*reader, name, options, {}, nullptr);
}

} // namespace tcptune
