// Measures the TCP stream graph of a flow of PACKETS packets (default 1,000,000; issue 34's
// targets: first draw < 1 s, a zoom's replot < 50 ms): reading the flow's series from the file
// (readStreamGraph), the first draw of the time-sequence graph (the plot built, thinned for the
// whole range and painted), and the replot after zooms to 1/10 .. 1/10,000 of the time (the
// series thinned again from the full arrays for the visible range, then painted). The capture is
// made here: one bulk flow, a data segment of 1448 B every 10 us and an ACK for every second one,
// with a retransmission and duplicate ACKs every 5,000 segments. Usage:
// bench_stream_graph [PACKETS] [REPEATS]. Runs offscreen without a display.

#include "bench_machine.h"
#include "capture/stream_graph.h"
#include "charts/stream_graph_plot.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QtEndian>

#include <algorithm>
#include <array>
#include <cstdint>

using namespace tcptune;

namespace {

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v[v.size() / 2];
}

// A classic pcap file of Ethernet frames cut to their headers (as tcpdump -s 96 keeps them).
class PcapWriter {
public:
    explicit PcapWriter(QFile &file)
        : m_file(file)
    {
        const std::array<std::uint32_t, 6> header = {0xa1b2c3d4, 0x00040002, 0, 0, 96, 1};
        m_file.write(reinterpret_cast<const char *>(header.data()), sizeof header);
    }

    // A TCP segment FROM_CLIENT with SEQ, ACK and LEN payload bytes (not stored) at time US.
    void segment(std::uint64_t us, bool fromClient, std::uint32_t seq, std::uint32_t ack, std::uint16_t len)
    {
        std::array<unsigned char, 54> f{};
        f[12] = 0x08; // IPv4
        unsigned char *ip = f.data() + 14;
        ip[0] = 0x45;
        qToBigEndian<std::uint16_t>(std::uint16_t(40 + len), ip + 2);
        ip[8] = 64;
        ip[9] = 6;
        const std::array<unsigned char, 4> client = {198, 18, 0, 1};
        const std::array<unsigned char, 4> server = {198, 18, 0, 2};
        std::copy_n((fromClient ? client : server).data(), 4, ip + 12);
        std::copy_n((fromClient ? server : client).data(), 4, ip + 16);
        unsigned char *tcp = ip + 20;
        qToBigEndian<std::uint16_t>(fromClient ? 40000 : 5201, tcp);
        qToBigEndian<std::uint16_t>(fromClient ? 5201 : 40000, tcp + 2);
        qToBigEndian(seq, tcp + 4);
        qToBigEndian(ack, tcp + 8);
        tcp[12] = 0x50;
        tcp[13] = 0x10; // ACK
        qToBigEndian<std::uint16_t>(65535, tcp + 14);
        const std::array<std::uint32_t, 4> record = {std::uint32_t(us / 1000000), std::uint32_t(us % 1000000),
                                                     std::uint32_t(f.size()), std::uint32_t(f.size() + len)};
        m_file.write(reinterpret_cast<const char *>(record.data()), sizeof record);
        m_file.write(reinterpret_cast<const char *>(f.data()), qint64(f.size()));
    }

private:
    QFile &m_file;
};

// One bulk flow of about PACKETS packets: two data segments, one ACK.
bool writeCapture(const QString &path, int packets)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    PcapWriter pcap(file);
    constexpr std::uint16_t mss = 1448;
    const std::uint32_t clientIsn = 1000;
    const std::uint32_t serverIsn = 5000;
    pcap.segment(0, true, clientIsn, 0, 0);
    std::uint64_t us = 100;
    std::uint32_t sent = 0;
    for (int i = 1; i < packets;) {
        for (int k = 0; k < 2 && i < packets; ++k, ++i, us += 10, sent += mss)
            pcap.segment(us, true, clientIsn + 1 + sent, serverIsn + 1, mss);
        const bool loss = sent % (5000 * mss) < 2 * mss && sent > 10 * mss;
        if (loss && i + 3 < packets) { // duplicate ACKs, then the lost segment again
            for (int d = 0; d < 2; ++d, ++i, us += 10)
                pcap.segment(us, false, serverIsn + 1, clientIsn + 1 + sent - 4 * mss, 0);
            pcap.segment(us, true, clientIsn + 1 + sent - 4 * mss, serverIsn + 1, mss);
            ++i;
            us += 10;
        }
        if (i < packets) {
            pcap.segment(us, false, serverIsn + 1, clientIsn + 1 + sent, 0);
            ++i;
            us += 10;
        }
    }
    return file.error() == QFileDevice::NoError;
}

// Thins the plot for its axes' present range and paints the view: a replot as the user sees it.
double replotMs(StreamGraphPlot &plot, QChartView &view)
{
    QElapsedTimer clock;
    clock.start();
    const QRectF area = view.chart()->plotArea();
    plot.refill(int(area.width()), int(area.height()));
    (void)view.grab();
    return double(clock.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    bench::offscreenWithoutDisplay();
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    const int packets = args.size() > 1 ? args[1].toInt() : 1000000;
    const int repeats = args.size() > 2 ? args[2].toInt() : 20;
    QTextStream out(stdout);
    bench::reportMachine(out, QStringLiteral("start"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("flow.pcap"));
    if (!dir.isValid() || !writeCapture(path, packets)) {
        out << "bench: cannot write " << path << Qt::endl;
        return 1;
    }
    QElapsedTimer clock;
    clock.start();
    auto graph = readStreamGraph(path, 1, StreamDirection::ClientToServer);
    const double readMs = double(clock.nsecsElapsed()) / 1e6;
    if (!graph) {
        out << "bench: " << graph.error().message << Qt::endl;
        return 1;
    }
    out << "flow: " << graph->segments.size() << " segments, " << graph->acks.size() << " ACKs; read in " << readMs
        << " ms" << Qt::endl;

    QList<double> firstDraw;
    for (int r = 0; r < std::max(1, repeats / 4); ++r) {
        QChartView view;
        view.resize(1600, 800);
        view.show();
        QApplication::processEvents();
        clock.restart();
        auto *chart = new QChart;
        view.setChart(chart);
        StreamGraphPlot plot(chart, *graph, StreamGraphKind::TimeSequence);
        plot.showRange(plot.fullRange(), false);
        QApplication::processEvents(); // lays the chart out: the plot area the refill thins for
        replotMs(plot, view);
        firstDraw.append(double(clock.nsecsElapsed()) / 1e6);
    }
    out << "first draw (plot built, thinned for the whole range, painted): median " << median(firstDraw) << " ms over "
        << firstDraw.size() << Qt::endl;

    QChartView view;
    view.resize(1600, 800);
    view.show();
    auto *chart = new QChart;
    view.setChart(chart);
    StreamGraphPlot plot(chart, *graph, StreamGraphKind::TimeSequence);
    const GraphRange full = plot.fullRange();
    plot.showRange(full, false);
    QApplication::processEvents();
    replotMs(plot, view);
    for (const double share : {0.1, 0.01, 0.001, 0.0001}) {
        QList<double> times;
        qsizetype shown = 0;
        for (int r = 0; r < repeats; ++r) {
            // Zoomed windows across the flow, each with the sequence range of its segments.
            const double at = full.xMin + (full.xMax - full.xMin) * (1 - share) * (r + 0.5) / repeats;
            const double span = (full.xMax - full.xMin) * share;
            const double yLow = full.yMin + (full.yMax - full.yMin) * (at - full.xMin) / (full.xMax - full.xMin);
            const double yHigh = yLow + (full.yMax - full.yMin) * share * 1.2;
            plot.showRange(GraphRange{at, at + span, yLow, yHigh}, true);
            times.append(replotMs(plot, view));
            shown = plot.shownPoints();
        }
        out << "zoom to " << share << " of the time: replot median " << median(times) << " ms, max "
            << *std::max_element(times.begin(), times.end()) << " ms (" << shown << " points drawn)" << Qt::endl;
    }
    plot.showRange(full, false);
    QList<double> whole;
    for (int r = 0; r < repeats; ++r)
        whole.append(replotMs(plot, view));
    out << "whole graph again: replot median " << median(whole) << " ms" << Qt::endl;
    bench::reportMachine(out, QStringLiteral("end"));
    return 0;
}
