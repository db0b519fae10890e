// `tcptune results list` on a team's store (experiments of other hosts, users and kernels, copied
// in as `results sync` copies them): --host, --user, --kernel and --tag narrow the table and the
// JSON, the table says where each ran, and a filter that matches nothing says how to see them all;
// `results diff` of two hosts' experiments names both.

#include "command_runner.h"
#include "experiment/store/result_store.h"
#include "team_store_fixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestResultsListFilters final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void optionsNarrowTheList_data();
    void optionsNarrowTheList();
    void theTableSaysWhereEachRan();
    void noMatchSaysHowToSeeAll();
    void aDiffOfTwoHostsNamesBoth();

private:
    test::CommandResult list(const QStringList &options) const;
    QTemporaryDir m_dir;
    QString m_store;
    QList<testing::TeamExperiment> m_team;
};

void TestResultsListFilters::initTestCase()
{
    m_store = m_dir.filePath(QStringLiteral("team.db"));
    ResultStore store;
    QVERIFY(store.open(m_store).has_value());
    m_team = testing::copyTeamExperimentsInto(store, m_dir.filePath(QStringLiteral("other-hosts.db")));
    QCOMPARE(m_team.size(), 3);
}

test::CommandResult TestResultsListFilters::list(const QStringList &options) const
{
    return test::runTcptune(
        QStringList{QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--store"), m_store} + options);
}

void TestResultsListFilters::optionsNarrowTheList_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QList<int>>("team"); // newest first
    QTest::addRow("host") << QStringList{QStringLiteral("--host"), QStringLiteral("lab2")} << QList<int>{1};
    QTest::addRow("user") << QStringList{QStringLiteral("--user"), QStringLiteral("bob")} << QList<int>{2, 1};
    QTest::addRow("kernel") << QStringList{QStringLiteral("--kernel"), QStringLiteral("6.1")} << QList<int>{0};
    QTest::addRow("tag") << QStringList{QStringLiteral("--tag"), QStringLiteral("nightly")} << QList<int>{0};
    QTest::addRow("host and user") << QStringList{QStringLiteral("--host"), QStringLiteral("lab1"),
                                                  QStringLiteral("--user"), QStringLiteral("alice")}
                                   << QList<int>{0};
}

void TestResultsListFilters::optionsNarrowTheList()
{
    QFETCH(QStringList, options);
    QFETCH(QList<int>, team);
    const test::CommandResult r = list(options + QStringList{QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray listed = QJsonDocument::fromJson(r.out).array();
    QCOMPARE(listed.size(), team.size());
    for (qsizetype i = 0; i < team.size(); ++i) {
        const testing::TeamExperiment &e = m_team.at(team.at(i));
        const QJsonObject o = listed.at(i).toObject();
        QCOMPARE(qint64(o.value(QStringLiteral("id")).toDouble()), e.id);
        QCOMPARE(o.value(QStringLiteral("host")).toString(), e.host);
        QCOMPARE(o.value(QStringLiteral("kernel")).toString(), e.kernel);
        const QJsonArray tags = o.value(QStringLiteral("tags")).toArray();
        QCOMPARE(tags.isEmpty(), e.tag.isEmpty());
    }
}

void TestResultsListFilters::theTableSaysWhereEachRan()
{
    const test::CommandResult r = list({});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString table = QString::fromUtf8(r.out);
    for (const testing::TeamExperiment &e : m_team)
        QVERIFY2(table.contains(QStringLiteral("%1@%2").arg(e.user, e.host)) && table.contains(e.kernel),
                 qPrintable(table));
    QVERIFY2(table.contains(QStringLiteral("[nightly]")), qPrintable(table));
}

void TestResultsListFilters::noMatchSaysHowToSeeAll()
{
    const test::CommandResult r = list({QStringLiteral("--host"), QStringLiteral("lab9")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("No experiment in") && r.out.contains("without --host"), r.out.constData());
}

void TestResultsListFilters::aDiffOfTwoHostsNamesBoth()
{
    const test::CommandResult r =
        test::runTcptune({QStringLiteral("results"), QStringLiteral("diff"), QString::number(m_team.at(0).id),
                          QString::number(m_team.at(1).id), QStringLiteral("--store"), m_store});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("A ran on lab1 as alice, B on LAB2 as bob."), r.out.constData());
}

QTEST_GUILESS_MAIN(TestResultsListFilters)
#include "tst_results_list_filters.moc"
