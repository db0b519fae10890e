#pragma once
// LiveCapture: records packets of a run with libpcap into a pcap file, on its own thread. When
// the interface lives in a lab namespace, the handle is activated on a thread that entered that
// namespace (the packet socket keeps it). A process that may not capture (not root) gets the
// packet socket of a lab link from tcptune-helper instead (socketMaker) and reads it itself;
// the file is written the same way. Without either, start() fails with a clear message and
// callers go on without a capture.

#include "common/capture_socket.h"
#include "common/error.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>

namespace tcptune {

struct LiveCaptureOptions {
    QString interface;                 // e.g. "veth0", "lo", "any"
    QString netns;                     // lab namespace holding the interface; empty: the caller's namespace
    QString filter;                    // BPF filter, e.g. "tcp port 5201"; empty: everything
    QString outputPath;                // pcap file to write (replaced)
    int snaplen = 128;                 // headers only by default
    int bufferBytes = 8 * 1024 * 1024; // kernel ring buffer
    // Where the packet socket for a lab link (NETNS set) comes from when this process may not
    // open one: HelperConnection::captureSocketMaker(). Null: libpcap opens it here.
    capturesocket::Maker socketMaker;
};

struct CaptureStatistics {
    std::uint64_t received = 0;           // packets the filter accepted (pcap_stats ps_recv)
    std::uint64_t droppedByKernel = 0;    // ps_drop: no room in the buffer
    std::uint64_t droppedByInterface = 0; // ps_ifdrop
    std::uint64_t written = 0;            // packets written to the file
};

class LiveCapture final : public QObject {
    Q_OBJECT
public:
    explicit LiveCapture(QObject *parent = nullptr);
    ~LiveCapture() override; // stops a running capture

    // Opens and activates the handle (inside OPTIONS.netns when set), compiles the filter, opens
    // the output file and starts the capture thread. Returns once packets are being captured.
    [[nodiscard]] Result<void> start(const LiveCaptureOptions &options);
    // Stops the thread, flushes and closes the file. Safe to call when not running (returns the
    // statistics of the last capture).
    CaptureStatistics stop();

    bool isRunning() const;
    // Packets written so far (updated by the capture thread).
    std::uint64_t packetsWritten() const { return m_written.load(); }

Q_SIGNALS:
    // The capture thread hit an error (interface went away, disk full); emitted from that thread.
    void captureFailed(const QString &message);

private:
    struct Handle;
    // The two sources of packets: libpcap's handle, or a packet socket made elsewhere.
    [[nodiscard]] Result<void> openPcap(Handle &handle, const LiveCaptureOptions &options);
    [[nodiscard]] Result<void> openPassedSocket(Handle &handle, const LiveCaptureOptions &options);
    void loop();
    void readPassedSocket();

    std::unique_ptr<Handle> m_handle;
    std::thread m_thread;
    std::atomic<std::uint64_t> m_written{0};
    std::atomic<bool> m_stopping{false}; // for the passed socket's loop (libpcap has pcap_breakloop)
    CaptureStatistics m_last;
};

} // namespace tcptune
