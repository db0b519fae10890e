// The History tab on a team's store: it opens with a page of the newest experiments and lists
// older ones on "Show older experiments"; host:, user:, kernel: and tag: in the filter line ask
// the store, and runs from two hosts compare A/B with each run's host and kernel named.

#include "charts/throughput_rtt_view.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "screenshot.h"
#include "team_store_fixture.h"

#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace tcptune;

class TestHistoryTeam final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void pagesThroughOlderExperiments();
    void storeTermsChooseTheExperiments();
    void runsOfTwoHostsCompare();

private:
    QList<qint64> listedExperiments() const;
    QTemporaryDir m_dir;
    QList<testing::TeamExperiment> m_team;
    std::unique_ptr<ThroughputRttView> m_chart;
    std::unique_ptr<HistoryPanel> m_panel;
};

// The team's three experiments, oldest, then a page and one more of this host's.
void TestHistoryTeam::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("team.db"));
    qputenv("TCPTUNE_STORE", path.toUtf8());
    ResultStore store;
    QVERIFY(store.open(path).has_value());
    m_team = testing::copyTeamExperimentsInto(store, m_dir.filePath(QStringLiteral("other-hosts.db")));
    QCOMPARE(m_team.size(), 3);
    ExperimentSpec spec;
    for (int i = 0; i < HistoryPanel::kPageSize + 1; ++i) {
        spec.name = QStringLiteral("local %1").arg(i);
        const auto id = store.createExperiment(SweepPlan{spec});
        QVERIFY(id && store.setExperimentStatus(*id, ExperimentStatus::Finished));
    }
    m_chart = std::make_unique<ThroughputRttView>();
    m_panel = std::make_unique<HistoryPanel>(m_chart.get());
    m_panel->resize(1100, 600);
}

QList<qint64> TestHistoryTeam::listedExperiments() const
{
    QList<qint64> ids;
    for (int i = 0; i < m_panel->tree()->topLevelItemCount(); ++i)
        ids.append(m_panel->tree()->topLevelItem(i)->data(0, HistoryPanel::kExperimentIdRole).toLongLong());
    return ids;
}

void TestHistoryTeam::pagesThroughOlderExperiments()
{
    m_panel->refresh();
    QCOMPARE(listedExperiments().size(), HistoryPanel::kPageSize);
    QVERIFY(!listedExperiments().contains(m_team.last().id)); // the oldest wait for the next page
    QVERIFY(!m_panel->showOlderButton()->isHidden());
    QVERIFY2(m_panel->statusText().startsWith(QStringLiteral("The newest 100 experiments")),
             qPrintable(m_panel->statusText()));
    m_panel->showOlderButton()->click();
    const QList<qint64> all = listedExperiments();
    QCOMPARE(all.size(), HistoryPanel::kPageSize + 4);
    QCOMPARE(all.last(), m_team.first().id); // oldest last
    QVERIFY(std::is_sorted(all.rbegin(), all.rend()));
    QVERIFY(m_panel->showOlderButton()->isHidden());
    QVERIFY2(m_panel->statusText().startsWith(QStringLiteral("104 experiments, 6 runs")),
             qPrintable(m_panel->statusText()));
    // A refresh (after a run) keeps what was listed.
    m_panel->refresh();
    QCOMPARE(listedExperiments().size(), HistoryPanel::kPageSize + 4);
    QVERIFY(m_panel->showOlderButton()->isHidden());
}

// Each line lists other experiments than the one before it, so that a list is the store's answer
// to the new terms, not what was shown already.
void TestHistoryTeam::storeTermsChooseTheExperiments()
{
    const auto shown = [this] {
        QList<qint64> ids;
        for (int i = 0; i < m_panel->tree()->topLevelItemCount(); ++i)
            if (!m_panel->tree()->topLevelItem(i)->isHidden())
                ids.append(m_panel->tree()->topLevelItem(i)->data(0, HistoryPanel::kExperimentIdRole).toLongLong());
        return ids;
    };
    const auto type = [this](const QString &line) { m_panel->filterEdit()->setText(line); };
    type(QStringLiteral("host:lab2"));
    QTRY_COMPARE(shown(), QList<qint64>{m_team.at(1).id});
    type(QStringLiteral("tag:nightly"));
    QTRY_COMPARE(shown(), QList<qint64>{m_team.at(0).id});
    type(QStringLiteral("host:lab1 user:bob"));
    QTRY_COMPARE(shown(), QList<qint64>{m_team.at(2).id});
    type(QStringLiteral("kernel:6.1"));
    QTRY_COMPARE(shown(), QList<qint64>{m_team.at(0).id});
    // Terms and text together: the store lists bob's two, the text keeps LAB2's.
    type(QStringLiteral("user:bob LAB2"));
    QTRY_COMPARE(shown(), QList<qint64>{m_team.at(1).id});
    type(QStringLiteral("host:lab9"));
    QTRY_VERIFY(m_panel->statusText().startsWith(QStringLiteral("No experiment in")));
    QCOMPARE(m_panel->tree()->topLevelItemCount(), 0);
    type(QString());
    QTRY_COMPARE(m_panel->tree()->topLevelItemCount(), HistoryPanel::kPageSize); // from the first page again
}

// A run ticked stays ticked while the terms list other experiments: lab1's run is ticked under
// host:lab1, LAB2's under host:lab2, and the two compare.
void TestHistoryTeam::runsOfTwoHostsCompare()
{
    m_panel->filterEdit()->setText(QStringLiteral("host:lab1 user:bob"));
    QTRY_COMPARE(listedExperiments(), QList<qint64>{m_team.at(2).id});
    QTreeWidgetItem *lab1 = m_panel->tree()->topLevelItem(0)->child(0);
    QVERIFY(lab1);
    lab1->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    m_panel->filterEdit()->setText(QStringLiteral("host:lab2"));
    QTRY_COMPARE(listedExperiments(), QList<qint64>{m_team.at(1).id});
    QTreeWidgetItem *lab2 = m_panel->tree()->topLevelItem(0)->child(0);
    QVERIFY(lab2);
    // Each experiment of another host says where it ran on its row.
    QCOMPARE(m_panel->tree()->topLevelItem(0)->text(HistoryPanel::ChangedColumn),
             QStringLiteral("ran on LAB2 as bob, kernel 6.12.9"));
    lab2->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    QCOMPARE(m_panel->tickOrder().size(), 2);
    m_panel->compareTicked();
    const QString title = m_panel->statusText();
    QVERIFY2(title.contains(QStringLiteral("A = #")) && title.contains(QStringLiteral("(lab1, 5.10.0-30-amd64)")) &&
                 title.contains(QStringLiteral("(LAB2, 6.12.9)")),
             qPrintable(title));
    QVERIFY(title.indexOf(QStringLiteral("lab1")) < title.indexOf(QStringLiteral("LAB2"))); // A ticked first
    QVERIFY(!m_panel->comparisonPane()->isHidden());
    QVERIFY(test::looksDrawn(test::saveScreenshot(m_panel.get(), QStringLiteral("history-team-two-hosts"))));
}

QTEST_MAIN(TestHistoryTeam)
#include "tst_history_team.moc"
