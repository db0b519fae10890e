// The menu entry, the AppStream metadata and the icons that `cmake --install` ships: the
// validators Debian and software centres use accept them, the metadata's newest release is this
// version, and the PNG icons have their sizes.

#include "command_runner.h"
#include "test_paths.h"

#include <QImage>
#include <QTest>

using namespace tcptune::test;

class TestDesktopMetadata final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validatorsAccept_data();
    void validatorsAccept();
    void newestReleaseIsThisVersion();
    void pngIconsHaveTheirSize_data();
    void pngIconsHaveTheirSize();
};

void TestDesktopMetadata::validatorsAccept_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    const QString resources = sourcePath(QStringLiteral("resources/"));
    QTest::addRow("appstreamcli validate")
        << QStringLiteral("appstreamcli")
        << QStringList{QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--pedantic"),
                       resources + QStringLiteral("org.tcptune.tcptune.metainfo.xml")};
    QTest::addRow("desktop-file-validate") << QStringLiteral("desktop-file-validate")
                                           << QStringList{resources + QStringLiteral("org.tcptune.tcptune.desktop")};
}

void TestDesktopMetadata::validatorsAccept()
{
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    const CommandResult r = runCommand(program, args);
    QVERIFY2(r.exitCode == 0, QByteArray(r.out + r.err).constData());
    QVERIFY2(!r.out.contains("W:") && !r.out.contains("E:") && !r.err.contains("warning"),
             QByteArray(r.out + r.err).constData());
}

void TestDesktopMetadata::newestReleaseIsThisVersion()
{
    QFile file(sourcePath(QStringLiteral("resources/org.tcptune.tcptune.metainfo.xml")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray xml = file.readAll();
    const qsizetype first = xml.indexOf("<release ");
    QVERIFY(first > 0);
    QVERIFY2(xml.mid(first, 64).contains("version=\"" TCPTUNE_VERSION_TEXT "\""), xml.mid(first, 64).constData());
}

void TestDesktopMetadata::pngIconsHaveTheirSize_data()
{
    QTest::addColumn<int>("size");
    QTest::addRow("48 px") << 48;
    QTest::addRow("128 px") << 128;
}

void TestDesktopMetadata::pngIconsHaveTheirSize()
{
    QFETCH(int, size);
    const QImage icon(tcptune::test::buildPath(QStringLiteral("share/icons/hicolor/%1x%1/apps/tcptune.png").arg(size)));
    QCOMPARE(icon.size(), QSize(size, size));
    // Drawn, not blank: near the top centre is the dark blue background of the SVG.
    QCOMPARE(icon.pixelColor(size / 2, size / 8), QColor(QStringLiteral("#1f4e79")));
}

QTEST_GUILESS_MAIN(TestDesktopMetadata)
#include "tst_desktop_metadata.moc"
