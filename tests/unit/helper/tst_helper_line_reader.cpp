// The helper's line reader: lines split however the bytes arrive, the cap enforced at exactly
// one byte past the limit, an overlong line reported once and dropped up to its newline, never
// more than one capped line buffered.

#include "helper/helper_line_reader.h"

#include <QTest>

using namespace tcptune;

class TestHelperLineReader final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void splitsLinesWhateverTheChunks_data();
    void splitsLinesWhateverTheChunks();
    void capsTheLength();
    void partialAtEof();
};

namespace {

struct Collected {
    QList<QByteArray> lines;
    int overlong = 0;
};

Collected feedInChunks(HelperLineReader &reader, const QByteArray &input, int chunk)
{
    Collected c;
    for (qsizetype at = 0; at < input.size(); at += chunk)
        reader.feed(
            input.constData() + at, std::size_t(std::min<qsizetype>(chunk, input.size() - at)),
            [&c](const QByteArray &line) { c.lines << line; }, [&c] { ++c.overlong; });
    return c;
}

} // namespace

void TestHelperLineReader::splitsLinesWhateverTheChunks_data()
{
    QTest::addColumn<int>("chunk");
    for (int chunk : {1, 2, 3, 7, 64, 4096})
        QTest::addRow("chunk %d", chunk) << chunk;
}

void TestHelperLineReader::splitsLinesWhateverTheChunks()
{
    QFETCH(int, chunk);
    HelperLineReader reader(16);
    const Collected c = feedInChunks(reader, "first\n\nsecond line\nx\n", chunk);
    QCOMPARE(c.lines, (QList<QByteArray>{"first", "", "second line", "x"}));
    QCOMPARE(c.overlong, 0);
    QVERIFY(!reader.hasPartial());
}

void TestHelperLineReader::capsTheLength()
{
    for (int chunk : {1, 5, 100}) {
        HelperLineReader reader(8);
        const Collected c = feedInChunks(
            reader, QByteArray(8, 'a') + '\n' + QByteArray(9, 'b') + '\n' + QByteArray(50, 'c') + "\nok\n", chunk);
        QCOMPARE(c.lines, (QList<QByteArray>{QByteArray(8, 'a'), "ok"}));
        QCOMPARE(c.overlong, 2);
        QVERIFY(reader.buffered() <= 8);
    }
}

void TestHelperLineReader::partialAtEof()
{
    HelperLineReader reader(8);
    Collected c = feedInChunks(reader, "done\nhalf", 3);
    QCOMPARE(c.lines, QList<QByteArray>{"done"});
    QVERIFY(reader.hasPartial());
    HelperLineReader overlong(4);
    c = feedInChunks(overlong, "toolong", 2);
    QCOMPARE(c.overlong, 1);
    QVERIFY(!overlong.hasPartial()); // already answered as overlong
}

QTEST_GUILESS_MAIN(TestHelperLineReader)
#include "tst_helper_line_reader.moc"
