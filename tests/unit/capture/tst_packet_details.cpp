// readPacketDetails against tshark, computed live: for frames of the main flow of
// tcptrace_dsack_iperf_bulk_ts_sack.pcap that tshark picks (the SYN, the SYN-ACK, the first
// SACK, every retransmission), the frame's time, flags, raw sequence and acknowledgement numbers,
// length, window, options (MSS, window scale, SACK permitted, timestamps) and SACK edges equal
// tshark's fields for that frame.

#include "capture/packet_details.h"

#include "test_data.h"
#include "tshark_oracle.h"

#include <QTest>

#include <cmath>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCapture = QStringLiteral("tcptrace_dsack_iperf_bulk_ts_sack.pcap");

// The fields compared, in the order of a row.
enum Field {
    Frame,
    Time,
    SeqRaw,
    AckRaw,
    AckRelative,
    Flags,
    Len,
    Window,
    Mss,
    WindowScale,
    OptionKinds,
    TsVal,
    TsEcr,
    SackLeft,
    SackRight,
    Retransmission,
    FieldCount
};

const QStringList &fieldNames()
{
    static const QStringList names = {
        QStringLiteral("frame.number"),
        QStringLiteral("frame.time_relative"),
        QStringLiteral("tcp.seq_raw"),
        QStringLiteral("tcp.ack_raw"),
        QStringLiteral("tcp.ack"),
        QStringLiteral("tcp.flags"),
        QStringLiteral("tcp.len"),
        QStringLiteral("tcp.window_size_value"),
        QStringLiteral("tcp.options.mss_val"),
        QStringLiteral("tcp.options.wscale.shift"),
        QStringLiteral("tcp.option_kind"),
        QStringLiteral("tcp.options.timestamp.tsval"),
        QStringLiteral("tcp.options.timestamp.tsecr"),
        QStringLiteral("tcp.options.sack_le"),
        QStringLiteral("tcp.options.sack_re"),
        QStringLiteral("tcp.analysis.retransmission"),
    };
    return names;
}

QList<QByteArray> listOf(const QByteArray &cell)
{
    return cell.isEmpty() ? QList<QByteArray>() : cell.split(',');
}

// tshark's rows of the main flow, every frame.
const TsharkRows &mainFlowRows()
{
    static const TsharkRows rows = [] {
        const TsharkFigures &figures = tsharkFigures(captureFile(kCapture));
        if (!figures.error.isEmpty())
            return TsharkRows{figures.error, {}};
        return tsharkFields(captureFile(kCapture), QStringLiteral("tcp.stream==%1").arg(figures.largest.stream),
                            fieldNames());
    }();
    return rows;
}

} // namespace

class TestPacketDetails final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void equalsTshark_data();
    void equalsTshark();
    void missingFrameIsAnError();
    void flagNames();
};

// The frames tshark picks: the first of each kind, and every retransmission.
void TestPacketDetails::equalsTshark_data()
{
    QTest::addColumn<int>("row");
    const TsharkRows &t = mainFlowRows();
    QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
    QVERIFY(!t.rows.isEmpty());
    bool syn = false;
    bool synAck = false;
    bool sack = false;
    int retransmissions = 0;
    for (qsizetype i = 0; i < t.rows.size(); ++i) {
        const QList<QByteArray> &r = t.rows[i];
        const uint flags = r[Flags].toUInt(nullptr, 0);
        const char *kind = nullptr;
        if (!syn && flags == tcpflag::Syn)
            kind = "SYN", syn = true;
        else if (!synAck && flags == (tcpflag::Syn | tcpflag::Ack))
            kind = "SYN-ACK", synAck = true;
        else if (!sack && !r[SackLeft].isEmpty())
            kind = "first SACK", sack = true;
        else if (!r[Retransmission].isEmpty())
            kind = "retransmission", ++retransmissions;
        if (kind)
            QTest::addRow("%s, frame %s", kind, r[Frame].constData()) << int(i);
    }
    QVERIFY(syn && synAck && sack);
    QCOMPARE(retransmissions, 3);
}

void TestPacketDetails::equalsTshark()
{
    QFETCH(int, row);
    const QList<QByteArray> &r = mainFlowRows().rows[row];
    QCOMPARE(r.size(), qsizetype(FieldCount));
    const auto d = readPacketDetails(captureFile(kCapture), r[Frame].toLongLong());
    QVERIFY2(d.has_value(), d ? "" : qPrintable(d.error().message));
    const DecodedTcp &tcp = d->tcp;
    QCOMPARE(qint64(d->frame), r[Frame].toLongLong());
    QVERIFY2(std::abs(d->time_s - r[Time].toDouble()) < 1e-6, r[Time].constData());
    QCOMPARE(uint(tcp.flags), r[Flags].toUInt(nullptr, 0));
    QCOMPARE(tcp.seq, r[SeqRaw].toUInt());
    if (tcp.flags & tcpflag::Ack)
        QCOMPARE(tcp.ack, r[AckRaw].toUInt());
    QCOMPARE(tcp.segmentLength, r[Len].toUInt());
    QCOMPARE(uint(tcp.window), r[Window].toUInt());
    QCOMPARE(tcp.mss, r[Mss].isEmpty() ? -1 : r[Mss].toInt());
    QCOMPARE(tcp.windowScale, r[WindowScale].isEmpty() ? -1 : r[WindowScale].toInt());
    QCOMPARE(tcp.sackPermitted, listOf(r[OptionKinds]).contains(QByteArray("4")));
    QCOMPARE(tcp.hasTimestamps, !r[TsVal].isEmpty());
    if (tcp.hasTimestamps) {
        QCOMPARE(tcp.tsval, r[TsVal].toUInt());
        QCOMPARE(tcp.tsecr, r[TsEcr].toUInt());
    }
    // tshark numbers SACK edges from the other side's first sequence number, as it does the ACK.
    const std::uint32_t base = r[AckRaw].toUInt() - r[AckRelative].toUInt();
    const QList<QByteArray> left = listOf(r[SackLeft]);
    const QList<QByteArray> right = listOf(r[SackRight]);
    QCOMPARE(qsizetype(tcp.sackBlocks), left.size());
    for (int b = 0; b < tcp.sackBlocks; ++b) {
        QCOMPARE(tcp.sack[std::size_t(2 * b)] - base, left[b].toUInt());
        QCOMPARE(tcp.sack[std::size_t(2 * b + 1)] - base, right[b].toUInt());
    }
}

void TestPacketDetails::missingFrameIsAnError()
{
    const auto d = readPacketDetails(captureFile(kCapture), 100000000);
    QVERIFY(!d);
    QVERIFY2(d.error().message.contains(QStringLiteral("100000000")), qPrintable(d.error().message));
    const auto none = readPacketDetails(captureFile(QStringLiteral("no-such-file.pcap")), 1);
    QVERIFY(!none);
}

void TestPacketDetails::flagNames()
{
    QCOMPARE(tcpFlagNames(tcpflag::Syn | tcpflag::Ack), QStringLiteral("SYN, ACK"));
    QCOMPARE(tcpFlagNames(tcpflag::Fin | tcpflag::Psh | tcpflag::Ack), QStringLiteral("FIN, PSH, ACK"));
    QCOMPARE(tcpFlagNames(0), QString());
}

QTEST_GUILESS_MAIN(TestPacketDetails)
#include "tst_packet_details.moc"
