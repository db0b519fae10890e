// The agent's authentication primitives: HMAC-SHA256 against the RFC 4231 vector, a comparison
// that looks at every byte, and CSPRNG values of the promised length that do not repeat.

#include "traffic/agent_auth.h"

#include <QSet>
#include <QTest>

using namespace tcptune;

class TestAgentAuth final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void answerIsHmacSha256();
    void hkdfMatchesRfc5869();
    void proofsBindRoleNoncesAndStart();
    void comparison_data();
    void comparison();
    void randomValues();
};

void TestAgentAuth::answerIsHmacSha256()
{
    // RFC 4231 test case 2.
    QCOMPARE(agentauth::answer(QStringLiteral("Jefe"), "what do ya want for nothing?"),
             QByteArray("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
    QVERIFY(agentauth::answer(QStringLiteral("Jefe"), "nonce 1") !=
            agentauth::answer(QStringLiteral("Jefe"), "nonce 2"));
}

void TestAgentAuth::hkdfMatchesRfc5869()
{
    // RFC 5869 test case 1 (SHA-256).
    const QByteArray okm =
        agentauth::hkdfSha256(QByteArray(22, '\x0b'), QByteArray::fromHex("000102030405060708090a0b0c"),
                              QByteArray::fromHex("f0f1f2f3f4f5f6f7f8f9"), 42);
    QCOMPARE(okm.toHex(),
             QByteArray("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"));
}

void TestAgentAuth::proofsBindRoleNoncesAndStart()
{
    const QString token = QStringLiteral("0123456789abcdef0123456789abcdef");
    const QByteArray a = agentauth::randomHex(agentauth::kNonceBytes);
    const QByteArray c = agentauth::randomHex(agentauth::kNonceBytes);
    QVERIFY(agentauth::isNonce(a) && agentauth::isNonce(c));
    QVERIFY(!agentauth::isNonce(a.left(10)) && !agentauth::isNonce(a.toUpper() + "x"));
    const QByteArray start = R"({"streams":1,"type":"start"})";
    const QByteArray agent = agentauth::proof(token, agentauth::Role::Agent, a, c, start);
    QCOMPARE(agent, agentauth::proof(token, agentauth::Role::Agent, a, c, start));
    QVERIFY(agent != agentauth::proof(token, agentauth::Role::Client, a, c, start)); // not reflectable
    QVERIFY(agent != agentauth::proof(token, agentauth::Role::Agent, c, a, start));
    QVERIFY(agent != agentauth::proof(token, agentauth::Role::Agent, a, c, R"({"streams":64,"type":"start"})"));
    QVERIFY(agent != agentauth::proof(token + QLatin1Char('x'), agentauth::Role::Agent, a, c, start));
    // The data secret: the same on both ends, another for another token or handshake.
    const QByteArray secret = agentauth::dataSecret(token, a, c);
    QCOMPARE(secret.size(), agentauth::kSecretBytes);
    QCOMPARE(secret, agentauth::dataSecret(token, a, c));
    QVERIFY(secret != agentauth::dataSecret(QString(), a, c));
    QVERIFY(secret != agentauth::dataSecret(token, c, a));
    QVERIFY(agentauth::dataProof(secret, QStringLiteral("s"), 0) !=
            agentauth::dataProof(secret, QStringLiteral("s"), 1));
}

void TestAgentAuth::comparison_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<bool>("equal");
    QTest::addRow("same") << QByteArray("abcdef") << QByteArray("abcdef") << true;
    QTest::addRow("first byte") << QByteArray("xbcdef") << QByteArray("abcdef") << false;
    QTest::addRow("last byte") << QByteArray("abcdex") << QByteArray("abcdef") << false;
    QTest::addRow("prefix") << QByteArray("abc") << QByteArray("abcdef") << false;
    QTest::addRow("empty vs something") << QByteArray() << QByteArray("a") << false;
    QTest::addRow("both empty") << QByteArray() << QByteArray() << true;
}

void TestAgentAuth::comparison()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(bool, equal);
    QCOMPARE(agentauth::constantTimeEqual(a, b), equal);
    QCOMPARE(agentauth::constantTimeEqual(b, a), equal);
}

void TestAgentAuth::randomValues()
{
    QSet<QByteArray> seen;
    for (int i = 0; i < 200; ++i) {
        const QByteArray v = agentauth::randomHex(agentauth::kSecretBytes);
        QCOMPARE(v.size(), 2 * agentauth::kSecretBytes);
        QVERIFY(QByteArray::fromHex(v).toHex() == v);
        seen.insert(v);
    }
    QCOMPARE(seen.size(), 200);
    QCOMPARE(agentauth::randomHex(5).size(), 10); // not a multiple of the generator's word
}

QTEST_GUILESS_MAIN(TestAgentAuth)
#include "tst_agent_auth.moc"
