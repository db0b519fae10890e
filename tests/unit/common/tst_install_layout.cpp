// tcptune finds its helper, presets and translations relative to its own executable: in the
// build tree (this test runs from build/tests) and in an installed tree (a prefix made here with
// the GNUInstallDirs layout that `cmake --install` and the package use).

#include "common/install_layout.h"
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestInstallLayout final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void buildTreeHelperIsTheBuiltOne();
    void buildTreeHasPresetsAndTranslations();
    void installedTreeUsesLibexecAndShare();
    void installedHelperWinsOverOneBesideTheProgram();
    void emptyTreeNamesTheInstalledPlaces();

private:
    // A fake prefix: PREFIX/bin, and PREFIX/libexec/tcptune/tcptune-helper when HELPER.
    static QString makePrefix(const QTemporaryDir &dir, bool helper, bool data);
    static void touchExecutable(const QString &path);
};

void TestInstallLayout::touchExecutable(const QString &path)
{
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
}

QString TestInstallLayout::makePrefix(const QTemporaryDir &dir, bool helper, bool data)
{
    const QString prefix = dir.path() + QStringLiteral("/usr");
    QDir().mkpath(prefix + QStringLiteral("/" TCPTUNE_TEST_BINDIR));
    if (helper)
        touchExecutable(prefix + QStringLiteral("/" TCPTUNE_TEST_HELPER_DIR "/tcptune-helper"));
    if (data)
        QDir().mkpath(prefix + QStringLiteral("/" TCPTUNE_TEST_DATA_DIR "/presets"));
    return prefix;
}

void TestInstallLayout::buildTreeHelperIsTheBuiltOne()
{
    QCOMPARE(installlayout::helperExecutable(), tcptune::test::binPath(QStringLiteral("tcptune-helper")));
    // The build tree's program itself (build/bin) finds the helper beside it.
    QCOMPARE(installlayout::helperExecutable(tcptune::test::binPath()),
             tcptune::test::binPath(QStringLiteral("tcptune-helper")));
}

void TestInstallLayout::buildTreeHasPresetsAndTranslations()
{
    QVERIFY2(QFile::exists(installlayout::presetDir() + QStringLiteral("/story5-send-window.json")),
             qPrintable(installlayout::presetDir()));
    QVERIFY2(QFile::exists(installlayout::translationDir() + QStringLiteral("/tcptune_de.qm")),
             qPrintable(installlayout::translationDir()));
    QCOMPARE(installlayout::dataDir(tcptune::test::binPath()), installlayout::dataDir());
}

void TestInstallLayout::installedTreeUsesLibexecAndShare()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString prefix = makePrefix(dir, true, true);
    const QString bin = prefix + QStringLiteral("/" TCPTUNE_TEST_BINDIR);
    QCOMPARE(installlayout::helperExecutable(bin),
             prefix + QStringLiteral("/" TCPTUNE_TEST_HELPER_DIR "/tcptune-helper"));
    QCOMPARE(installlayout::presetDir(bin), prefix + QStringLiteral("/" TCPTUNE_TEST_DATA_DIR "/presets"));
    QCOMPARE(installlayout::translationDir(bin), prefix + QStringLiteral("/" TCPTUNE_TEST_DATA_DIR "/translations"));
}

void TestInstallLayout::installedHelperWinsOverOneBesideTheProgram()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString prefix = makePrefix(dir, true, false);
    const QString bin = prefix + QStringLiteral("/" TCPTUNE_TEST_BINDIR);
    touchExecutable(bin + QStringLiteral("/tcptune-helper"));
    QCOMPARE(installlayout::helperExecutable(bin),
             prefix + QStringLiteral("/" TCPTUNE_TEST_HELPER_DIR "/tcptune-helper"));
}

void TestInstallLayout::emptyTreeNamesTheInstalledPlaces()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString prefix = makePrefix(dir, false, false);
    const QString bin = prefix + QStringLiteral("/" TCPTUNE_TEST_BINDIR);
    QCOMPARE(installlayout::helperExecutable(bin),
             prefix + QStringLiteral("/" TCPTUNE_TEST_HELPER_DIR "/tcptune-helper"));
    QCOMPARE(installlayout::dataDir(bin), prefix + QStringLiteral("/" TCPTUNE_TEST_DATA_DIR));
    QCOMPARE(installlayout::helperCandidates(bin).size(), 3);
}

QTEST_GUILESS_MAIN(TestInstallLayout)
#include "tst_install_layout.moc"
