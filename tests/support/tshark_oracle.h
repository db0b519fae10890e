#pragma once
// What tshark (Wireshark) says about a capture's largest TCP flow: the reference the capture
// analyser is checked against. The tests compute it themselves with the tshark that
// scripts/install-deps installs, so it cannot drift from a stored copy.
// Conventions are tshark's: the largest flow is the tcp.stream with the most frame bytes
// (frame.len, the wire length); A is the source of its first packet and B its destination.

#include <QByteArray>
#include <QList>
#include <QStringList>
#include <QString>

namespace tcptune::test {

struct TsharkDirection {
    qint64 frames = 0;
    qint64 frameBytes = 0;   // sum of frame.len
    qint64 payloadBytes = 0; // sum of tcp.len
    // tcp.analysis.ack_rtt on the packets this side sent: the RTT of the other side's data.
    QList<double> ackRttS;
};

struct TsharkFlow {
    int stream = -1;
    QString endpointA; // "10.0.0.1:80" or "[::1]:80"
    QString endpointB;
    qint64 packets = 0;         // frames with this tcp.stream
    qint64 convFrames = -1;     // frames "tshark -z conv,tcp" counts (its TCP tap; not a frame whose
                                // TCP header the snaplen cut)
    qint64 retransmissions = 0; // frames flagged tcp.analysis.retransmission
    TsharkDirection fromA;
    TsharkDirection fromB;
    // io,stat of the flow: frame bytes and SUM(tcp.len) per interval. Capture-aligned rows count
    // from the capture's first packet (every row tshark prints); flow-aligned rows are io,stat
    // over a file that holds only this flow, so they start at the flow's first packet.
    QList<qint64> bytesCaptureAligned;
    QList<qint64> payloadCaptureAligned;
    QList<qint64> bytesFlowAligned;
    QList<qint64> payloadFlowAligned;
};

struct TsharkFigures {
    QString error;      // why tshark gave no figures; empty when it did
    qint64 packets = 0; // frames in the file
    TsharkFlow largest;
};

// Runs tshark over CAPTURE in three passes; the figures are kept for the next call with the same
// file and interval, so a test can ask for them in every data row.
const TsharkFigures &tsharkFigures(const QString &capture, double intervalS = 0.1);

// One line per frame that FILTER (a display filter; empty: every frame) keeps, with the values of
// FIELDS, tab-separated as tshark prints them (a field repeated in a frame: its values joined by
// commas).
struct TsharkRows {
    QString error; // why tshark gave no rows; empty when it did
    QList<QList<QByteArray>> rows;
};
TsharkRows tsharkFields(const QString &capture, const QString &filter, const QStringList &fields);

// The median as tshark's users read it: the mean of the two middle values for an even count.
double medianOf(QList<double> values);

} // namespace tcptune::test
