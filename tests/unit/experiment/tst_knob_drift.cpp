// knobDrift: a knob whose value at the end of a run is neither what it was before nor what the
// run set it to is flagged, on every end (several far ends each by name); knobs a snapshot lacks
// are not compared; the verdict's sentence names each knob and its end.

#include "experiment/diagnosis/knob_drift.h"

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
    void namesTheFarEndOfSeveral();
    void summaryNamesEachEnd();
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
    const KnobSnapshot before{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")},
                              {QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1")}};
    QMap<QString, QString> ran;
    if (!applied.isEmpty())
        ran.insert(QStringLiteral("net.ipv4.tcp_autocorking"), applied);
    const KnobSnapshot end{{QStringLiteral("net.ipv4.tcp_autocorking"), after},
                           {QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1")}};
    const QList<KnobDrift> drift = knobDrift(QStringLiteral("remote"), before, ran, end);
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
    const KnobSnapshot some{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}};
    QVERIFY(knobDrift(QStringLiteral("local"), {}, {}, some).isEmpty()); // the snapshot before failed
    QVERIFY(knobDrift(QStringLiteral("local"), some, {}, {}).isEmpty());
    // A knob the kernel had only at the end (or only at the start) is not a change by someone.
    QVERIFY(knobDrift(QStringLiteral("local"), some, {},
                      {{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")},
                       {QStringLiteral("net.ipv4.tcp_mtu_probing"), QStringLiteral("1")}})
                .isEmpty());
}

void TestKnobDrift::json()
{
    const QJsonArray a = knobDriftToJson(
        {{QStringLiteral("local"), QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1"), QStringLiteral("0")}});
    QCOMPARE(a.size(), 1);
    const QJsonObject o = a.at(0).toObject();
    QCOMPARE(o.value(QStringLiteral("end")).toString(), QStringLiteral("local"));
    QCOMPARE(o.value(QStringLiteral("key")).toString(), QStringLiteral("net.ipv4.tcp_sack"));
    QCOMPARE(o.value(QStringLiteral("expected")).toString(), QStringLiteral("1"));
    QCOMPARE(o.value(QStringLiteral("after")).toString(), QStringLiteral("0"));
}

// Of several far ends, each end's drift carries its target, in JSON and back.
void TestKnobDrift::namesTheFarEndOfSeveral()
{
    const KnobSnapshot before{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}};
    const KnobSnapshot after{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("1")}};
    const QMap<QString, QString> ran{{QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0")}};
    const QList<KnobDrift> drift =
        knobDrift(QStringLiteral("remote"), before, ran, after, QStringLiteral("ssh://b:2223"));
    QCOMPARE(drift.size(), 1);
    QCOMPARE(drift.front().target, QStringLiteral("ssh://b:2223"));
    const QJsonArray json = knobDriftToJson(drift);
    QCOMPARE(json.at(0).toObject().value(QStringLiteral("target")).toString(), QStringLiteral("ssh://b:2223"));
    QVERIFY(!knobDriftToJson({{QStringLiteral("local"), QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1"),
                               QStringLiteral("0")}})
                 .at(0)
                 .toObject()
                 .contains(QStringLiteral("target")));
    const QList<KnobDrift> back = knobDriftFromJson(json);
    QCOMPARE(back.size(), 1);
    QCOMPARE(back.front().end, QStringLiteral("remote"));
    QCOMPARE(back.front().key, QStringLiteral("net.ipv4.tcp_autocorking"));
    QCOMPARE(back.front().expected, QStringLiteral("0"));
    QCOMPARE(back.front().after, QStringLiteral("1"));
    QCOMPARE(back.front().target, QStringLiteral("ssh://b:2223"));
}

void TestKnobDrift::summaryNamesEachEnd()
{
    QCOMPARE(knobDriftSummary({}), QString());
    const QString s = knobDriftSummary(knobDriftToJson(
        {{QStringLiteral("local"), QStringLiteral("net.ipv4.tcp_sack"), QStringLiteral("1"), QStringLiteral("0")},
         {QStringLiteral("remote"), QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"),
          QStringLiteral("1")},
         {QStringLiteral("remote"), QStringLiteral("net.ipv4.tcp_autocorking"), QStringLiteral("0"),
          QStringLiteral("1"), QStringLiteral("ssh://b")}}));
    QVERIFY2(s.contains(QStringLiteral("net.ipv4.tcp_sack on the local end (1, at the end 0)")), qPrintable(s));
    QVERIFY2(s.contains(QStringLiteral("net.ipv4.tcp_autocorking on the far end (0, at the end 1)")), qPrintable(s));
    QVERIFY2(s.contains(QStringLiteral("net.ipv4.tcp_autocorking on the far end ssh://b (0, at the end 1)")),
             qPrintable(s));
}

QTEST_GUILESS_MAIN(TestKnobDrift)
#include "tst_knob_drift.moc"
