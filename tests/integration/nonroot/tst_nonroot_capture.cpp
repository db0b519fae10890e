// Captures as a normal user (docs/privileges.md, "Captures"): in the fixture of
// tests/support/nonroot_fixture.sh, the test user, whom only the polkit grant lets start
// tcptune-helper (through pkexec):
//   - runs an experiment with capture in a lab of its own (`tcptune sweep SPEC`): the run has a
//     capture, written by the user, and `tcptune analyze` on it finds the run's data flow from
//     the lab's client to its agent carrying the bytes the run reports; while it runs, ps shows
//     nothing of tcptune as root but the helper;
//   - gets from the helper a packet socket on a lab link that cannot be bound to another
//     interface and whose filter cannot be taken off or replaced; asked for the lab's loopback,
//     a host interface or a link that is not in the namespace named, the helper refuses and
//     passes nothing.
// The user side of the second case is this executable: `tst_nonroot_capture --capture-socket
// NETNS INTERFACE` prints what it got and what it could do with it.

#include "command_runner.h"
#include "test_paths.h"
#include "common/capture_socket.h"
#include "helper/helper_connection.h"
#include "nonroot_user.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cstdio>
#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;
using namespace Qt::StringLiterals;

namespace {

QString tcptuneBinary()
{
    return binPath(QStringLiteral("tcptune"));
}

// A bulk run of 2 s with capture at 100 Mbit/s, nothing omitted, so the bytes the run reports
// are all the bytes its data stream sent.
constexpr auto kSpec = R"({
  "version": 1,
  "name": "capture as a user",
  "target": {"kind": "lab"},
  "knobs": {"lab.topology": "routed", "lab.rate": "100mbit"},
  "workload": {"type": "bulk", "streams": 1},
  "capture": true,
  "duration_s": 2,
  "omit_s": 0,
  "repeats": 1,
  "sample_ms": 100
})";

// The user side: asks the helper for a packet socket on INTERFACE in NETNS (a filter that keeps
// 96 bytes of every packet), then tries to widen what it sees.
int captureSocket(const QString &netns, const QString &interface)
{
    HelperStartOptions options;
    options.launch = HelperStartOptions::Launch::Pkexec;
    options.helperPath = binPath(QStringLiteral("tcptune-helper"));
    options.startTimeoutMs = 20000;
    HelperConnection helper(options);
    auto fd = helper.captureSocket({netns, interface, {{BPF_RET | BPF_K, 0, 0, 96}}, 1 << 20});
    if (!fd) {
        std::fprintf(stderr, "refused: %s\n", qPrintable(fd.error().message));
        return 1;
    }
    sockaddr_ll loopback{};
    loopback.sll_family = AF_PACKET;
    loopback.sll_protocol = htons(ETH_P_ALL);
    loopback.sll_ifindex = 1;
    const bool rebound = ::bind(*fd, reinterpret_cast<const sockaddr *>(&loopback), sizeof loopback) == 0;
    const int zero = 0;
    const bool detached = ::setsockopt(*fd, SOL_SOCKET, SO_DETACH_FILTER, &zero, sizeof zero) == 0;
    sock_filter everything{BPF_RET | BPF_K, 0, 0, 0xffff};
    const sock_fprog wider{1, &everything};
    const bool replaced = ::setsockopt(*fd, SOL_SOCKET, SO_ATTACH_FILTER, &wider, sizeof wider) == 0;
    std::printf("socket uid=%d rebound=%d detached=%d replaced=%d\n", int(::getuid()), rebound, detached, replaced);
    ::close(*fd);
    return 0;
}

// The user side through runuser: exit code and output.
CommandResult captureSocketAsUser(const QString &netns, const QString &interface)
{
    return runCommand(
        QStringLiteral("runuser"),
        asNonrootUser({QCoreApplication::applicationFilePath(), QStringLiteral("--capture-socket"), netns, interface}),
        60000);
}

} // namespace

class TestNonrootCapture final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void captureOfALabRunAsTheUser();
    void helperPassesOnlyPinnedLabLinks();
    void cleanupTestCase();

private:
    QString m_user;
    QString m_home;
};

void TestNonrootCapture::initTestCase()
{
    m_user = nonrootVariable("TCPTUNE_NONROOT_USER");
    m_home = nonrootVariable("TCPTUNE_NONROOT_HOME");
    QVERIFY2(!m_user.isEmpty(),
             "run me through tests/support/nonroot_fixture.sh (ctest does): it makes the user and the grants");
    QCOMPARE(::geteuid(), 0u);
    const QString problem = grantPkexecOnly();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestNonrootCapture::captureOfALabRunAsTheUser()
{
    const passwd *account = ::getpwnam(m_user.toLocal8Bit().constData());
    QVERIFY(account);
    const QString dir = m_home + u"/capture"_s;
    QVERIFY(QDir().mkpath(dir));
    QFile spec(dir + u"/spec.json"_s);
    QVERIFY(spec.open(QIODevice::WriteOnly) && spec.write(kSpec) > 0);
    spec.close();
    for (const QString &path : {dir, spec.fileName()})
        QCOMPARE(::chown(QFile::encodeName(path).constData(), account->pw_uid, account->pw_gid), 0);

    QProcess sweep;
    sweep.setWorkingDirectory(dir);
    sweep.start(QStringLiteral("runuser"),
                asNonrootUser({tcptuneBinary(), QStringLiteral("sweep"), spec.fileName(), QStringLiteral("--lab"),
                               QStringLiteral("t-nrc1"), QStringLiteral("--db"), dir + u"/results.db"_s,
                               QStringLiteral("--json"), QStringLiteral("--lab-down")}));
    const QStringList seen = tcptuneProcessesWhileRunning(sweep, 180000);
    QCOMPARE(sweep.state(), QProcess::NotRunning);
    const QByteArray err = sweep.readAllStandardError();
    QVERIFY2(sweep.exitStatus() == QProcess::NormalExit && sweep.exitCode() == 0, err.constData());
    QVERIFY2(!err.contains("without a capture"), err.constData());
    QVERIFY2(seen.contains(QStringLiteral("root tcptune-helper")), qPrintable(seen.join(u", ")));
    QVERIFY2(rootButTheHelper(seen).isEmpty(), qPrintable(u"runs as root: "_s + rootButTheHelper(seen).join(u", ")));

    const QJsonObject table = QJsonDocument::fromJson(sweep.readAllStandardOutput()).object();
    const QJsonObject run = table.value(u"points"_s)[0][u"runs"_s][0].toObject();
    const double sent = run.value(u"sender_bytes"_s).toDouble();
    QVERIFY2(sent > 1e6, QJsonDocument(table).toJson().left(3000).constData());

    const QString pcap = u"%1/captures/run%2.pcap"_s.arg(dir).arg(run.value(u"id"_s).toInteger());
    QVERIFY2(QFileInfo::exists(pcap), qPrintable(pcap));
    QCOMPARE(QFileInfo(pcap).ownerId(), account->pw_uid);

    const CommandResult analyzed = runCommand(
        QStringLiteral("runuser"), asNonrootUser({tcptuneBinary(), QStringLiteral("analyze"), pcap, u"--json"_s}));
    QVERIFY2(analyzed.exitCode == 0, analyzed.err.constData());
    const QJsonObject analysis = QJsonDocument::fromJson(analyzed.out).object();
    const QByteArray shown = analyzed.out.left(3000);
    QVERIFY2(analysis.value(u"link_type"_s).toString() == u"EN10MB"_s, shown.constData()); // the lab's veth link
    QVERIFY2(analysis.value(u"malformed"_s).toInteger() == 0, shown.constData());
    qInfo("sent %.0f bytes; the capture: %s", sent, shown.constData());
    // The data flow: from the lab's client side to the agent's port, the most bytes of all.
    QJsonObject data;
    for (const QJsonValue &f : analysis.value(u"flows"_s).toArray()) {
        if (f[u"payload_c2s"_s].toDouble() > data.value(u"payload_c2s"_s).toDouble())
            data = f.toObject();
    }
    QVERIFY2(data.value(u"client"_s).toString().startsWith(u"198.18.1."_s), shown.constData());
    QVERIFY2(data.value(u"server"_s).toString().endsWith(u":5300"_s), shown.constData());
    // What the stream sent went over the link once, plus what was sent again (headers only were
    // kept: 128 bytes a packet, so the analysis counts payload from the IP headers' lengths).
    const double payload = data.value(u"payload_c2s"_s).toDouble();
    QVERIFY2(payload >= sent && payload <= sent * 1.05,
             qPrintable(u"payload %1, sent %2: %3"_s.arg(payload).arg(sent).arg(QString::fromUtf8(shown))));
}

void TestNonrootCapture::helperPassesOnlyPinnedLabLinks()
{
    const CommandResult up = runCommand(
        QStringLiteral("runuser"),
        asNonrootUser({tcptuneBinary(), QStringLiteral("lab"), QStringLiteral("up"), QStringLiteral("--name"),
                       QStringLiteral("t-nrc2"), QStringLiteral("--topology"), QStringLiteral("routed")}),
        120000);
    QVERIFY2(up.exitCode == 0, up.err.constData());

    // The client's lab link: passed, but pinned to it, its filter fixed.
    const CommandResult link = captureSocketAsUser(u"tcptune-t-nrc2-client"_s, u"tcpt-c0"_s);
    QVERIFY2(link.exitCode == 0, link.err.constData());
    QVERIFY2(link.out.startsWith("socket uid=") && !link.out.startsWith("socket uid=0 "), link.out.constData());
    QVERIFY2(link.out.contains(" rebound=0 detached=0 replaced=0"), link.out.constData());

    // Not a lab link, not a lab namespace, not in that namespace: refused, nothing passed.
    const struct {
        QString netns, interface;
        QByteArray says;
    } refused[] = {
        {u"tcptune-t-nrc2-client"_s, u"lo"_s, "must be one of the lab's links"},
        {QString(), u"lo"_s, "must name a lab namespace"},
        {u"tcptune-t-nrc2-server"_s, u"tcpt-c0"_s, "There is no interface tcpt-c0"},
        {u"tcptune-t-nrc9-client"_s, u"tcpt-c0"_s, "not a namespace of a lab that is up"},
    };
    for (const auto &r : refused) {
        const CommandResult asked = captureSocketAsUser(r.netns, r.interface);
        QVERIFY2(asked.exitCode == 1 && asked.out.isEmpty(), QByteArray(asked.out + asked.err).constData());
        QVERIFY2(asked.err.contains("refused: ") && asked.err.contains(r.says), asked.err.constData());
    }
}

void TestNonrootCapture::cleanupTestCase()
{
    grantToNonrootUser(QStringLiteral("polkit"), true);
    grantToNonrootUser(QStringLiteral("sudo"), true);
    // The fixture's namespaces vanish with it; take the labs down properly all the same.
    for (const char *lab : {"t-nrc1", "t-nrc2"})
        runCommand(tcptuneBinary(),
                   {QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), QLatin1String(lab)},
                   60000);
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc == 4 && qstrcmp(argv[1], "--capture-socket") == 0)
        return captureSocket(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    TestNonrootCapture test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_nonroot_capture.moc"
