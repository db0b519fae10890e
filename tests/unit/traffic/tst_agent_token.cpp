// Where a token comes from: its file's first line, TCPTUNE_TOKEN without a file, and a clear
// message for a file that is missing or empty, open to others (0644) or holding a weak token (4
// bytes); --new-token's file passes every check and is never written over.

#include "traffic/agent_token.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestAgentToken final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsTheFirstLine();
    void emptyAndMissingFilesAreNamed();
    void environmentWithoutAFile();
    void openOrWeakTokensAreRefused();
    void createdTokenFile();
};

namespace {

QString writeFile(const QTemporaryDir &dir, const QByteArray &bytes)
{
    const QString path = dir.filePath(QStringLiteral("token"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    file.close();
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return path;
}

} // namespace

void TestAgentToken::readsTheFirstLine()
{
    QTemporaryDir dir;
    auto token = AgentToken::readFile(writeFile(dir, "  nas-token-0123456789abcdef0123 \nsecond line\n"));
    QVERIFY(token.has_value());
    QCOMPARE(*token, QStringLiteral("nas-token-0123456789abcdef0123"));
    qputenv("TCPTUNE_TOKEN", "from-the-environment");
    QCOMPARE(*AgentToken::resolve(dir.filePath(QStringLiteral("token"))),
             QStringLiteral("nas-token-0123456789abcdef0123"));
    qunsetenv("TCPTUNE_TOKEN");
}

void TestAgentToken::emptyAndMissingFilesAreNamed()
{
    QTemporaryDir dir;
    const QString empty = writeFile(dir, "\n\n");
    auto e = AgentToken::readFile(empty);
    QVERIFY(!e.has_value());
    QVERIFY2(e.error().message.contains(empty) && e.error().message.contains(QStringLiteral("empty")),
             qPrintable(e.error().message));
    auto m = AgentToken::resolve(dir.filePath(QStringLiteral("nothing-here")));
    QVERIFY(!m.has_value());
    QVERIFY2(m.error().message.contains(QStringLiteral("nothing-here")), qPrintable(m.error().message));
}

void TestAgentToken::environmentWithoutAFile()
{
    qputenv("TCPTUNE_TOKEN", " env-token-0123456789abcdef0123\n");
    QCOMPARE(*AgentToken::resolve(QString()), QStringLiteral("env-token-0123456789abcdef0123"));
    qunsetenv("TCPTUNE_TOKEN");
    QCOMPARE(*AgentToken::resolve(QString()), QString());
    QVERIFY(AgentToken::commandLineRefusal().contains(QStringLiteral("--token-file")));
}

void TestAgentToken::openOrWeakTokensAreRefused()
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, "0123456789abcdef0123456789abcdef\n");
    QVERIFY(AgentToken::readFile(path).has_value());
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup |
                                    QFileDevice::ReadOther);
    auto open = AgentToken::readFile(path);
    QVERIFY(!open.has_value());
    QVERIFY2(open.error().message.contains(QStringLiteral("chmod 600")) &&
                 open.error().message.contains(QStringLiteral("0644")),
             qPrintable(open.error().message));
    auto weak = AgentToken::readFile(writeFile(dir, "abcd\n"));
    QVERIFY(!weak.has_value());
    QVERIFY2(weak.error().message.contains(QStringLiteral("--new-token")), qPrintable(weak.error().message));
    qputenv("TCPTUNE_TOKEN", "abcd");
    auto weakEnv = AgentToken::resolve(QString());
    qunsetenv("TCPTUNE_TOKEN");
    QVERIFY(!weakEnv.has_value());
    QVERIFY(weakEnv.error().message.contains(QStringLiteral("TCPTUNE_TOKEN")));
    QVERIFY(AgentToken::estimatedBits(QStringLiteral("abcd")) < AgentToken::kMinimumBits);
}

void TestAgentToken::createdTokenFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("new"));
    auto made = AgentToken::createFile(path);
    QVERIFY2(made.has_value(), made ? "" : qPrintable(made.error().message));
    QCOMPARE(made->size(), 64);
    QCOMPARE(*AgentToken::readFile(path), *made);
    QVERIFY(AgentToken::estimatedBits(*made) >= 256);
    QVERIFY(!AgentToken::createFile(path).has_value()); // never over an existing file
    QCOMPARE(*AgentToken::readFile(path), *made);
}

QTEST_GUILESS_MAIN(TestAgentToken)
#include "tst_agent_token.moc"
