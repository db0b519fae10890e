// A lab left behind by a crash (its namespace without a record) is reported in the banner when
// the workbench starts, with a button that removes it through the helper.

#include "lab/lab_manager.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "scratch_namespace.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace tcptune;

class TestLeftoverLab final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void offersRemoval();
};

void TestLeftoverLab::offersRemoval()
{
    if (!test::runningAsRoot())
        QSKIP("needs root: makes a network namespace");
    QStandardPaths::setTestModeEnabled(true);
    // What a crash leaves: the lab's client namespace, no record.
    test::ScratchNamespace leftover(QStringLiteral("gui3-client"));
    QVERIFY2(leftover.ok(), qPrintable(leftover.error()));

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    MessageBanner *banner = window.banner();
    QTRY_VERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(QStringLiteral("t-gui3")), qPrintable(banner->text()));
    QCOMPARE(banner->level(), MessageBanner::Level::Warning);
    QVERIFY(banner->actionButton()->isVisible());

    // Removing removes every left-over lab: only do it when ours is the only one on the machine.
    const QList<LabStatus> leftovers = detectLeftoverLabs();
    if (leftovers.size() != 1)
        QSKIP("other left-over labs exist on this machine; not removing them");
    QTest::mouseClick(banner->actionButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(banner->text().contains(QStringLiteral("removed")), 60000);
    QCOMPARE(banner->level(), MessageBanner::Level::Info);
    QVERIFY(detectLeftoverLabs().isEmpty());
}

QTEST_MAIN(TestLeftoverLab)
#include "tst_leftover_lab.moc"
