// As a normal user (tests/support/nonroot_fixture.sh): `tcptune knobs --lab NAME` takes the lab's
// name as every other command does and reads its client namespace's knobs through the helper
// (not "needs root"); and on a machine without a polkit authority (here: the system bus hidden
// from the command) the helper starts through sudo with nothing of pkexec on the terminal.

#include "command_runner.h"
#include "nonroot_user.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tcptune::test;

namespace {

const QString kLab = QStringLiteral("cli37nk");

QString tcptuneBinary()
{
    return binary(QStringLiteral("tcptune"));
}

// The value of KEY in the output of `tcptune knobs --json`.
QString valueOf(const QByteArray &json, const QString &key)
{
    for (const QJsonValue &v : QJsonDocument::fromJson(json).array())
        if (v.toObject().value(QStringLiteral("key")).toString() == key)
            return v.toObject().value(QStringLiteral("value")).toString();
    return {};
}

} // namespace

class TestNonrootKnobs final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void labKnobsThroughTheHelper();
    void noPkexecNoiseWithoutPolkit();
};

void TestNonrootKnobs::initTestCase()
{
    if (nonrootVariable("TCPTUNE_NONROOT_USER").isEmpty())
        QSKIP("runs inside tests/support/nonroot_fixture.sh (ctest starts it so)");
    const CommandResult up =
        runTcptune({QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"), kLab}, 90000);
    QVERIFY2(up.exitCode == 0, up.err.constData());
    // Autocorking off at the lab's client by hand, as a user would before a sweep.
    const CommandResult off =
        runCommand(QStringLiteral("ip"),
                   {QStringLiteral("netns"), QStringLiteral("exec"), QStringLiteral("tcptune-%1-client").arg(kLab),
                    QStringLiteral("sysctl"), QStringLiteral("-qw"), QStringLiteral("net.ipv4.tcp_autocorking=0")});
    QVERIFY2(off.exitCode == 0, off.err.constData());
}

void TestNonrootKnobs::cleanupTestCase()
{
    runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), kLab}, 60000);
}

void TestNonrootKnobs::labKnobsThroughTheHelper()
{
    const CommandResult r = runCommand(QStringLiteral("runuser"),
                                       asNonrootUser({tcptuneBinary(), QStringLiteral("knobs"), QStringLiteral("--lab"),
                                                      kLab, QStringLiteral("--json")}),
                                       60000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(!r.err.contains("needs root"), r.err.constData());
    QCOMPARE(valueOf(r.out, QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    // The host's own value is untouched (and what the user reads without --lab).
    const CommandResult host = runCommand(
        QStringLiteral("runuser"), asNonrootUser({tcptuneBinary(), QStringLiteral("knobs"), QStringLiteral("--json")}));
    QVERIFY2(host.exitCode == 0, host.err.constData());
    QVERIFY(!valueOf(host.out, QStringLiteral("net.ipv4.tcp_autocorking")).isEmpty());
}

void TestNonrootKnobs::noPkexecNoiseWithoutPolkit()
{
    // A mount namespace of the command's own with an empty /run/dbus: no system bus, so no polkit
    // authority; the fixture's sudo drop-in is on.
    const QStringList user = asNonrootUser(
        {tcptuneBinary(), QStringLiteral("knobs"), QStringLiteral("--lab"), kLab, QStringLiteral("--json")});
    const CommandResult r = runCommand(
        QStringLiteral("unshare"),
        QStringList{QStringLiteral("--mount"), QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                    QStringLiteral("mount -t tmpfs tmpfs /run/dbus && exec runuser \"$@\""), QStringLiteral("sh")} +
            user,
        60000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(valueOf(r.out, QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    QVERIFY2(!r.err.contains("Error getting authority"), r.err.constData());
    QVERIFY2(!r.err.contains("pkexec"), r.err.constData());
    QVERIFY2(r.err.trimmed().isEmpty(), r.err.constData());
}

QTEST_GUILESS_MAIN(TestNonrootKnobs)
#include "tst_nonroot_knobs.moc"
