// The tuner's "Make permanent" through the real tcptune-helper: it writes
// /etc/sysctl.d/90-tcptune-NAME.conf, which `sysctl -p` loads with the values asked for, lists and
// removes only its own files, and refuses bad names, keys, values, symbolic links and files it
// did not write. The helper runs in a mount namespace of its own whose /etc/sysctl.d is a scratch
// folder of this test, so the host's folder never changes (checked at the end).

#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <sys/stat.h>

using namespace tcptune::test;

namespace {

const QString kRmem = QStringLiteral("net.ipv4.tcp_rmem");
const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");

QJsonObject writeParams(const QString &name, const QJsonObject &sysctls, bool confirm = false)
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("sysctls"), sysctls}, {QStringLiteral("confirm"), confirm}};
}

QString errorOf(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("error")).toString();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestSysctlFiles final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void writtenFileLoadsWithSysctlP();
    void listsAndReplacesItsOwnFiles();
    void leavesOtherFilesAlone();
    void refusesBadRequests();
    void coreFeatureNeedsConfirmation();
    void removesItsFileAndSaysWhatItHeld();

private:
    QString scratchFile(const QString &name) const
    {
        return m_scratch.filePath(QStringLiteral("90-tcptune-%1.conf").arg(name));
    }

    QTemporaryDir m_scratch;
    QStringList m_hostFolderBefore;
    std::unique_ptr<HelperPipe> m_helper;
};

void TestSysctlFiles::initTestCase()
{
    QVERIFY2(runningAsRoot(), "needs root: the helper runs as root and the test mounts a scratch folder");
    QVERIFY(m_scratch.isValid());
    QVERIFY(QFileInfo(QStringLiteral("/etc/sysctl.d")).isDir());
    m_hostFolderBefore = QDir(QStringLiteral("/etc/sysctl.d")).entryList(QDir::AllEntries | QDir::System);
    // The helper sees the scratch folder as /etc/sysctl.d, in a mount namespace of its own.
    const QString script =
        QStringLiteral("mount --make-rprivate / && mount --bind \"$0\" /etc/sysctl.d && exec \"$@\"");
    m_helper = std::make_unique<HelperPipe>(
        QStringList{QStringLiteral("-m"), QStringLiteral("sh"), QStringLiteral("-c"), script, m_scratch.path(),
                    helperBinary(), QStringLiteral("--journal-dir"), testJournalDir(QStringLiteral("sysctl-files"))},
        QStringLiteral("unshare"));
    QVERIFY(m_helper->started());
    const QJsonObject hello = m_helper->call(QStringLiteral("hello"));
    QVERIFY2(hello.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(hello)));
    const QJsonArray capabilities =
        hello.value(QStringLiteral("result")).toObject().value(QStringLiteral("capabilities")).toArray();
    QVERIFY(capabilities.contains(QStringLiteral("sysctl_file_write")));
}

void TestSysctlFiles::cleanupTestCase()
{
    if (m_helper)
        QVERIFY(m_helper->closeAndWait());
    QDir(testJournalDir(QStringLiteral("sysctl-files"))).removeRecursively();
    // The host's own folder is as it was: nothing was written outside the scratch folder.
    QCOMPARE(QDir(QStringLiteral("/etc/sysctl.d")).entryList(QDir::AllEntries | QDir::System), m_hostFolderBefore);
}

void TestSysctlFiles::writtenFileLoadsWithSysctlP()
{
    const QJsonObject reply =
        m_helper->call(QStringLiteral("sysctl_file_write"),
                       writeParams(QStringLiteral("tst-load"),
                                   {{kRmem, QStringLiteral("4096 131072 8M")}, {kCork, QStringLiteral("0")}}));
    QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(reply)));
    const QJsonObject result = reply.value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("path")).toString(), QStringLiteral("/etc/sysctl.d/90-tcptune-tst-load.conf"));
    QCOMPARE(result.value(QStringLiteral("sysctls")).toObject().value(kRmem).toString(),
             QStringLiteral("4096 131072 8388608"));

    const QString file = scratchFile(QStringLiteral("tst-load"));
    const QByteArray content = readAll(file);
    QVERIFY(content.startsWith("# tcptune-sysctl-file tst-load\n"));
    QVERIFY(content.contains("\nnet.ipv4.tcp_rmem = 4096 131072 8388608\n"));
    QVERIFY(content.contains("\nnet.ipv4.tcp_autocorking = 0\n"));
    struct stat st {};
    QCOMPARE(::stat(QFile::encodeName(file).constData(), &st), 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0644)); // readable by all, as systemd-sysctl's files are

    // sysctl(8) itself is the oracle: it loads the file in a namespace of this test's.
    ScratchNamespace ns(QStringLiteral("sysfile"));
    QVERIFY2(ns.ok(), qPrintable(ns.error()));
    ns.exec({QStringLiteral("sysctl"), QStringLiteral("-q"), QStringLiteral("-p"), file});
    QCOMPARE(ns.exec({QStringLiteral("sysctl"), QStringLiteral("-n"), kRmem}).simplified(),
             QStringLiteral("4096 131072 8388608"));
    QCOMPARE(ns.exec({QStringLiteral("sysctl"), QStringLiteral("-n"), kCork}), QStringLiteral("0"));
}

void TestSysctlFiles::listsAndReplacesItsOwnFiles()
{
    const QJsonObject first = m_helper->call(QStringLiteral("sysctl_file_write"),
                                             writeParams(QStringLiteral("tst-list"), {{kCork, QStringLiteral("1")}}));
    QVERIFY2(first.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(first)));
    const QJsonObject again = m_helper->call(QStringLiteral("sysctl_file_write"),
                                             writeParams(QStringLiteral("tst-list"), {{kCork, QStringLiteral("0")}}));
    QVERIFY2(again.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(again)));
    QVERIFY(readAll(scratchFile(QStringLiteral("tst-list"))).contains("\nnet.ipv4.tcp_autocorking = 0\n"));

    const QJsonObject list = m_helper->call(QStringLiteral("sysctl_file_list"));
    QVERIFY2(list.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(list)));
    QStringList names;
    for (const QJsonValue &file :
         list.value(QStringLiteral("result")).toObject().value(QStringLiteral("files")).toArray())
        names.append(file.toObject().value(QStringLiteral("name")).toString());
    QVERIFY2(names.contains(QStringLiteral("tst-list")) && names.contains(QStringLiteral("tst-load")),
             qPrintable(names.join(QLatin1Char(' '))));
}

void TestSysctlFiles::leavesOtherFilesAlone()
{
    const QByteArray foreign = "net.ipv4.tcp_autocorking = 1\n";
    QFile f(scratchFile(QStringLiteral("foreign")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(foreign);
    f.close();
    QVERIFY(QFile::link(QStringLiteral("/etc/passwd"), scratchFile(QStringLiteral("linked"))));

    for (const QString &name : {QStringLiteral("foreign"), QStringLiteral("linked")}) {
        const QJsonObject write =
            m_helper->call(QStringLiteral("sysctl_file_write"), writeParams(name, {{kCork, QStringLiteral("0")}}));
        QVERIFY(!write.value(QStringLiteral("ok")).toBool());
        QVERIFY2(errorOf(write).contains(QStringLiteral("left alone")), qPrintable(errorOf(write)));
        const QJsonObject remove =
            m_helper->call(QStringLiteral("sysctl_file_remove"), {{QStringLiteral("name"), name}});
        QVERIFY(!remove.value(QStringLiteral("ok")).toBool());
    }
    QCOMPARE(readAll(scratchFile(QStringLiteral("foreign"))), foreign);
    QVERIFY(QFileInfo(scratchFile(QStringLiteral("linked"))).isSymLink());
    QVERIFY(readAll(QStringLiteral("/etc/passwd")).startsWith("root:"));
}

void TestSysctlFiles::refusesBadRequests()
{
    const QList<QPair<QJsonObject, QString>> cases = {
        {writeParams(QStringLiteral("../etc"), {{kCork, QStringLiteral("0")}}), QStringLiteral("not a name")},
        {writeParams(QStringLiteral("Upper"), {{kCork, QStringLiteral("0")}}), QStringLiteral("not a name")},
        {writeParams(QStringLiteral("ok"), {}), QStringLiteral("\"sysctls\"")},
        {writeParams(QStringLiteral("ok"), {{QStringLiteral("kernel.core_pattern"), QStringLiteral("|/bin/sh")}}),
         QStringLiteral("kernel.core_pattern")},
        {writeParams(QStringLiteral("ok"), {{kCork, QStringLiteral("2")}}), kCork},
        {writeParams(QStringLiteral("ok"), {{kRmem, QStringLiteral("1\n2 3")}}), kRmem},
        {writeParams(QStringLiteral("ok"), {{kCork, 0}}), QStringLiteral("must be a string")},
        {writeParams(QStringLiteral("ok"), {{QStringLiteral("link.lo.gso"), QStringLiteral("0")}}),
         QStringLiteral("not a sysctl")},
    };
    for (const auto &[params, expected] : cases) {
        const QJsonObject reply = m_helper->call(QStringLiteral("sysctl_file_write"), params);
        QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
        QVERIFY2(errorOf(reply).contains(expected), qPrintable(errorOf(reply) + QStringLiteral(" / ") + expected));
    }
    QVERIFY(!QFile::exists(scratchFile(QStringLiteral("ok"))));
}

void TestSysctlFiles::coreFeatureNeedsConfirmation()
{
    const QJsonObject sack{{QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("0")}};
    const QJsonObject refused =
        m_helper->call(QStringLiteral("sysctl_file_write"), writeParams(QStringLiteral("tst-sack"), sack));
    QVERIFY(!refused.value(QStringLiteral("ok")).toBool());
    QVERIFY2(errorOf(refused).contains(QStringLiteral("confirmation")), qPrintable(errorOf(refused)));
    QVERIFY(!QFile::exists(scratchFile(QStringLiteral("tst-sack"))));
    const QJsonObject confirmed =
        m_helper->call(QStringLiteral("sysctl_file_write"), writeParams(QStringLiteral("tst-sack"), sack, true));
    QVERIFY2(confirmed.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(confirmed)));
}

void TestSysctlFiles::removesItsFileAndSaysWhatItHeld()
{
    const QJsonObject remove =
        m_helper->call(QStringLiteral("sysctl_file_remove"), {{QStringLiteral("name"), QStringLiteral("tst-load")}});
    QVERIFY2(remove.value(QStringLiteral("ok")).toBool(), qPrintable(errorOf(remove)));
    QCOMPARE(remove.value(QStringLiteral("result"))
                 .toObject()
                 .value(QStringLiteral("sysctls"))
                 .toObject()
                 .value(kCork)
                 .toString(),
             QStringLiteral("0"));
    QVERIFY(!QFile::exists(scratchFile(QStringLiteral("tst-load"))));
    const QJsonObject again =
        m_helper->call(QStringLiteral("sysctl_file_remove"), {{QStringLiteral("name"), QStringLiteral("tst-load")}});
    QVERIFY(!again.value(QStringLiteral("ok")).toBool());
    QVERIFY2(errorOf(again).contains(QStringLiteral("no permanent setting")), qPrintable(errorOf(again)));
}

QTEST_GUILESS_MAIN(TestSysctlFiles)
#include "tst_sysctl_files.moc"
