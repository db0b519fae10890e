// Private folders (what /run/tcptune and its subfolders are made with), in a temporary folder:
// every level created 0700 whatever the umask, a readable level narrowed, a level others can
// write, a symbolic link or a file refused, "..", never a mode widened.

#include "common/private_directory.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace tcptune;

namespace {

int modeOf(const QString &path)
{
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

bool chmodTo(const QString &path, int mode)
{
    return ::chmod(QFile::encodeName(path).constData(), mode_t(mode)) == 0;
}

} // namespace

class TestPrivateDirectory final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createsEveryLevel0700WhateverTheUmask();
    void narrowsAReadableLevel();
    void neverWidens();
    void refusesLevelsOthersCanWrite_data();
    void refusesLevelsOthersCanWrite();
    void refusesSymlinksAndFiles();
    void refusesDotDot();
};

void TestPrivateDirectory::createsEveryLevel0700WhateverTheUmask()
{
    QTemporaryDir tmp;
    const mode_t old = ::umask(0);
    auto made = PrivateDirectory::ensure(tmp.path() + QStringLiteral("/run"), QStringLiteral("labs/cache"));
    ::umask(old);
    QVERIFY2(made.has_value(), made ? "" : qPrintable(made.error().message));
    QCOMPARE(*made, tmp.path() + QStringLiteral("/run/labs/cache"));
    for (const char *level : {"/run", "/run/labs", "/run/labs/cache"})
        QCOMPARE(modeOf(tmp.path() + QLatin1String(level)), 0700);
}

void TestPrivateDirectory::narrowsAReadableLevel()
{
    // What older versions left behind: /run/tcptune 0755.
    QTemporaryDir tmp;
    const QString root = tmp.path() + QStringLiteral("/run");
    QVERIFY(QDir().mkpath(root + QStringLiteral("/labs")));
    QVERIFY(chmodTo(root, 0755));
    QVERIFY(chmodTo(root + QStringLiteral("/labs"), 0755));
    QVERIFY(PrivateDirectory::ensure(root, QStringLiteral("labs")).has_value());
    QCOMPARE(modeOf(root), 0700);
    QCOMPARE(modeOf(root + QStringLiteral("/labs")), 0700);
}

void TestPrivateDirectory::neverWidens()
{
    QTemporaryDir tmp;
    const QString root = tmp.path() + QStringLiteral("/run");
    QVERIFY(QDir().mkpath(root));
    QVERIFY(chmodTo(root, 0500));
    QVERIFY(PrivateDirectory::ensure(root).has_value());
    QCOMPARE(modeOf(root), 0500);
    QVERIFY(chmodTo(root, 0700));
}

void TestPrivateDirectory::refusesLevelsOthersCanWrite_data()
{
    QTest::addColumn<int>("mode");
    QTest::addRow("0777") << 0777;
    QTest::addRow("0720") << 0720;
    QTest::addRow("0702") << 0702;
    QTest::addRow("1777") << 01777;
}

void TestPrivateDirectory::refusesLevelsOthersCanWrite()
{
    QFETCH(int, mode);
    QTemporaryDir tmp;
    const QString root = tmp.path() + QStringLiteral("/run");
    QVERIFY(QDir().mkpath(root + QStringLiteral("/journals")));
    QVERIFY(chmodTo(root + QStringLiteral("/journals"), mode));
    auto made = PrivateDirectory::ensure(root, QStringLiteral("journals/below"));
    QVERIFY(!made.has_value());
    QVERIFY2(made.error().message.contains(QLatin1String("writable by other users")), qPrintable(made.error().message));
    QVERIFY(!QFile::exists(root + QStringLiteral("/journals/below")));
    QCOMPARE(modeOf(root + QStringLiteral("/journals")), mode); // left as it was, for someone to look at
}

void TestPrivateDirectory::refusesSymlinksAndFiles()
{
    QTemporaryDir tmp;
    const QString root = tmp.path() + QStringLiteral("/run");
    QVERIFY(QDir().mkpath(root));
    QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/elsewhere")));
    QVERIFY(QFile::link(tmp.path() + QStringLiteral("/elsewhere"), root + QStringLiteral("/labs")));
    auto linked = PrivateDirectory::ensure(root, QStringLiteral("labs"));
    QVERIFY(!linked.has_value());
    QVERIFY2(linked.error().message.contains(QLatin1String("symbolic link")), qPrintable(linked.error().message));
    QFile file(root + QStringLiteral("/cache"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(!PrivateDirectory::ensure(root, QStringLiteral("cache")).has_value());
}

void TestPrivateDirectory::refusesDotDot()
{
    QTemporaryDir tmp;
    auto made = PrivateDirectory::ensure(tmp.path() + QStringLiteral("/run"), QStringLiteral("labs/../../etc"));
    QVERIFY(!made.has_value());
    QVERIFY(!QFile::exists(tmp.path() + QStringLiteral("/run")));
}

QTEST_GUILESS_MAIN(TestPrivateDirectory)
#include "tst_private_directory.moc"
