// CaptureFileReader on the corpus's files and on bytes made here: pcap in both byte orders and
// time resolutions, pcapng with several interfaces, link types and sections, and every way a
// file can be damaged, each naming the record and byte offset where Wireshark stops too.

#include "capture/capture_file_reader.h"
#include "test_paths.h"
#include "capture_test_frames.h"

#include <QFile>
#include <QTest>

#include <pcap/dlt.h>

using namespace tcptune;
using namespace tcptune::test;

Q_DECLARE_METATYPE(tcptune::CaptureReadError::Kind)

namespace {

const QString kCorpus = sourcePath(QStringLiteral("tests/data/capture-corpus"));

QByteArray readAll(const QString &name)
{
    QFile f(kCorpus + QLatin1Char('/') + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::span<const std::uint8_t> bytesOf(const QByteArray &b)
{
    return {reinterpret_cast<const std::uint8_t *>(b.constData()), std::size_t(b.size())};
}

// Offset of record N (1-based) of a classic little-endian pcap file.
qint64 pcapRecordOffset(const QByteArray &file, int n)
{
    qint64 at = 24;
    for (int i = 1; i < n; ++i) {
        quint32 caplen = 0;
        std::memcpy(&caplen, file.constData() + at + 8, 4);
        at += 16 + caplen;
    }
    return at;
}

} // namespace

class TestCaptureFileReader final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsEveryRecord_data();
    void readsEveryRecord();
    void stopsWhereWiresharkStops_data();
    void stopsWhereWiresharkStops();
    void refusesWhatIsNoCapture();
    void readsFromAFileThroughItsBuffer();
};

void TestCaptureFileReader::readsEveryRecord_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("records");
    QTest::addColumn<QList<int>>("linkTypes");
    QTest::addRow("big-endian, nanoseconds") << "broken_big_endian_nanosecond.pcap" << 20 << QList<int>{DLT_EN10MB};
    QTest::addRow("two link types") << "pcapng_two_link_types.pcapng" << 34 << QList<int>{DLT_EN10MB, DLT_RAW};
    QTest::addRow("two sections, two byte orders") << "pcapng_two_sections.pcapng" << 16 << QList<int>{DLT_EN10MB};
    QTest::addRow("simple packet blocks") << "pcapng_simple_packet_blocks.pcapng" << 20 << QList<int>{DLT_EN10MB};
    QTest::addRow("ticks beyond int64") << "time_pcapng_huge_ticks.pcapng" << 14 << QList<int>{DLT_EN10MB};
}

void TestCaptureFileReader::readsEveryRecord()
{
    QFETCH(QString, file);
    QFETCH(int, records);
    QFETCH(QList<int>, linkTypes);
    const QByteArray bytes = readAll(file);
    CaptureOpenError error;
    auto reader = CaptureFileReader::fromBytes(bytesOf(bytes), error);
    QVERIFY2(reader, qPrintable(error.detail));
    CaptureRecord r;
    int n = 0;
    QList<int> seen;
    bool clamped = false;
    std::int64_t previousOffset = -1;
    while (reader->next(r) == CaptureFileReader::Next::Record) {
        ++n;
        QCOMPARE(r.number, n);
        QVERIFY(r.offset > previousOffset && r.offset < bytes.size());
        previousOffset = r.offset;
        QVERIFY(r.caplen > 0 && r.caplen <= r.wireLength);
        if (!seen.contains(r.linkType))
            seen << r.linkType;
        clamped = clamped || r.timeClamped;
    }
    QCOMPARE(reader->error().kind, CaptureReadError::Kind::None);
    QCOMPARE(n, records);
    QCOMPARE(seen, linkTypes);
    QCOMPARE(clamped, file.startsWith(QLatin1String("time_pcapng")));
}

void TestCaptureFileReader::stopsWhereWiresharkStops_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<CaptureReadError::Kind>("kind");
    QTest::addColumn<int>("record"); // tshark reads the records before it
    QTest::addRow("cut in a record's data") << "broken_truncated_data.pcap" << CaptureReadError::Kind::CutShort << 8;
    QTest::addRow("cut in a record header") << "broken_truncated_header.pcap" << CaptureReadError::Kind::CutShort << 12;
    QTest::addRow("2 GB captured length") << "broken_huge_caplen.pcap" << CaptureReadError::Kind::Damaged << 6;
    QTest::addRow("300 kB captured length") << "broken_caplen_above_max.pcap" << CaptureReadError::Kind::Damaged << 7;
    QTest::addRow("pcapng block too short")
        << "broken_pcapng_block_length.pcapng" << CaptureReadError::Kind::Damaged << 7;
    QTest::addRow("pcapng unknown interface")
        << "broken_pcapng_unknown_interface.pcapng" << CaptureReadError::Kind::Damaged << 7;
    QTest::addRow("pcapng cut short") << "broken_pcapng_truncated.pcapng" << CaptureReadError::Kind::CutShort << 7;
}

void TestCaptureFileReader::stopsWhereWiresharkStops()
{
    QFETCH(QString, file);
    QFETCH(CaptureReadError::Kind, kind);
    QFETCH(int, record);
    const QByteArray bytes = readAll(file);
    CaptureOpenError error;
    auto reader = CaptureFileReader::fromBytes(bytesOf(bytes), error);
    QVERIFY(reader);
    CaptureRecord r;
    int n = 0;
    CaptureFileReader::Next next;
    while ((next = reader->next(r)) == CaptureFileReader::Next::Record)
        ++n;
    QCOMPARE(next, CaptureFileReader::Next::Error);
    QCOMPARE(n, record - 1);
    QCOMPARE(reader->error().kind, kind);
    QCOMPARE(reader->error().record, record);
    QVERIFY(!reader->error().detail.isEmpty());
    if (file.endsWith(QLatin1String(".pcap")))
        QCOMPARE(reader->error().offset, pcapRecordOffset(bytes, record));
    QCOMPARE(reader->next(r), CaptureFileReader::Next::Error); // and stays stopped
}

void TestCaptureFileReader::refusesWhatIsNoCapture()
{
    CaptureOpenError error;
    const QByteArray text("hello, this is not a capture file at all");
    QVERIFY(!CaptureFileReader::fromBytes(bytesOf(text), error));
    QCOMPARE(error.kind, CaptureOpenError::Kind::NotACapture);
    const QByteArray header = pcapFile(1, 65535, {}).left(20);
    QVERIFY(!CaptureFileReader::fromBytes(bytesOf(header), error));
    QCOMPARE(error.kind, CaptureOpenError::Kind::CutShort);
    QVERIFY(!CaptureFileReader::open(QStringLiteral("/nonexistent/x.pcap"), error));
    QCOMPARE(error.kind, CaptureOpenError::Kind::System);
}

// More records than the read buffer holds, some larger than what is left in it.
void TestCaptureFileReader::readsFromAFileThroughItsBuffer()
{
    QList<PcapRecord> records;
    for (int i = 0; i < 3000; ++i)
        records << PcapRecord{i, QByteArray(1 + (i * 7919) % 60000, char(i)), 0, -1};
    QTemporaryDir dir;
    const QString path = writeFile(dir.path(), QStringLiteral("big.pcap"), pcapFile(1, 65535, records));
    CaptureOpenError error;
    auto reader = CaptureFileReader::open(path, error);
    QVERIFY(reader);
    CaptureRecord r;
    int n = 0;
    while (reader->next(r) == CaptureFileReader::Next::Record) {
        QCOMPARE(qsizetype(r.caplen), records[n].bytes.size());
        QCOMPARE(r.data[r.caplen - 1], std::uint8_t(char(n)));
        QCOMPARE(r.timeNs, std::int64_t(n) * 1000);
        ++n;
    }
    QCOMPARE(n, 3000);
    QCOMPARE(reader->error().kind, CaptureReadError::Kind::None);
    QCOMPARE(reader->position(), reader->size());
}

QTEST_GUILESS_MAIN(TestCaptureFileReader)
#include "tst_capture_file_reader.moc"
