// The tuner's answer as files for one end: a sysctl.d file (exact text), a tuned profile read
// back as INI, a shell script's lines, socket options, and an end without changes.

#include "experiment/tune/tune_exports.h"

#include <QMap>
#include <QTest>

using namespace tcptune;

namespace {

TuneChange change(const char *knob, const char *from, const char *to, Finding::Rule rule)
{
    TuneChange c;
    c.knob = QLatin1StringView(knob);
    c.from = QLatin1StringView(from);
    c.to = QLatin1StringView(to);
    c.rule = rule;
    return c;
}

TuneAnswer answer()
{
    TuneAnswer a;
    a.changes = {change("remote:net.ipv4.tcp_rmem", "", "4096 131072 8388608", Finding::Rule::ReceiverWindow),
                 change("socket.SO_RCVBUF", "", "4194304", Finding::Rule::ReceiverWindow),
                 change("net.ipv4.tcp_congestion_control", "cubic", "bbr", Finding::Rule::Queue),
                 change("net.ipv4.tcp_notsent_lowat", "", "131072", Finding::Rule::Queue)};
    return a;
}

// section -> key -> value of an INI text ('#' comments).
QMap<QString, QMap<QString, QString>> ini(const QByteArray &text)
{
    QMap<QString, QMap<QString, QString>> sections;
    QString section;
    for (const QString &raw : QString::fromUtf8(text).split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('[')) && line.endsWith(QLatin1Char(']'))) {
            section = line.mid(1, line.size() - 2);
            sections[section];
            continue;
        }
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            sections[section].insert(line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return sections;
}

} // namespace

class TestTuneExports final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sysctlD();
    void tunedProfile();
    void shellScript();
    void socketOptions();
    void endWithoutChanges();
    void linkKnobs();
};

void TestTuneExports::sysctlD()
{
    QCOMPARE(tuneExport(answer(), RunEnd::Remote, TuneExportFormat::SysctlD, QStringLiteral("story 2")),
             QByteArray("# story 2: what tcptune tune recommends for the far host.\n"
                        "# net.ipv4.tcp_rmem: unset -> 4096 131072 8388608 (receiver-window)\n"
                        "net.ipv4.tcp_rmem = 4096 131072 8388608\n"));
    QCOMPARE(tuneExport(answer(), RunEnd::Local, TuneExportFormat::SysctlD, QStringLiteral("story 2")),
             QByteArray("# story 2: what tcptune tune recommends for this host.\n"
                        "# net.ipv4.tcp_congestion_control: cubic -> bbr (queue)\n"
                        "# net.ipv4.tcp_notsent_lowat: unset -> 131072 (queue)\n"
                        "net.ipv4.tcp_congestion_control = bbr\n"
                        "net.ipv4.tcp_notsent_lowat = 131072\n"));
    QCOMPARE(tuneExportFormatName(TuneExportFormat::SysctlD), QStringLiteral("sysctl.d"));
}

void TestTuneExports::tunedProfile()
{
    const QByteArray text = tuneExport(answer(), RunEnd::Local, TuneExportFormat::Tuned, QStringLiteral("lab\nrun"));
    const auto sections = ini(text);
    QCOMPARE(sections.value(QStringLiteral("main")).value(QStringLiteral("summary")),
             QStringLiteral("lab run (tcptune tune)"));
    QCOMPARE(sections.value(QStringLiteral("sysctl")).value(QStringLiteral("net.ipv4.tcp_congestion_control")),
             QStringLiteral("bbr"));
    QCOMPARE(sections.value(QStringLiteral("sysctl")).size(), 2);
    QVERIFY(!sections.contains(QStringLiteral("net")));
    const auto remote = ini(tuneExport(answer(), RunEnd::Remote, TuneExportFormat::Tuned, QStringLiteral("x")));
    QCOMPARE(remote.value(QStringLiteral("sysctl")).value(QStringLiteral("net.ipv4.tcp_rmem")),
             QStringLiteral("4096 131072 8388608"));
}

void TestTuneExports::shellScript()
{
    const QStringList lines =
        QString::fromUtf8(tuneExport(answer(), RunEnd::Local, TuneExportFormat::Shell, QStringLiteral("x")))
            .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.constFirst(), QStringLiteral("#!/bin/sh"));
    QVERIFY(lines.contains(QStringLiteral("set -e")));
    QCOMPARE(lines.at(lines.size() - 2), QStringLiteral("sysctl -w 'net.ipv4.tcp_congestion_control=bbr'"));
    QCOMPARE(lines.constLast(), QStringLiteral("sysctl -w 'net.ipv4.tcp_notsent_lowat=131072'"));
    const QByteArray remote = tuneExport(answer(), RunEnd::Remote, TuneExportFormat::Shell, QStringLiteral("x"));
    QVERIFY(remote.contains("sysctl -w 'net.ipv4.tcp_rmem=4096 131072 8388608'\n"));
}

void TestTuneExports::socketOptions()
{
    QCOMPARE(tuneExport(answer(), RunEnd::Local, TuneExportFormat::SocketOptions, QStringLiteral("x")),
             QByteArray("# x: what tcptune tune recommends for this host.\n"
                        "# socket.SO_RCVBUF: unset -> 4194304 (receiver-window)\n"
                        "setsockopt(fd, SOL_SOCKET, SO_RCVBUF, 4194304)\n"));
}

void TestTuneExports::endWithoutChanges()
{
    for (TuneExportFormat format : {TuneExportFormat::SysctlD, TuneExportFormat::Tuned, TuneExportFormat::Shell,
                                    TuneExportFormat::SocketOptions}) {
        const QByteArray text = tuneExport(TuneAnswer(), RunEnd::Local, format, QStringLiteral("x"));
        QVERIFY(text.contains("# No change is recommended at this end: this file sets nothing.\n"));
        QVERIFY(!text.contains("sysctl -w") && !text.contains("setsockopt") && !text.contains("[sysctl]"));
    }
    const QByteArray remoteSocket =
        tuneExport(answer(), RunEnd::Remote, TuneExportFormat::SocketOptions, QStringLiteral("x"));
    QVERIFY(!remoteSocket.contains("setsockopt"));
}

void TestTuneExports::linkKnobs()
{
    TuneAnswer a;
    a.changes = {change("link.eth0.gso", "1", "0", Finding::Rule::DeviceQueue),
                 change("link.eth0.txqueuelen", "1000", "100", Finding::Rule::DeviceQueue)};
    const auto sections = ini(tuneExport(a, RunEnd::Local, TuneExportFormat::Tuned, QStringLiteral("x")));
    QCOMPARE(sections.value(QStringLiteral("net")).value(QStringLiteral("devices")), QStringLiteral("eth0"));
    QCOMPARE(sections.value(QStringLiteral("net")).value(QStringLiteral("features")), QStringLiteral("gso off"));
    QCOMPARE(sections.value(QStringLiteral("net")).value(QStringLiteral("txqueuelen")), QStringLiteral("100"));
    const QByteArray shell = tuneExport(a, RunEnd::Local, TuneExportFormat::Shell, QStringLiteral("x"));
    QVERIFY(shell.contains("ethtool -K eth0 gso off\n"));
    QVERIFY(shell.contains("ip link set dev eth0 txqueuelen 100\n"));
}

QTEST_GUILESS_MAIN(TestTuneExports)
#include "tst_tune_exports.moc"
