// The run progress bar (issue 18, points 9, 3 and 16): it counts the plan's runs (a sample of
// run 3 of 4 never shows "run 1 of 1"), says how the plan ended in words and colour (a cancelled
// plan does not read "done" like a finished one), and is not shown before anything ran, so an
// empty bar never looks like a text field.

#include "panels/run_control_panel.h"

#include <QProgressBar>
#include <QTest>

using namespace tcptune;

class TestRunControlPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hiddenUntilSomethingRuns();
    void countsThePlansRuns();
    void endingsLookDifferent();
};

void TestRunControlPanel::hiddenUntilSomethingRuns()
{
    RunControlPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(!panel.progressBar()->isVisible());
    panel.setRunning(true);
    QVERIFY(panel.progressBar()->isVisible());
}

void TestRunControlPanel::countsThePlansRuns()
{
    RunControlPanel panel;
    panel.setRunning(true);
    panel.setPlanProgress(2, 4, 20);
    QVERIFY2(panel.progressText().startsWith(QStringLiteral("run 3 of 4")), qPrintable(panel.progressText()));
    // Samples of the run in progress move the bar within run 3, never back to "1 of 1".
    panel.setRunFraction(0.5, 10);
    QVERIFY2(panel.progressText().startsWith(QStringLiteral("run 3 of 4, 15 s left")),
             qPrintable(panel.progressText()));
    QCOMPARE(panel.progressBar()->value(), 625);
    panel.setRunFraction(0.9, 10);
    QVERIFY(panel.progressText().startsWith(QStringLiteral("run 3 of 4")));
    panel.setPlanProgress(3, 4, 10);
    QVERIFY(panel.progressText().startsWith(QStringLiteral("run 4 of 4")));
    QCOMPARE(panel.progressBar()->value(), 750);
}

void TestRunControlPanel::endingsLookDifferent()
{
    RunControlPanel panel;
    panel.setRunning(true);
    panel.setPlanProgress(1, 4, 30);
    panel.setOutcome(RunControlPanel::Outcome::Cancelled);
    const QString cancelled = panel.progressText();
    const QString cancelledStyle = panel.progressBar()->styleSheet();
    QVERIFY2(cancelled.contains(QStringLiteral("cancelled after 1 of 4")), qPrintable(cancelled));
    panel.setRunning(true);
    panel.setPlanProgress(4, 4, 0);
    panel.setOutcome(RunControlPanel::Outcome::Finished);
    QVERIFY2(panel.progressText().contains(QStringLiteral("finished")), qPrintable(panel.progressText()));
    QCOMPARE(panel.progressBar()->value(), 1000);
    QVERIFY(panel.progressBar()->styleSheet() != cancelledStyle);
    panel.setOutcome(RunControlPanel::Outcome::Failed);
    QVERIFY(panel.progressText().contains(QStringLiteral("failed")));
}

QTEST_MAIN(TestRunControlPanel)
#include "tst_run_control_panel.moc"
