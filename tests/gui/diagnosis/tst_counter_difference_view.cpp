// The A/B view's counters: both verdicts, what the pair says about autocorking, and the MIB
// counters that differ end by end, the one only a single run touched first.

#include "diagnosis/counter_difference_view.h"

#include <QTableWidget>
#include <QTest>

using namespace tcptune;

namespace {

RunRecord arm(const QString &autocorking, qint64 corked, qint64 outSegs)
{
    RunRecord r;
    r.status = RunStatus::Ok;
    r.settings.insert(QStringLiteral("net.ipv4.tcp_autocorking"), autocorking);
    EndRecord local;
    local.end = RunEnd::Local;
    local.sender = true;
    local.countersRead = true;
    local.counterDeltas.insert(QStringLiteral("TcpOutSegs"), outSegs);
    if (corked > 0)
        local.counterDeltas.insert(QStringLiteral("TcpExtTCPAutoCorking"), corked);
    EndRecord router;
    router.end = RunEnd::Router;
    router.countersRead = true;
    router.counterDeltas.insert(QStringLiteral("IpForwDatagrams"), outSegs);
    r.ends = {local, router};
    return r;
}

} // namespace

class TestCounterDifferenceView final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void listsDifferencesBiggestFirst();
    void saysAutocorkingNeverEngaged();
};

void TestCounterDifferenceView::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestCounterDifferenceView::listsDifferencesBiggestFirst()
{
    CounterDifferenceView view;
    view.show();
    RunRecord a = arm(QStringLiteral("1"), 41223, 100000);
    a.verdict = QStringLiteral("Autocorking held writes back 41,223 times.");
    const RunRecord b = arm(QStringLiteral("0"), 0, 120000);
    view.setRuns(QStringLiteral("run 1"), a, QStringLiteral("run 2"), b);
    const QTableWidget *t = view.table();
    QCOMPARE(t->rowCount(), 3);
    QCOMPARE(t->item(0, 1)->text(), QStringLiteral("TcpExtTCPAutoCorking"));
    QCOMPARE(t->item(0, 2)->text(), QStringLiteral("41,223"));
    QCOMPARE(t->item(0, 3)->text(), QStringLiteral("0"));
    QCOMPARE(t->item(0, 1)->toolTip(), QStringLiteral("TcpExtTCPAutoCorking 41,223 vs 0"));
    QStringList ends;
    for (int row = 0; row < t->rowCount(); ++row)
        ends << t->item(row, 0)->text();
    QVERIFY(ends.contains(QStringLiteral("router")));
    const QString summary = view.summaryText();
    QVERIFY2(summary.contains(QStringLiteral("A (run 1): Autocorking held writes back 41,223 times.")),
             qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("B (run 2): no verdict")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("41,223 times with it on (A) and 0 times with it off (B)")),
             qPrintable(summary));

    view.clear();
    QCOMPARE(t->rowCount(), 0);
}

void TestCounterDifferenceView::saysAutocorkingNeverEngaged()
{
    CounterDifferenceView view;
    view.setRuns(QStringLiteral("A"), arm(QStringLiteral("1"), 0, 5000), QStringLiteral("B"),
                 arm(QStringLiteral("0"), 0, 5000));
    QCOMPARE(view.table()->rowCount(), 0);
    QVERIFY(view.summaryText().contains(QStringLiteral("Autocorking never engaged in this set-up")));
    QVERIFY(view.summaryText().contains(QStringLiteral("No kernel counter differs")));
}

QTEST_MAIN(TestCounterDifferenceView)
#include "tst_counter_difference_view.moc"
