// Where a token comes from: its file's first line, TCPTUNE_TOKEN without a file, and a clear
// message for a file that is missing or empty.

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
};

namespace {

QString writeFile(const QTemporaryDir &dir, const QByteArray &bytes)
{
    const QString path = dir.filePath(QStringLiteral("token"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
    return path;
}

} // namespace

void TestAgentToken::readsTheFirstLine()
{
    QTemporaryDir dir;
    auto token = AgentToken::readFile(writeFile(dir, "  nas-token \nsecond line\n"));
    QVERIFY(token.has_value());
    QCOMPARE(*token, QStringLiteral("nas-token"));
    qputenv("TCPTUNE_TOKEN", "from-the-environment");
    QCOMPARE(*AgentToken::resolve(dir.filePath(QStringLiteral("token"))), QStringLiteral("nas-token"));
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
    qputenv("TCPTUNE_TOKEN", " env-token\n");
    QCOMPARE(*AgentToken::resolve(QString()), QStringLiteral("env-token"));
    qunsetenv("TCPTUNE_TOKEN");
    QCOMPARE(*AgentToken::resolve(QString()), QString());
    QVERIFY(AgentToken::commandLineRefusal().contains(QStringLiteral("--token-file")));
}

QTEST_GUILESS_MAIN(TestAgentToken)
#include "tst_agent_token.moc"
