// The man pages tcptune(1) and tcptune-helper(8), written at build time from the programs' own
// --help (cmake/TcptuneManPage.cmake): groff formats them without a warning, and nothing the
// help offers is missing from them (every command a section, every option of every command).

#include "command_runner.h"
#include "test_paths.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

using namespace tcptune::test;

class TestManPages final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void formatsWithoutWarnings_data();
    void formatsWithoutWarnings();
    void everyCommandAndOptionIsThere();
    void helperPageHasItsOptions();
    void versionMatches();

private:
    static QString page(const char *relative)
    {
        return tcptune::test::buildPath(QStringLiteral("share/man/") + QLatin1String(relative));
    }
    static QString read(const QString &path);
    // The option names (--xyz) a help text offers, as roff writes them (\-\-xyz).
    static QStringList optionsIn(const QByteArray &help);
    static QProcessEnvironment english();
};

QString TestManPages::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QProcessEnvironment TestManPages::english()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.remove(QStringLiteral("LANGUAGE"));
    return env;
}

QStringList TestManPages::optionsIn(const QByteArray &help)
{
    static const QRegularExpression option(QStringLiteral("(?<![\\w-])--[a-z][a-z0-9-]*"));
    QStringList out;
    for (const auto &match : option.globalMatch(QString::fromUtf8(help))) {
        const QString name = match.captured();
        if (name != QLatin1String("--help") && name != QLatin1String("--help-all"))
            out << QString(name).replace(QLatin1Char('-'), QStringLiteral("\\-"));
    }
    out.removeDuplicates();
    return out;
}

void TestManPages::formatsWithoutWarnings_data()
{
    QTest::addColumn<QString>("path");
    QTest::addRow("tcptune(1)") << page("man1/tcptune.1");
    QTest::addRow("tcptune-helper(8)") << page("man8/tcptune-helper.8");
}

void TestManPages::formatsWithoutWarnings()
{
    QFETCH(QString, path);
    QVERIFY2(QFile::exists(path + QStringLiteral(".gz")), qPrintable(path));
    const CommandResult r = runCommand(QStringLiteral("groff"),
                                       {QStringLiteral("-man"), QStringLiteral("-ww"), QStringLiteral("-z"), path});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
}

void TestManPages::everyCommandAndOptionIsThere()
{
    const QString man = read(page("man1/tcptune.1"));
    QVERIFY(!man.isEmpty());
    const CommandResult usage =
        runCommand(binary(QStringLiteral("tcptune")), {QStringLiteral("--help")}, 30000, {}, english());
    static const QRegularExpression commandRow(QStringLiteral("^  ([a-z]+) "), QRegularExpression::MultilineOption);
    QStringList commands;
    for (const auto &match : commandRow.globalMatch(QString::fromUtf8(usage.out)))
        commands << match.captured(1);
    QVERIFY2(commands.size() >= 9, usage.out.constData());
    for (const QString &command : commands) {
        QVERIFY2(man.contains(QStringLiteral(".SS %1\n").arg(command)), qPrintable(command));
        const CommandResult help =
            runCommand(binary(QStringLiteral("tcptune")), {command, QStringLiteral("--help")}, 30000, {}, english());
        QCOMPARE(help.exitCode, 0);
        for (const QString &option : optionsIn(help.out))
            QVERIFY2(man.contains(option), qPrintable(command + QLatin1Char(' ') + option));
    }
}

void TestManPages::helperPageHasItsOptions()
{
    const QString man = read(page("man8/tcptune-helper.8"));
    QVERIFY(man.startsWith(QStringLiteral(".\\\"")));
    QVERIFY(man.contains(QStringLiteral(".TH TCPTUNE\\-HELPER 8")));
    QVERIFY(man.contains(QStringLiteral("\\fB\\-\\-journal\\-dir\\fR \\fI<DIR>\\fR")));
    // Without root the helper still answers --help, and refuses everything else.
    const CommandResult help = runCommand(binary(QStringLiteral("tcptune-helper")), {QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.startsWith("Usage: tcptune-helper"));
}

void TestManPages::versionMatches()
{
    const CommandResult tcptune = runCommand(binary(QStringLiteral("tcptune")), {QStringLiteral("--version")});
    QCOMPARE(tcptune.exitCode, 0);
    QCOMPARE(tcptune.out.trimmed(), QByteArray("tcptune " TCPTUNE_VERSION_TEXT));
    const CommandResult helper = runCommand(binary(QStringLiteral("tcptune-helper")), {QStringLiteral("--version")});
    QCOMPARE(helper.out.trimmed(), QByteArray("tcptune-helper " TCPTUNE_VERSION_TEXT));
    QVERIFY(read(page("man1/tcptune.1")).contains(QStringLiteral("\"tcptune " TCPTUNE_VERSION_TEXT "\"")));
}

QTEST_GUILESS_MAIN(TestManPages)
#include "tst_man_pages.moc"
