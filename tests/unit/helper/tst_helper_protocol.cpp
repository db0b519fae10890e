// The line protocol: good requests parse, and every malformed one gets an error that names the
// problem (and keeps the id when it could be read, so the reply can carry it).

#include "helper/helper_protocol.h"

#include <QJsonDocument>
#include <QTest>

using namespace tcptune;
using namespace tcptune::helperprotocol;

class TestHelperProtocol final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesRequests_data();
    void parsesRequests();
    void refusesBadRequests_data();
    void refusesBadRequests();
    void checksUtf8_data();
    void checksUtf8();
    void repliesAreOneLine_data();
    void repliesAreOneLine();
    void requestRoundTrip();
    void stringParams_data();
    void stringParams();
};

void TestHelperProtocol::parsesRequests_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QJsonValue>("id");
    QTest::addColumn<int>("paramCount");
    QTest::addRow("hello") << QByteArray(R"({"id":1,"op":"hello"})") << "hello" << QJsonValue(1) << 0;
    QTest::addRow("string id") << QByteArray(R"({"id":"a7","op":"journal"})") << QStringLiteral("journal")
                               << QJsonValue(QStringLiteral("a7")) << 0;
    QTest::addRow("set") << QByteArray(R"({"id":2,"op":"set","params":{"key":"net.ipv4.tcp_sack","value":"0"}})")
                         << "set" << QJsonValue(2) << 2;
    QTest::addRow("null params") << QByteArray(R"({"id":3,"op":"get","params":null})") << "get" << QJsonValue(3) << 0;
    QTest::addRow("spaces") << QByteArray(R"(  { "op" : "restore" , "id" : 4 }  )") << "restore" << QJsonValue(4) << 0;
}

void TestHelperProtocol::parsesRequests()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, op);
    QFETCH(QJsonValue, id);
    QFETCH(int, paramCount);
    auto request = parseRequest(line);
    QVERIFY2(request.has_value(), request ? "" : qPrintable(request.error().message));
    QCOMPARE(request->op, op);
    QCOMPARE(request->id, id);
    QCOMPARE(request->params.size(), paramCount);
}

void TestHelperProtocol::refusesBadRequests_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("expectedWords");
    QTest::addColumn<QJsonValue>("id");
    QTest::addRow("not json") << QByteArray("hello") << "Malformed JSON" << QJsonValue();
    QTest::addRow("truncated") << QByteArray(R"({"id":1,"op":"hel)") << "Malformed JSON" << QJsonValue();
    QTest::addRow("array") << QByteArray(R"([1,2])") << "JSON object" << QJsonValue();
    QTest::addRow("no id") << QByteArray(R"({"op":"hello"})") << "\"id\"" << QJsonValue();
    QTest::addRow("object id") << QByteArray(R"({"id":{},"op":"hello"})") << "\"id\"" << QJsonValue();
    QTest::addRow("no op") << QByteArray(R"({"id":5})") << "\"op\"" << QJsonValue(5);
    QTest::addRow("numeric op") << QByteArray(R"({"id":5,"op":3})") << "\"op\"" << QJsonValue(5);
    QTest::addRow("params array") << QByteArray(R"({"id":6,"op":"set","params":[1]})") << "params" << QJsonValue(6);
    QTest::addRow("extra field") << QByteArray(R"({"id":7,"op":"set","path":"/etc/passwd"})") << "path"
                                 << QJsonValue(7);
    QTest::addRow("invalid utf8") << QByteArray("{\"id\":8,\"op\":\"h\xc3\x28llo\"}") << "UTF-8" << QJsonValue();
    QTest::addRow("overlong utf8") << QByteArray("{\"id\":8,\"op\":\"\xc0\xafx\"}") << "UTF-8" << QJsonValue();
    QTest::addRow("nul byte") << QByteArray("{\"id\":9,\"op\":\"a\0b\"}", 20) << "NUL" << QJsonValue();
    QTest::addRow("too long") << (QByteArray(R"({"id":10,"op":"hello","params":{"x":")") + QByteArray(5000, 'a') +
                                  QByteArray(R"("}})"))
                              << "limit" << QJsonValue();
}

void TestHelperProtocol::refusesBadRequests()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, expectedWords);
    QFETCH(QJsonValue, id);
    QJsonValue seenId;
    auto request = parseRequest(line, &seenId);
    QVERIFY(!request.has_value());
    QVERIFY2(request.error().message.contains(expectedWords), qPrintable(request.error().message));
    QCOMPARE(seenId, id);
}

void TestHelperProtocol::checksUtf8_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("valid");
    QTest::addRow("ascii") << QByteArray("abc") << true;
    QTest::addRow("umlaut") << QByteArray("\xc3\xa4") << true;
    QTest::addRow("lone continuation") << QByteArray("\x80") << false;
    QTest::addRow("cut sequence") << QByteArray("\xe2\x82") << false;
    QTest::addRow("surrogate") << QByteArray("\xed\xa0\x80") << false;
    QTest::addRow("0xff") << QByteArray("a\xff") << false;
}

void TestHelperProtocol::checksUtf8()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, valid);
    QCOMPARE(isValidUtf8(bytes), valid);
}

void TestHelperProtocol::repliesAreOneLine_data()
{
    QTest::addColumn<QByteArray>("reply");
    QTest::addColumn<bool>("ok");
    QTest::addRow("ok") << okReply(3, {{QStringLiteral("value"), QStringLiteral("a\nb")}}) << true;
    QTest::addRow("error") << errorReply(4, QStringLiteral("bad\nthing")) << false;
    QTest::addRow("error without id") << errorReply(QJsonValue(), QStringLiteral("x")) << false;
}

void TestHelperProtocol::repliesAreOneLine()
{
    QFETCH(QByteArray, reply);
    QFETCH(bool, ok);
    QVERIFY(reply.endsWith('\n'));
    QCOMPARE(reply.count('\n'), 1);
    auto parsed = parseReply(reply.chopped(1));
    QVERIFY(parsed.has_value());
    QCOMPARE(parsed->ok, ok);
    if (!ok)
        QVERIFY(!parsed->error.isEmpty());
}

void TestHelperProtocol::requestRoundTrip()
{
    const QJsonObject params{{QStringLiteral("key"), QStringLiteral("net.ipv4.tcp_sack")}};
    const QByteArray line = encodeRequest(42, QStringLiteral("get"), params);
    QVERIFY(line.endsWith('\n'));
    auto request = parseRequest(line.chopped(1));
    QVERIFY(request.has_value());
    QCOMPARE(request->id.toInteger(), 42);
    QCOMPARE(request->op, QStringLiteral("get"));
    QCOMPARE(request->params, params);
    QVERIFY(!parseReply("not json").has_value());
}

void TestHelperProtocol::stringParams_data()
{
    QTest::addColumn<QByteArray>("params");
    QTest::addColumn<bool>("required");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("value");
    QTest::addRow("present") << QByteArray(R"({"key":"a"})") << true << true << "a";
    QTest::addRow("missing required") << QByteArray(R"({})") << true << false << "";
    QTest::addRow("missing optional") << QByteArray(R"({})") << false << true << "";
    QTest::addRow("number") << QByteArray(R"({"key":3})") << true << false << "";
    QTest::addRow("bool") << QByteArray(R"({"key":true})") << false << false << "";
}

void TestHelperProtocol::stringParams()
{
    QFETCH(QByteArray, params);
    QFETCH(bool, required);
    QFETCH(bool, ok);
    QFETCH(QString, value);
    auto v = stringParam(QJsonDocument::fromJson(params).object(), QStringLiteral("key"), required);
    QCOMPARE(v.has_value(), ok);
    if (ok)
        QCOMPARE(*v, value);
    else
        QVERIFY(v.error().message.contains(QLatin1String("\"key\"")));
}

QTEST_GUILESS_MAIN(TestHelperProtocol)
#include "tst_helper_protocol.moc"
