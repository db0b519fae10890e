// The verdict under the charts: the latest Ok run's verdict with its label, one limiter bar per
// run of the session, nothing for a failed run, and the hint again after clear().

#include "charts/limiter_chart.h"
#include "diagnosis/verdict_panel.h"

#include <QTest>

using namespace tcptune;

namespace {

RunRecord okRun(const QString &verdict, double sndbufLimited)
{
    RunRecord r;
    r.status = RunStatus::Ok;
    r.verdict = verdict;
    r.limiters.busy = 1;
    r.limiters.rwndLimited = 0;
    r.limiters.sndbufLimited = sndbufLimited;
    r.limiters.cwndLimited = 0;
    r.limiters.applicationLimited = 0.5;
    return r;
}

} // namespace

class TestVerdictPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsEachRunsVerdictAndBar();
};

void TestVerdictPanel::showsEachRunsVerdictAndBar()
{
    VerdictPanel panel;
    panel.resize(800, 200);
    panel.show();
    const QString hint = panel.verdictText();
    QVERIFY(hint.contains(QStringLiteral("After each run")));
    QVERIFY(panel.limiterChart()->isHidden());

    panel.addRun(QStringLiteral("64 KiB"),
                 okRun(QStringLiteral("Sender limited by its send buffer 78 % of the time."), 0.78));
    QCOMPARE(panel.verdictText(), QStringLiteral("64 KiB: Sender limited by its send buffer 78 % of the time."));
    QVERIFY(!panel.limiterChart()->isHidden());
    panel.addRun(QStringLiteral("1 MiB"), okRun(QString(), 0.1));
    QCOMPARE(panel.verdictText(), QStringLiteral("1 MiB: no verdict (nothing was measured at the ends)."));
    QCOMPARE(panel.limiterChart()->bars().size(), 2);
    QCOMPARE(panel.limiterChart()->partPercent(0, 1), 78.0); // the send-buffer part of the first bar

    RunRecord failed = okRun(QStringLiteral("never shown"), 0.9);
    failed.status = RunStatus::Failed;
    panel.addRun(QStringLiteral("2 MiB"), failed);
    QCOMPARE(panel.limiterChart()->bars().size(), 2);
    QVERIFY(!panel.verdictText().contains(QStringLiteral("never shown")));

    panel.clear();
    QCOMPARE(panel.verdictText(), hint);
    QVERIFY(panel.limiterChart()->bars().isEmpty());
}

QTEST_MAIN(TestVerdictPanel)
#include "tst_verdict_panel.moc"
