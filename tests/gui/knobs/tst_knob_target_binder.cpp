// The Knobs tab follows the target (issue 18, point 1): with the lab as target it edits the lab's
// client namespace, where the traffic starts, and lists only that lab's namespaces (never the
// host, never another lab); a real host target edits this host. The title and the tab say where;
// looking at the lab's receiver warns that changes there do not reach the sender; a lab that is
// not up offers to bring it up. Needs no root: the lab "t-kb-none" is never built.

#include "helper/helper_connection.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_target_binder.h"
#include "panels/target_end_list.h"
#include "panels/target_panel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace tcptune;

class TestKnobTargetBinder final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void labTargetEditsTheLabClient();
    void onlyTheCurrentLabIsListed();
    void receiverWarnsThatTheSenderIsElsewhere();
    void realHostTargetEditsThisHost();
    void labThatIsDownOffersToBringItUp();
    void sshTargetHasItsEndsAsColumns();
    void farKnobsNeedEveryEndOnSsh();

private:
    void chooseKind(int index)
    {
        m_target->findChild<QComboBox *>(QStringLiteral("targetKind"))->setCurrentIndex(index);
    }

    std::unique_ptr<HelperConnection> m_helper;
    std::unique_ptr<QTabWidget> m_tabs;
    TargetPanel *m_target = nullptr;
    KnobPanel *m_knobs = nullptr;
};

void TestKnobTargetBinder::init()
{
    m_helper = std::make_unique<HelperConnection>();
    m_tabs = std::make_unique<QTabWidget>();
    m_target = new TargetPanel(m_tabs.get());
    m_target->setLabName(QStringLiteral("t-kb-none"));
    m_knobs = new KnobPanel(m_helper.get(), m_tabs.get());
    m_tabs->addTab(m_knobs, QStringLiteral("knobs"));
    new KnobTargetBinder(m_target, m_knobs, m_tabs.get(), m_helper.get(), m_tabs.get());
    chooseKind(0);
    m_tabs->resize(1000, 600);
    m_tabs->show();
}

void TestKnobTargetBinder::cleanup()
{
    m_tabs.reset();
    m_helper.reset();
}

void TestKnobTargetBinder::labTargetEditsTheLabClient()
{
    QCOMPARE(m_knobs->currentNamespace(), QStringLiteral("tcptune-t-kb-none-client"));
    QCOMPARE(m_knobs->model()->netns(), QStringLiteral("tcptune-t-kb-none-client"));
    QVERIFY2(m_knobs->title().contains(QStringLiteral("t-kb-none")), qPrintable(m_knobs->title()));
    QVERIFY2(m_knobs->title().contains(QStringLiteral("client")), qPrintable(m_knobs->title()));
    QVERIFY2(m_tabs->tabText(0).contains(QStringLiteral("lab client")), qPrintable(m_tabs->tabText(0)));
}

void TestKnobTargetBinder::onlyTheCurrentLabIsListed()
{
    const QStringList listed = m_knobs->listedNamespaces();
    QCOMPARE(listed,
             (QStringList{QStringLiteral("tcptune-t-kb-none-client"), QStringLiteral("tcptune-t-kb-none-server"),
                          QStringLiteral("tcptune-t-kb-none-router")}));
    // Another lab name: its namespaces replace the first one's.
    m_target->setLabName(QStringLiteral("t-kb-other"));
    QCOMPARE(m_knobs->currentNamespace(), QStringLiteral("tcptune-t-kb-other-client"));
    for (const QString &netns : m_knobs->listedNamespaces())
        QVERIFY2(netns.startsWith(QStringLiteral("tcptune-t-kb-other-")), qPrintable(netns));
}

void TestKnobTargetBinder::receiverWarnsThatTheSenderIsElsewhere()
{
    QVERIFY(m_knobs->warningText().isEmpty() || m_knobs->warningText().contains(QStringLiteral("not up")));
    m_knobs->setNamespace(QStringLiteral("tcptune-t-kb-none-server"));
    const QString warning = m_knobs->findChild<QLabel *>(QStringLiteral("knobWarning"))->text();
    QVERIFY2(warning.contains(QStringLiteral("not up")) || warning.contains(QStringLiteral("do not reach the sender")),
             qPrintable(warning));
    QVERIFY(m_knobs->findChild<QLabel *>(QStringLiteral("knobWarning"))->isVisible());
}

void TestKnobTargetBinder::realHostTargetEditsThisHost()
{
    chooseKind(2); // iperf3 server
    m_target->findChild<QLineEdit *>(QStringLiteral("iperfHost"))->setText(QStringLiteral("198.18.40.2"));
    QCOMPARE(m_knobs->currentNamespace(), QString());
    QCOMPARE(m_knobs->listedNamespaces(), QStringList{QString()});
    QVERIFY2(m_knobs->title().contains(QStringLiteral("host")), qPrintable(m_knobs->title()));
    QVERIFY(m_knobs->warningText().isEmpty());
    QVERIFY2(m_tabs->tabText(0).contains(QStringLiteral("host")), qPrintable(m_tabs->tabText(0)));
    // The host's values are there and editable.
    const int row = m_knobs->model()->rowOf(QStringLiteral("net.ipv4.tcp_autocorking"));
    QVERIFY(m_knobs->model()->readingAt(row).available());
    chooseKind(0);
    QCOMPARE(m_knobs->currentNamespace(), QStringLiteral("tcptune-t-kb-none-client"));
}

// Issue 12, point 8: for an ssh target both ends stand as columns (Local | Remote); no chooser of
// the end beside them says that the far end needs another kind of target.
void TestKnobTargetBinder::sshTargetHasItsEndsAsColumns()
{
    chooseKind(3); // SSH host
    QVERIFY(!m_knobs->view()->isColumnHidden(KnobTableModel::RemoteColumn));
    QVERIFY(m_knobs->model()->hasRemote());
    QVERIFY(!m_knobs->findChild<QComboBox *>(QStringLiteral("knobEnd")));
    for (const QLabel *label : m_knobs->findChildren<QLabel *>())
        QVERIFY2(label->text() != QLatin1String("End:"), "an End chooser beside the Local | Remote columns");
    chooseKind(0);
    QVERIFY(m_knobs->view()->isColumnHidden(KnobTableModel::RemoteColumn));
}

// Several ends (issue 12, point 9): far knobs apply to every end, so beside an agent end the
// Remote column is read-only and says which end is in the way; without it, it is as for one end.
void TestKnobTargetBinder::farKnobsNeedEveryEndOnSsh()
{
    TargetSpec agent;
    agent.kind = TargetSpec::Kind::Agent;
    agent.host = QStringLiteral("198.18.0.2");
    agent.port = 5300;
    m_target->endList()->setEnds({agent});
    chooseKind(3); // SSH host
    m_target->findChild<QLineEdit *>(QStringLiteral("sshLogin"))->setText(QStringLiteral("root@198.18.0.3"));
    Q_EMIT m_target->changed();
    QCOMPARE(m_target->targets().size(), 2);
    QVERIFY(!m_knobs->view()->isColumnHidden(KnobTableModel::RemoteColumn));
    QVERIFY2(m_knobs->remoteNote().contains(QStringLiteral("198.18.0.2:5300 is not an SSH host")),
             qPrintable(m_knobs->remoteNote()));
    QTest::mouseClick(m_target->findChild<QToolButton *>(QStringLiteral("removeEnd")), Qt::LeftButton);
    QCOMPARE(m_target->targets().size(), 1);
    QVERIFY2(m_knobs->remoteNote().contains(QStringLiteral("Test connection")), qPrintable(m_knobs->remoteNote()));
}

void TestKnobTargetBinder::labThatIsDownOffersToBringItUp()
{
    auto *button = m_knobs->findChild<QPushButton *>(QStringLiteral("knobLabUp"));
    QVERIFY(button->isVisible());
    QVERIFY2(m_knobs->warningText().contains(QStringLiteral("t-kb-none")), qPrintable(m_knobs->warningText()));
    // Nothing of another namespace is shown or editable under the lab's name.
    KnobTableModel *model = m_knobs->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        QVERIFY(!model->readingAt(row).available());
        QVERIFY(!(model->flags(model->index(row, KnobTableModel::ValueColumn)) & Qt::ItemIsEditable));
    }
}

QTEST_MAIN(TestKnobTargetBinder)
#include "tst_knob_target_binder.moc"
