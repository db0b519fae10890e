// The receive loops' buffer starts on a page boundary (a std::vector of the same size starts 16
// bytes into one, and the kernel's copy into it then costs about twice as much per byte here).

#include "common/page_buffer.h"

#include <QTest>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace tcptune;

class TestPageBuffer final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void startsOnAPage_data();
    void startsOnAPage();
    void isZeroFilledAndWritable();
};

void TestPageBuffer::startsOnAPage_data()
{
    QTest::addColumn<qulonglong>("size");
    QTest::addRow("empty") << 0ULL;
    QTest::addRow("one byte") << 1ULL;
    QTest::addRow("128 KiB") << 128ULL * 1024;
    QTest::addRow("256 KiB") << 256ULL * 1024;
    QTest::addRow("not a page multiple") << 256ULL * 1024 + 100;
}

void TestPageBuffer::startsOnAPage()
{
    QFETCH(qulonglong, size);
    // Several at once, as the agent holds one per receiving thread.
    std::vector<PageBuffer> buffers;
    for (int i = 0; i < 4; ++i)
        buffers.emplace_back(std::size_t(size));
    for (const PageBuffer &b : buffers) {
        QCOMPARE(reinterpret_cast<std::uintptr_t>(b.data()) % PageBuffer::kAlignment, std::uintptr_t(0));
        QCOMPARE(b.size(), std::max<std::size_t>(std::size_t(size), 1));
    }
}

void TestPageBuffer::isZeroFilledAndWritable()
{
    PageBuffer b(10000);
    QVERIFY(std::all_of(b.data(), b.data() + b.size(), [](char c) { return c == 0; }));
    std::fill(b.data(), b.data() + b.size(), 'x');
    QCOMPARE(b.data()[b.size() - 1], 'x');
}

QTEST_GUILESS_MAIN(TestPageBuffer)
#include "tst_page_buffer.moc"
