#include "capture/live_capture.h"

#include "capture/packet_socket_reader.h"
#include "common/netns.h"

#include <QCoreApplication>
#include <QFile>

#include <pcap/pcap.h>

#include <chrono>

namespace tcptune {
namespace {

// pcap timeout: how long the kernel holds a partly filled block; the drain waits a bit longer.
constexpr int kTimeoutMs = 100;
constexpr auto kDrainTime = std::chrono::milliseconds(3 * kTimeoutMs);

QString where(const LiveCaptureOptions &o)
{
    return o.netns.isEmpty() ? o.interface : QStringLiteral("%1 (namespace %2)").arg(o.interface, o.netns);
}

// libpcap's activation result as a sentence that says what to do.
QString activationError(int rc, pcap_t *p, const LiveCaptureOptions &o)
{
    const QString detail = QString::fromLocal8Bit(pcap_geterr(p));
    switch (rc) {
    case PCAP_ERROR_PERM_DENIED:
    case PCAP_ERROR_PROMISC_PERM_DENIED:
        return LiveCapture::tr(
                   "No permission to capture on %1: capturing needs root or the capabilities CAP_NET_RAW and "
                   "CAP_NET_ADMIN. The run goes on without a capture; run tcptune as root to record one.")
            .arg(where(o));
    case PCAP_ERROR_NO_SUCH_DEVICE:
        return LiveCapture::tr(
                   "Cannot capture on %1: there is no such interface. Check the interface name (ip link) or "
                   "start the lab first.")
            .arg(where(o));
    case PCAP_ERROR_IFACE_NOT_UP:
        return LiveCapture::tr(
                   "Cannot capture on %1: the interface is down. Bring it up (ip link set %2 up) and retry.")
            .arg(where(o), o.interface);
    default: return LiveCapture::tr("Cannot capture on %1: %2").arg(where(o), detail);
    }
}

// Compiles OPTIONS' filter TEXT for P into PROGRAM (freed by the caller on success).
[[nodiscard]] Result<void> compileFilter(pcap_t *p, const QString &text, bpf_program &program)
{
    if (pcap_compile(p, &program, text.toLocal8Bit().constData(), 1, PCAP_NETMASK_UNKNOWN) != 0)
        return fail(LiveCapture::tr("The capture filter '%1' is not valid: %2. Use tcpdump filter syntax, e.g. 'tcp "
                                    "port 5201'.")
                        .arg(text, QString::fromLocal8Bit(pcap_geterr(p))));
    return {};
}

} // namespace

struct LiveCapture::Handle {
    pcap_t *pcap = nullptr; // libpcap's capture, or a dead handle that only writes (passed socket)
    pcap_dumper_t *dumper = nullptr;
    std::unique_ptr<PacketSocketReader> socket;

    ~Handle()
    {
        if (dumper)
            pcap_dump_close(dumper);
        if (pcap)
            pcap_close(pcap);
    }
};

LiveCapture::LiveCapture(QObject *parent)
    : QObject(parent)
{
}

LiveCapture::~LiveCapture()
{
    stop();
}

bool LiveCapture::isRunning() const
{
    return m_thread.joinable();
}

Result<void> LiveCapture::start(const LiveCaptureOptions &options)
{
    if (isRunning())
        return fail(tr("A capture is already running; stop it before starting another."));
    if (options.interface.isEmpty())
        return fail(tr("No interface to capture on was given; name one (e.g. 'lo')."));
    if (options.outputPath.isEmpty())
        return fail(tr("No file to write the capture to was given; name one."));
    if (options.snaplen < 64 || options.snaplen > 262144)
        return fail(tr("Snap length %1 is out of range; use 64 to 262144 bytes.").arg(options.snaplen));

    auto handle = std::make_unique<Handle>();
    const bool passed = options.socketMaker && !options.netns.isEmpty();
    if (auto opened = passed ? openPassedSocket(*handle, options) : openPcap(*handle, options); !opened)
        return opened;
    handle->dumper = pcap_dump_open(handle->pcap, QFile::encodeName(options.outputPath).constData());
    if (!handle->dumper)
        return fail(tr("Cannot write the capture file %1: %2. Choose a writable place.")
                        .arg(options.outputPath, QString::fromLocal8Bit(pcap_geterr(handle->pcap))));

    m_written = 0;
    m_stopping = false;
    m_last = {};
    m_handle = std::move(handle);
    m_thread = std::thread([this] { loop(); });
    return {};
}

Result<void> LiveCapture::openPcap(Handle &handle, const LiveCaptureOptions &options)
{
    char errbuf[PCAP_ERRBUF_SIZE] = {};
    handle.pcap = pcap_create(options.interface.toLocal8Bit().constData(), errbuf);
    if (!handle.pcap)
        return fail(tr("Cannot capture on %1: %2").arg(where(options), QString::fromLocal8Bit(errbuf)));
    pcap_set_snaplen(handle.pcap, options.snaplen);
    pcap_set_promisc(handle.pcap, 0);
    // A short timeout lets the loop notice stop() even on an idle link.
    pcap_set_timeout(handle.pcap, kTimeoutMs);
    pcap_set_buffer_size(handle.pcap, options.bufferBytes);

    // The packet socket is made by pcap_activate and stays in the namespace it was made in.
    int rc = 0;
    const Result<void> entered = netns::runIn(options.netns, [&] { rc = pcap_activate(handle.pcap); });
    if (!entered)
        return fail(entered.error().message);
    if (rc < 0)
        return fail(activationError(rc, handle.pcap, options));
    if (options.filter.isEmpty())
        return {};
    bpf_program program{};
    if (auto compiled = compileFilter(handle.pcap, options.filter, program); !compiled)
        return compiled;
    const int set = pcap_setfilter(handle.pcap, &program);
    pcap_freecode(&program);
    if (set != 0)
        return fail(tr("Cannot install the capture filter '%1': %2")
                        .arg(options.filter, QString::fromLocal8Bit(pcap_geterr(handle.pcap))));
    return {};
}

// The socket comes from OPTIONS.socketMaker (tcptune-helper) with the filter compiled here: the
// helper attaches and locks it but never parses filter text as root (docs/privileges.md).
Result<void> LiveCapture::openPassedSocket(Handle &handle, const LiveCaptureOptions &options)
{
    // The lab's links are veth pairs: Ethernet, which the reader checks on the socket.
    handle.pcap = pcap_open_dead(DLT_EN10MB, options.snaplen);
    if (!handle.pcap)
        return fail(tr("Cannot prepare a capture file for %1.").arg(where(options)));
    bpf_program program{};
    // An empty filter compiles to "keep every packet, up to the snap length".
    if (auto compiled = compileFilter(handle.pcap, options.filter, program); !compiled)
        return compiled;
    capturesocket::Request request{options.netns, options.interface, {}, options.bufferBytes};
    for (u_int i = 0; i < program.bf_len; ++i) {
        const bpf_insn &insn = program.bf_insns[i];
        request.filter.append({insn.code, insn.jt, insn.jf, insn.k});
    }
    pcap_freecode(&program);
    auto fd = options.socketMaker(request);
    if (!fd)
        return std::unexpected(fd.error()); // names the interface and namespace already
    auto reader = PacketSocketReader::adopt(*fd, options.snaplen);
    if (!reader)
        return fail(tr("Cannot capture on %1: %2").arg(where(options), reader.error().message));
    handle.socket = std::move(*reader);
    return {};
}

void LiveCapture::loop()
{
    if (m_handle->socket) {
        readPassedSocket();
        return;
    }
    Handle &h = *m_handle;
    auto write = [](u_char *user, const pcap_pkthdr *header, const u_char *bytes) {
        auto *self = reinterpret_cast<LiveCapture *>(user);
        pcap_dump(reinterpret_cast<u_char *>(self->m_handle->dumper), header, bytes);
        self->m_written.fetch_add(1, std::memory_order_relaxed);
    };
    for (;;) {
        const int rc = pcap_dispatch(h.pcap, -1, write, reinterpret_cast<u_char *>(this));
        if (rc == PCAP_ERROR_BREAK)
            break;
        if (rc == PCAP_ERROR) {
            Q_EMIT captureFailed(tr("The capture stopped: %1. The packets before it are in the file.")
                                     .arg(QString::fromLocal8Bit(pcap_geterr(h.pcap))));
            break;
        }
    }
}

void LiveCapture::readPassedSocket()
{
    Handle &h = *m_handle;
    auto write = [&](const CapturedPacket &packet) {
        pcap_pkthdr header{};
        header.ts = packet.time;
        header.caplen = packet.capturedLength;
        header.len = packet.originalLength;
        pcap_dump(reinterpret_cast<u_char *>(h.dumper), &header, packet.bytes);
        m_written.fetch_add(1, std::memory_order_relaxed);
    };
    // After stop(), what is already in the socket's buffer still goes to the file.
    bool draining = false;
    for (;;) {
        auto handed = h.socket->dispatch(draining ? 0 : kTimeoutMs, write);
        if (!handed) {
            Q_EMIT captureFailed(
                tr("The capture stopped: %1 The packets before it are in the file.").arg(handed.error().message));
            return;
        }
        if (draining && *handed == 0)
            return;
        draining = draining || m_stopping.load();
    }
}

CaptureStatistics LiveCapture::stop()
{
    if (!m_handle)
        return m_last;
    CaptureStatistics s;
    if (m_handle->socket) {
        // Packets reach the socket as they pass: a short grace for the last ones in flight, then
        // the loop drains the socket once it sees the flag.
        std::this_thread::sleep_for(std::chrono::milliseconds(kTimeoutMs));
        m_stopping = true;
        if (m_thread.joinable())
            m_thread.join();
        const PacketSocketStatistics counts = m_handle->socket->statistics();
        s.received = counts.received;
        s.droppedByKernel = counts.dropped;
    } else {
        // With TPACKET_V3 the kernel hands a partly filled block over only when its timeout
        // expires: let the loop run a little longer than that so the last packets reach the file.
        std::this_thread::sleep_for(kDrainTime);
        pcap_breakloop(m_handle->pcap);
        if (m_thread.joinable())
            m_thread.join();
        pcap_stat ps{};
        if (pcap_stats(m_handle->pcap, &ps) == 0) {
            s.received = ps.ps_recv;
            s.droppedByKernel = ps.ps_drop;
            s.droppedByInterface = ps.ps_ifdrop;
        }
    }
    pcap_dump_flush(m_handle->dumper);
    s.written = m_written.load();
    m_handle.reset();
    m_last = s;
    return s;
}

} // namespace tcptune
