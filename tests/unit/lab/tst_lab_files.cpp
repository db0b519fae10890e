// Lab records and the qdisc cache go to private folders below /run/tcptune: writing one leaves
// its folder 0700 and never opens /run/tcptune to others (older versions made both 0755). Needs
// root (the folders are root's).

#include "lab/lab_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace tcptune;

namespace {

constexpr auto kOwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                            QFileDevice::ReadUser | QFileDevice::WriteUser | QFileDevice::ExeUser;

bool ownerOnly(const QString &path)
{
    return QFileInfo(path).isDir() && (QFile::permissions(path) & ~kOwnerOnly) == 0;
}

bool exactly0700(const QString &path)
{
    return ownerOnly(path) && (QFile::permissions(path) & QFileDevice::ExeOwner) &&
           (QFile::permissions(path) & QFileDevice::WriteOwner) && (QFile::permissions(path) & QFileDevice::ReadOwner);
}

} // namespace

class TestLabFiles final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void recordsLiveInPrivateFolders();
    void writingNeverWidensAFolder();
    void refusesFoldersOutsideRunTcptune();

private:
    QString m_dir;
};

void TestLabFiles::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("the lab's records live in /run/tcptune, which needs root");
    m_dir = labfiles::runDirectory() + QStringLiteral("/test-labfiles-%1").arg(::getpid());
}

void TestLabFiles::cleanupTestCase()
{
    if (!m_dir.isEmpty())
        QDir(m_dir).removeRecursively();
}

void TestLabFiles::recordsLiveInPrivateFolders()
{
    QCOMPARE(labfiles::labsDirectory(), QStringLiteral("/run/tcptune/labs"));
    QVERIFY(labfiles::cacheDirectory().startsWith(labfiles::runDirectory() + QLatin1Char('/')));
    QVERIFY(labfiles::cacheDirectory() != labfiles::runDirectory());
    const QString path = m_dir + QStringLiteral("/labs/t-files.json");
    QVERIFY(labfiles::writeRecord(path, "{\"complete\":true}\n").has_value());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("{\"complete\":true}\n"));
    QVERIFY(exactly0700(m_dir));
    QVERIFY(exactly0700(m_dir + QStringLiteral("/labs")));
    QVERIFY(ownerOnly(labfiles::runDirectory()));
}

void TestLabFiles::writingNeverWidensAFolder()
{
    const QString folder = m_dir + QStringLiteral("/cache");
    QVERIFY(labfiles::ensureFolder(folder).has_value());
    QVERIFY(::chmod(QFile::encodeName(folder).constData(), 0700) == 0);
    for (int i = 0; i < 2; ++i)
        QVERIFY(labfiles::writeRecord(folder + QStringLiteral("/qdiscs.json"), "{}\n").has_value());
    QVERIFY(exactly0700(folder));
    QVERIFY(ownerOnly(labfiles::runDirectory()));
}

void TestLabFiles::refusesFoldersOutsideRunTcptune()
{
    auto written = labfiles::writeRecord(QStringLiteral("/tmp/tcptune-labfiles-test/x.json"), "{}");
    QVERIFY(!written.has_value());
    QVERIFY(!QFile::exists(QStringLiteral("/tmp/tcptune-labfiles-test")));
}

QTEST_GUILESS_MAIN(TestLabFiles)
#include "tst_lab_files.moc"
