// `tcptune knobs` as a user runs it: every value equals `sysctl -n KEY`, JSON has the promised
// fields, and --netns reads inside a namespace (which starts with kernel defaults).

#include "command_runner.h"
#include "scratch_namespace.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tcptune::test;

class TestKnobsCommand final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void jsonMatchesSysctl();
    void tableMarksDifferences();
    void readsInsideNamespace();
    void badArgumentsSayWhatToDo_data();
    void badArgumentsSayWhatToDo();
};

static QString sysctl(const QString &key, const QString &netns = {})
{
    if (netns.isEmpty())
        return QString::fromLocal8Bit(runCommand(QStringLiteral("sysctl"), {QStringLiteral("-n"), key}).out).trimmed();
    return QString::fromLocal8Bit(
               runCommand(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), netns,
                                                 QStringLiteral("sysctl"), QStringLiteral("-n"), key})
                   .out)
        .trimmed();
}

void TestKnobsCommand::jsonMatchesSysctl()
{
    const CommandResult r = runTcptune({QStringLiteral("knobs"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray knobs = QJsonDocument::fromJson(r.out).array();
    QVERIFY(knobs.size() >= 24);
    int compared = 0;
    for (const QJsonValue &v : knobs) {
        const QJsonObject o = v.toObject();
        for (const char *field : {"key", "value", "default", "type", "per_netns"})
            QVERIFY2(o.contains(QLatin1String(field)), field);
        const QString key = o.value(QStringLiteral("key")).toString();
        if (!o.value(QStringLiteral("available")).toBool())
            continue;
        QCOMPARE(o.value(QStringLiteral("value")).toString(), sysctl(key));
        ++compared;
    }
    QVERIFY(compared >= 24);
}

void TestKnobsCommand::tableMarksDifferences()
{
    const CommandResult r = runTcptune({QStringLiteral("knobs")});
    QCOMPARE(r.exitCode, 0);
    const QString text = QString::fromUtf8(r.out);
    QVERIFY(text.contains(QStringLiteral("net.ipv4.tcp_autocorking")));
    QVERIFY(text.contains(QStringLiteral("differs from the kernel default")));
}

void TestKnobsCommand::readsInsideNamespace()
{
    if (!runningAsRoot())
        QSKIP("needs root to create a namespace");
    const QString hostBefore = sysctl(QStringLiteral("net.ipv4.tcp_autocorking"));
    ScratchNamespace ns(QStringLiteral("knobs"));
    QVERIFY2(ns.ok(), qPrintable(ns.error()));
    QVERIFY(ns.exec({QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-w"),
                     QStringLiteral("net.ipv4.tcp_autocorking=0")})
                .isEmpty());
    const CommandResult r =
        runTcptune({QStringLiteral("knobs"), QStringLiteral("--json"), QStringLiteral("--netns"), ns.name()});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray knobs = QJsonDocument::fromJson(r.out).array();
    bool seen = false;
    for (const QJsonValue &v : knobs) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("key")).toString() == QLatin1String("net.ipv4.tcp_autocorking")) {
            QCOMPARE(o.value(QStringLiteral("value")).toString(), QStringLiteral("0"));
            QVERIFY(o.value(QStringLiteral("differs_from_default")).toBool());
            seen = true;
        }
    }
    QVERIFY(seen);
    QCOMPARE(sysctl(QStringLiteral("net.ipv4.tcp_autocorking")), hostBefore);
}

void TestKnobsCommand::badArgumentsSayWhatToDo_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expectedWords");
    QTest::addRow("unknown option") << QStringList{QStringLiteral("knobs"), QStringLiteral("--frob")}
                                    << QStringLiteral("--help");
    QTest::addRow("foreign netns") << QStringList{QStringLiteral("knobs"), QStringLiteral("--netns"),
                                                  QStringLiteral("default")}
                                   << QStringLiteral("tcptune-");
    QTest::addRow("missing netns") << QStringList{QStringLiteral("knobs"), QStringLiteral("--netns"),
                                                  QStringLiteral("tcptune-nope")}
                                   << QStringLiteral("does not exist");
    QTest::addRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << QStringLiteral("Unknown command");
}

void TestKnobsCommand::badArgumentsSayWhatToDo()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expectedWords);
    const CommandResult r = runTcptune(args);
    QVERIFY(!r.crashed);
    QVERIFY(r.exitCode != 0);
    QVERIFY2(QString::fromUtf8(r.err).contains(expectedWords), r.err.constData());
}

QTEST_GUILESS_MAIN(TestKnobsCommand)
#include "tst_knobs_command.moc"
