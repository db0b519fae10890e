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
