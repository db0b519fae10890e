#include "capture/live_capture.h"

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

} // namespace

struct LiveCapture::Handle {
    pcap_t *pcap = nullptr;
    pcap_dumper_t *dumper = nullptr;

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
    char errbuf[PCAP_ERRBUF_SIZE] = {};
    handle->pcap = pcap_create(options.interface.toLocal8Bit().constData(), errbuf);
    if (!handle->pcap)
        return fail(tr("Cannot capture on %1: %2").arg(where(options), QString::fromLocal8Bit(errbuf)));
    pcap_set_snaplen(handle->pcap, options.snaplen);
    pcap_set_promisc(handle->pcap, 0);
    // A short timeout lets the loop notice stop() even on an idle link.
    pcap_set_timeout(handle->pcap, kTimeoutMs);
    pcap_set_buffer_size(handle->pcap, options.bufferBytes);

    // The packet socket is made by pcap_activate and stays in the namespace it was made in.
    int rc = 0;
    const Result<void> entered = netns::runIn(options.netns, [&] { rc = pcap_activate(handle->pcap); });
    if (!entered)
        return fail(entered.error().message);
    if (rc < 0)
        return fail(activationError(rc, handle->pcap, options));

    if (!options.filter.isEmpty()) {
        bpf_program program{};
        if (pcap_compile(handle->pcap, &program, options.filter.toLocal8Bit().constData(), 1, PCAP_NETMASK_UNKNOWN) !=
            0)
            return fail(tr("The capture filter '%1' is not valid: %2. Use tcpdump filter syntax, e.g. 'tcp port 5201'.")
                            .arg(options.filter, QString::fromLocal8Bit(pcap_geterr(handle->pcap))));
        const int set = pcap_setfilter(handle->pcap, &program);
        pcap_freecode(&program);
        if (set != 0)
            return fail(tr("Cannot install the capture filter '%1': %2")
                            .arg(options.filter, QString::fromLocal8Bit(pcap_geterr(handle->pcap))));
    }

    handle->dumper = pcap_dump_open(handle->pcap, QFile::encodeName(options.outputPath).constData());
    if (!handle->dumper)
        return fail(tr("Cannot write the capture file %1: %2. Choose a writable place.")
                        .arg(options.outputPath, QString::fromLocal8Bit(pcap_geterr(handle->pcap))));

    m_written = 0;
    m_last = {};
    m_handle = std::move(handle);
    m_thread = std::thread([this] { loop(); });
    return {};
}

void LiveCapture::loop()
{
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

CaptureStatistics LiveCapture::stop()
{
    if (!m_handle)
        return m_last;
    // With TPACKET_V3 the kernel hands a partly filled block over only when its timeout expires:
    // let the loop run a little longer than that so the last packets of a run reach the file.
    std::this_thread::sleep_for(kDrainTime);
    pcap_breakloop(m_handle->pcap);
    if (m_thread.joinable())
        m_thread.join();
    CaptureStatistics s;
    pcap_stat ps{};
    if (pcap_stats(m_handle->pcap, &ps) == 0) {
        s.received = ps.ps_recv;
        s.droppedByKernel = ps.ps_drop;
        s.droppedByInterface = ps.ps_ifdrop;
    }
    pcap_dump_flush(m_handle->dumper);
    s.written = m_written.load();
    m_handle.reset();
    m_last = s;
    return s;
}

} // namespace tcptune
