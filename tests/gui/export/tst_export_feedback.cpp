// Exports confirm themselves (issue 18, point 13): the files written appear in the window's status
// bar with an "Open folder" button, and the next save dialog proposes that folder (per kind of
// export), not the working directory; a folder that no longer exists falls back to home.

#include "export/export_feedback.h"

#include <QDir>
#include <QMainWindow>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestExportFeedback final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void confirmsInTheStatusBarWithOpenFolder();
    void remembersTheFolderPerKind();
};

void TestExportFeedback::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TestExportFeedback::confirmsInTheStatusBarWithOpenFolder()
{
    QTemporaryDir dir;
    QMainWindow window;
    ExportFeedback feedback(&window); // as in the workbench: before the window is shown
    window.resize(900, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!feedback.openFolderButton()->isVisible());
    feedback.exported(QStringLiteral("report"),
                      {dir.filePath(QStringLiteral("r.md")), dir.filePath(QStringLiteral("r-throughput.svg"))});
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(QStringLiteral("r.md, r-throughput.svg")), qPrintable(message));
    QVERIFY2(message.contains(QDir::toNativeSeparators(dir.path())), qPrintable(message));
    QVERIFY(feedback.openFolderButton()->isVisible());
    QCOMPARE(feedback.lastFolder(), dir.path());
    // The button goes with its message.
    window.statusBar()->clearMessage();
    QVERIFY(!feedback.openFolderButton()->isVisible());
}

void TestExportFeedback::remembersTheFolderPerKind()
{
    QTemporaryDir reports;
    QTemporaryDir charts;
    QMainWindow window;
    ExportFeedback feedback(&window);
    feedback.exported(QStringLiteral("report"), {reports.filePath(QStringLiteral("a.html"))});
    feedback.exported(QStringLiteral("chart"), {charts.filePath(QStringLiteral("c.png"))});
    QCOMPARE(ExportFeedback::folderFor(QStringLiteral("report")), reports.path());
    QCOMPARE(ExportFeedback::proposal(QStringLiteral("chart"), QStringLiteral("x.png")),
             QDir(charts.path()).filePath(QStringLiteral("x.png")));
    // Nothing remembered, or the folder is gone: home, never the working directory.
    QCOMPARE(ExportFeedback::folderFor(QStringLiteral("never-used")), QDir::homePath());
    const QString gone = charts.path();
    charts.remove();
    QCOMPARE(ExportFeedback::folderFor(QStringLiteral("chart")), QDir::homePath());
    QVERIFY(gone != QDir::homePath());
}

QTEST_MAIN(TestExportFeedback)
#include "tst_export_feedback.moc"
