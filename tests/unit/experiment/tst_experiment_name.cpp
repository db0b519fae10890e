#include "experiment/record/experiment_name.h"

#include "test_paths.h"

#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

using namespace tcptune;

class TestExperimentName final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void namesByStoredName_data();
    void namesByStoredName();
    void workbenchNamesAreTranslatedOnDisplay();
};

namespace {

ExperimentRecord experiment(qint64 id, const QString &name)
{
    ExperimentRecord e;
    e.id = id;
    e.name = name;
    return e;
}

} // namespace

void TestExperimentName::namesByStoredName_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("withId");
    QTest::addRow("a user's name") << QStringLiteral("Autocorking A/B") << QStringLiteral("Autocorking A/B")
                                   << QStringLiteral("Experiment 4: Autocorking A/B");
    QTest::addRow("no name") << QString() << QStringLiteral("Experiment 4") << QStringLiteral("Experiment 4");
    QTest::addRow("workbench run") << neutralRunName() << QStringLiteral("Workbench run")
                                   << QStringLiteral("Experiment 4: Workbench run");
    QTest::addRow("workbench sweep") << neutralSweepName(QStringLiteral("socket.SO_SNDBUF"))
                                     << QStringLiteral("Sweep of socket.SO_SNDBUF")
                                     << QStringLiteral("Experiment 4: Sweep of socket.SO_SNDBUF");
}

void TestExperimentName::namesByStoredName()
{
    QFETCH(QString, stored);
    QFETCH(QString, name);
    QFETCH(QString, withId);
    QCOMPARE(experimentName(experiment(4, stored)), name);
    QCOMPARE(experimentName(experiment(4, stored), ExperimentNameForm::Name), name);
    QCOMPARE(experimentName(experiment(4, stored), ExperimentNameForm::WithId), withId);
}

// The store keeps the workbench's names in English whatever the language it ran in; a German
// reader sees them in German, and a name a user typed as it is.
void TestExperimentName::workbenchNamesAreTranslatedOnDisplay()
{
    QTranslator german;
    QVERIFY(german.load(QStringLiteral("tcptune_de"),
                        tcptune::test::buildPath(QStringLiteral("share/tcptune/translations"))));
    QVERIFY(QCoreApplication::installTranslator(&german));
    const QString run = experimentName(experiment(7, neutralRunName()), ExperimentNameForm::WithId);
    const QString sweep = experimentName(experiment(7, neutralSweepName(QStringLiteral("net.ipv4.tcp_wmem"))));
    const QString user = experimentName(experiment(7, QStringLiteral("Sweep ofen")));
    QCoreApplication::removeTranslator(&german);
    QCOMPARE(run, QStringLiteral("Experiment 7: Lauf aus der Werkbank"));
    QCOMPARE(sweep, QStringLiteral("Durchlauf von net.ipv4.tcp_wmem"));
    QCOMPARE(user, QStringLiteral("Sweep ofen"));
}

QTEST_GUILESS_MAIN(TestExperimentName)
#include "tst_experiment_name.moc"
