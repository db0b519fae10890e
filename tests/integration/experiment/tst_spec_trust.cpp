// A spec file is data: the ssh config it names (target.ssh_config, which can hold a ProxyCommand)
// is refused unless the user trusts the spec (--trust-spec) or names a config on the command line
// (--ssh-config), and then the command does not run; a spec host or user that ssh could read as an
// option ("-oProxyCommand=...") is refused like the command line's; --dry-run shows what a spec
// would execute. With --trust-spec the same spec does run its ProxyCommand: the marker file the
// refusal must not create is one ssh really makes.

#include "command_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune::test;

class TestSpecTrust final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void sshConfigFromSpecIsRefused();
    void dryRunShowsTheCommand();
    void optionLikeHostOrUserIsRefused_data();
    void optionLikeHostOrUserIsRefused();
    void trustedSpecRunsItsCommand();

private:
    QString writeSpec(const QJsonObject &target);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_marker;
    QString m_config;
};

void TestSpecTrust::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_marker = m_dir->filePath(QStringLiteral("ran"));
    m_config = m_dir->filePath(QStringLiteral("ssh_config"));
    QFile config(m_config);
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(QStringLiteral("Host *\n  ProxyCommand touch %1\n").arg(m_marker).toUtf8());
}

QString TestSpecTrust::writeSpec(const QJsonObject &target)
{
    const QString path = m_dir->filePath(QStringLiteral("spec.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(QJsonObject{{QStringLiteral("name"), QStringLiteral("shared spec")},
                                         {QStringLiteral("target"), target},
                                         {QStringLiteral("duration_s"), 1},
                                         {QStringLiteral("omit_s"), 0}})
                   .toJson());
    return path;
}

void TestSpecTrust::sshConfigFromSpecIsRefused()
{
    const QString spec = writeSpec({{QStringLiteral("kind"), QStringLiteral("ssh")},
                                    {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                                    {QStringLiteral("ssh_config"), m_config}});
    const CommandResult r = runTcptune(
        {QStringLiteral("sweep"), spec, QStringLiteral("--db"), m_dir->filePath(QStringLiteral("results.db"))}, 30000);
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QLatin1String("--trust-spec")) && err.contains(QLatin1String("--ssh-config")) &&
                 err.contains(m_config),
             qPrintable(err));
    QVERIFY(!QFile::exists(m_marker));
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("results.db")))); // nothing stored either
}

void TestSpecTrust::dryRunShowsTheCommand()
{
    const QString spec = writeSpec({{QStringLiteral("kind"), QStringLiteral("ssh")},
                                    {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                                    {QStringLiteral("user"), QStringLiteral("tester")},
                                    {QStringLiteral("ssh_config"), m_config}});
    const CommandResult text =
        runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--trust-spec"), QStringLiteral("--dry-run")});
    QCOMPARE(text.exitCode, 0);
    const QString out = QString::fromUtf8(text.out);
    QVERIFY2(out.contains(QStringLiteral("Runs on this host: ssh ")) && out.contains(QStringLiteral("-F ") + m_config),
             qPrintable(out));
    const CommandResult json = runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--trust-spec"),
                                           QStringLiteral("--dry-run"), QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonArray executes = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("executes")).toArray();
    QCOMPARE(executes.size(), 1);
    const QJsonArray command = executes.first().toArray();
    QCOMPARE(command.first().toString(), QStringLiteral("ssh"));
    QVERIFY(command.contains(m_config));
    QVERIFY(command.contains(QStringLiteral("127.0.0.1")));
    QVERIFY(!QFile::exists(m_marker));
}

void TestSpecTrust::optionLikeHostOrUserIsRefused_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addRow("host -oProxyCommand") << "host"
                                         << "-oProxyCommand=touch MARKER";
    QTest::addRow("host with a space") << "host"
                                       << "h -oProxyCommand=touch MARKER";
    QTest::addRow("user -oProxyCommand") << "user"
                                         << "-oProxyCommand=touch MARKER";
}

void TestSpecTrust::optionLikeHostOrUserIsRefused()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QJsonObject target{{QStringLiteral("kind"), QStringLiteral("ssh")}, {QStringLiteral("host"), QStringLiteral("h")}};
    target.insert(field, QString(value).replace(QStringLiteral("MARKER"), m_marker));
    const QString spec = writeSpec(target);
    // Trusting the spec does not make a host an option.
    const CommandResult r = runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--trust-spec"),
                                        QStringLiteral("--db"), m_dir->filePath(QStringLiteral("results.db"))},
                                       30000);
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QStringLiteral("target.") + field), qPrintable(err));
    QVERIFY(!QFile::exists(m_marker));
}

// The positive control: the spec the refusal stops really runs its command once trusted (ssh
// starts the ProxyCommand, which makes the marker, then fails to log in through it).
void TestSpecTrust::trustedSpecRunsItsCommand()
{
    const QString spec = writeSpec({{QStringLiteral("kind"), QStringLiteral("ssh")},
                                    {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
                                    {QStringLiteral("ssh_config"), m_config}});
    const CommandResult r = runTcptune({QStringLiteral("sweep"), spec, QStringLiteral("--trust-spec"),
                                        QStringLiteral("--db"), m_dir->filePath(QStringLiteral("results.db"))},
                                       90000);
    QVERIFY(!r.timedOut);
    QVERIFY2(QFile::exists(m_marker), r.err.constData());
}

QTEST_GUILESS_MAIN(TestSpecTrust)
#include "tst_spec_trust.moc"
