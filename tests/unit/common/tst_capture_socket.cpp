// capturesocket's request as tcptune-helper receives it: what tcptune sends comes back the same,
// and a request outside the limits (no filter, too many instructions, values that do not fit an
// instruction, a receive buffer too small or too large) is refused with a sentence before the
// helper opens anything.

#include "common/capture_socket.h"

#include <QJsonArray>
#include <QTest>

using namespace tcptune;
using namespace Qt::StringLiterals;

class TestCaptureSocket final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void requestComesBackTheSame();
    void refusesWhatDoesNotFit_data();
    void refusesWhatDoesNotFit();
};

void TestCaptureSocket::requestComesBackTheSame()
{
    capturesocket::Request request{u"tcptune-lab-client"_s,
                                   u"tcpt-c0"_s,
                                   {{0x28, 0, 0, 12}, {0x15, 0, 1, 0x800}, {0x6, 0, 0, 0xffffffffu}, {0x6, 0, 0, 0}},
                                   1 << 20};
    const auto back = capturesocket::fromJson(capturesocket::toJson(request));
    QVERIFY2(back.has_value(), back ? "" : qPrintable(back.error().message));
    QCOMPARE(back->netns, request.netns);
    QCOMPARE(back->interface, request.interface);
    QCOMPARE(back->bufferBytes, request.bufferBytes);
    QCOMPARE(back->filter.size(), request.filter.size());
    for (qsizetype i = 0; i < request.filter.size(); ++i) {
        QCOMPARE(back->filter[i].code, request.filter[i].code);
        QCOMPARE(back->filter[i].jt, request.filter[i].jt);
        QCOMPARE(back->filter[i].jf, request.filter[i].jf);
        QCOMPARE(back->filter[i].k, request.filter[i].k);
    }
}

void TestCaptureSocket::refusesWhatDoesNotFit_data()
{
    QTest::addColumn<QJsonValue>("filter");
    QTest::addColumn<int>("bufferBytes");
    QTest::addColumn<QString>("says");
    const QJsonArray keepAll{QJsonArray{6, 0, 0, 128}};
    QJsonArray tooLong;
    for (int i = 0; i <= capturesocket::kMaxInstructions; ++i)
        tooLong.append(QJsonArray{6, 0, 0, 128});
    QTest::addRow("no filter") << QJsonValue(QJsonArray()) << (1 << 20) << u"1 to 4096"_s;
    QTest::addRow("not a list") << QJsonValue(u"tcp port 80"_s) << (1 << 20) << u"1 to 4096"_s;
    QTest::addRow("too long") << QJsonValue(tooLong) << (1 << 20) << u"1 to 4096"_s;
    QTest::addRow("three fields") << QJsonValue(QJsonArray{QJsonArray{6, 0, 0}}) << (1 << 20) << u"[code, jt, jf, k]"_s;
    QTest::addRow("code too big") << QJsonValue(QJsonArray{QJsonArray{65536, 0, 0, 0}}) << (1 << 20)
                                  << u"[code, jt, jf, k]"_s;
    QTest::addRow("jump too far") << QJsonValue(QJsonArray{QJsonArray{0x15, 256, 0, 0}}) << (1 << 20)
                                  << u"[code, jt, jf, k]"_s;
    QTest::addRow("negative k") << QJsonValue(QJsonArray{QJsonArray{6, 0, 0, -1}}) << (1 << 20)
                                << u"[code, jt, jf, k]"_s;
    QTest::addRow("fraction") << QJsonValue(QJsonArray{QJsonArray{6, 0, 0, 1.5}}) << (1 << 20)
                              << u"[code, jt, jf, k]"_s;
    QTest::addRow("a text") << QJsonValue(QJsonArray{QJsonArray{u"ret"_s, 0, 0, 1}}) << (1 << 20)
                            << u"[code, jt, jf, k]"_s;
    QTest::addRow("buffer too small") << QJsonValue(keepAll) << 4096 << u"'buffer_bytes'"_s;
    QTest::addRow("buffer too large") << QJsonValue(keepAll) << (128 << 20) << u"'buffer_bytes'"_s;
}

void TestCaptureSocket::refusesWhatDoesNotFit()
{
    QFETCH(QJsonValue, filter);
    QFETCH(int, bufferBytes);
    QFETCH(QString, says);
    const QJsonObject params{{u"netns"_s, u"tcptune-lab-client"_s},
                             {u"interface"_s, u"tcpt-c0"_s},
                             {u"filter"_s, filter},
                             {u"buffer_bytes"_s, bufferBytes}};
    const auto request = capturesocket::fromJson(params);
    QVERIFY(!request.has_value());
    QVERIFY2(request.error().message.contains(says), qPrintable(request.error().message));
}

QTEST_GUILESS_MAIN(TestCaptureSocket)
#include "tst_capture_socket.moc"
