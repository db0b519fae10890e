// knobDrift: a knob whose value at the end of a run is neither what it was before nor what the
// run set it to is flagged, on either end; knobs a snapshot lacks are not compared.

#include "experiment/knob_drift.h"

#include <QJsonObject>
#include <QTest>

using namespace tcptune;

class TestKnobDrift final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void flagsOnlyForeignChanges_data();
    void flagsOnlyForeignChanges();
    void nothingToCompare();
    void json();
};

void TestKnobDrift::flagsOnlyForeignChanges_data()
{
    QTest::addColumn<QString>("applied"); // the run's own value of tcp_autocorking, "" for none
    QTest::addColumn<QString>("after");
    QTest::addColumn<bool>("flagged");
    QTest::addRow("untouched, unchanged") << ""
                                          << "1" << false;
    QTest::addRow("untouched, changed by someone") << ""
                                                   << "0" << true;
    QTest::addRow("set by the run, still so") << "0"
                                              << "0" << false;
    QTest::addRow("set by the run, set back by someone") << "0"
                                                         << "1" << true;
}

void TestKnobDrift::flagsOnlyForeignChanges()
{
    QFETCH(QString, applied);
    QFETCH(QString, after);
    QFETCH(bool, flagged);
    const KnobSnapshot before{{"net.ipv4.tcp_autocorking", "1"}, {"net.ipv4.tcp_sack", "1"}};
    QMap<QString, QString> ran;
    if (!applied.isEmpty())
        ran.insert("net.ipv4.tcp_autocorking", applied);
    const KnobSnapshot end{{"net.ipv4.tcp_autocorking", after}, {"net.ipv4.tcp_sack", "1"}};
    const QList<KnobDrift> drift = knobDrift("remote", before, ran, end);
    QCOMPARE(drift.size(), flagged ? 1 : 0);
    if (flagged) {
        QCOMPARE(drift.front().end, QStringLiteral("remote"));
        QCOMPARE(drift.front().key, QStringLiteral("net.ipv4.tcp_autocorking"));
        QCOMPARE(drift.front().expected, applied.isEmpty() ? QStringLiteral("1") : applied);
        QCOMPARE(drift.front().after, after);
    }
}

void TestKnobDrift::nothingToCompare()
{
    const KnobSnapshot some{{"net.ipv4.tcp_autocorking", "1"}};
    QVERIFY(knobDrift("local", {}, {}, some).isEmpty()); // the snapshot before failed
    QVERIFY(knobDrift("local", some, {}, {}).isEmpty());
    // A knob the kernel had only at the end (or only at the start) is not a change by someone.
    QVERIFY(
        knobDrift("local", some, {}, {{"net.ipv4.tcp_autocorking", "1"}, {"net.ipv4.tcp_mtu_probing", "1"}}).isEmpty());
}

void TestKnobDrift::json()
{
    const QJsonArray a = knobDriftToJson({{"local", "net.ipv4.tcp_sack", "1", "0"}});
    QCOMPARE(a.size(), 1);
    const QJsonObject o = a.at(0).toObject();
    QCOMPARE(o.value("end").toString(), QStringLiteral("local"));
    QCOMPARE(o.value("key").toString(), QStringLiteral("net.ipv4.tcp_sack"));
    QCOMPARE(o.value("expected").toString(), QStringLiteral("1"));
    QCOMPARE(o.value("after").toString(), QStringLiteral("0"));
}

QTEST_GUILESS_MAIN(TestKnobDrift)
#include "tst_knob_drift.moc"
