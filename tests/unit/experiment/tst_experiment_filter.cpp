// A team's store on a real SQLite file: experiments of other hosts, users and kernels (copied in
// as `results sync` copies them) listed by host, user, kernel and tag, and in pages, by the
// database (tst_postgres_store runs the same checks on a PostgreSQL server).

#include "experiment/store/result_store.h"
#include "team_store_fixture.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

class TestExperimentFilter final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listsByHostUserKernelAndTag();
};

void TestExperimentFilter::listsByHostUserKernelAndTag()
{
    QTemporaryDir dir;
    ResultStore store;
    QVERIFY(store.open(dir.filePath(QStringLiteral("team.db"))).has_value());
    const auto team = testing::copyTeamExperimentsInto(store, dir.filePath(QStringLiteral("other-hosts.db")));
    QCOMPARE(team.size(), 3);
    const QString difference = testing::checkTeamFilters(store, team);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

QTEST_GUILESS_MAIN(TestExperimentFilter)
#include "tst_experiment_filter.moc"
