// The Target panel's several ends (issue 12, point 9), with its real widgets off screen: "Add end"
// lists the host typed (in order, the one typed last too), an end twice and a ninth end are refused
// with the spec's own sentence, an end's remove button takes it out, the list survives QSettings,
// a spec with two ends shows both, and the local lab hides the list and runs alone.

#include "experiment/spec/experiment_spec.h"
#include "panels/ssh_target_page.h"
#include "panels/target_end_list.h"
#include "panels/target_panel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace tcptune;

namespace {

constexpr int kLab = 0;
constexpr int kAgent = 1;
constexpr int kIperf3 = 2;
constexpr int kSsh = 3;

TargetSpec agentAt(const QString &host, int port = 5300)
{
    TargetSpec end;
    end.kind = TargetSpec::Kind::Agent;
    end.host = host;
    end.port = port;
    return end;
}

QStringList described(const QList<TargetSpec> &ends)
{
    QStringList names;
    for (const TargetSpec &end : ends)
        names << end.describe();
    return names;
}

// The names of the listed ends as the panel shows them (their tooltips hold them whole).
QStringList shownEnds(const TargetPanel &panel)
{
    QStringList names;
    for (const QLabel *label : panel.findChildren<QLabel *>(QStringLiteral("endName")))
        if (!label->isHidden())
            names << label->toolTip();
    return names;
}

} // namespace

class TestTargetPanel final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void twoAgentEndsRunInOrder();
    void theHostTypedLastRunsToo();
    void sameEndTwiceIsTheSpecsMessage();
    void moreThanEightIsTheSpecsMessage();
    void removeTakesAnEndOut();
    void listSurvivesSettings();
    void twoEndSpecShowsBoth();
    void oneEndSpecEmptiesTheList();
    void labRunsAlone();

private:
    void chooseKind(int index)
    {
        m_panel->findChild<QComboBox *>(QStringLiteral("targetKind"))->setCurrentIndex(index);
    }
    // Types HOST into the field of the current kind (over what is there), as a user would.
    void type(const QString &host);
    void add() { QTest::mouseClick(m_panel->endList()->addButton(), Qt::LeftButton); }
    void typeAndAdd(const QString &host)
    {
        type(host);
        add();
    }
    ExperimentSpec applied(QString *problem = nullptr) const;

    std::unique_ptr<TargetPanel> m_panel;
};

void TestTargetPanel::init()
{
    m_panel = std::make_unique<TargetPanel>();
    m_panel->resize(360, 600);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestTargetPanel::cleanup()
{
    m_panel.reset();
}

void TestTargetPanel::type(const QString &host)
{
    const int kind = m_panel->findChild<QComboBox *>(QStringLiteral("targetKind"))->currentIndex();
    const QString name = kind == kAgent    ? QStringLiteral("agentHost")
                         : kind == kIperf3 ? QStringLiteral("iperfHost")
                                           : QStringLiteral("sshLogin");
    auto *field = m_panel->findChild<QLineEdit *>(name);
    QVERIFY(field && field->isVisible());
    field->setFocus();
    field->selectAll();
    QTest::keyClicks(field, host);
    QTest::keyClick(field, Qt::Key_Tab);
}

ExperimentSpec TestTargetPanel::applied(QString *problem) const
{
    ExperimentSpec spec;
    const Result<void> ok = m_panel->applyTo(spec);
    if (problem)
        *problem = ok ? QString() : ok.error().message;
    return spec;
}

void TestTargetPanel::twoAgentEndsRunInOrder()
{
    chooseKind(kAgent);
    QVERIFY(m_panel->endList()->isVisible());
    QVERIFY(m_panel->findChild<QLabel *>(QStringLiteral("endsNote"))->text().contains(QStringLiteral("at once")));
    typeAndAdd(QStringLiteral("198.18.0.2"));
    typeAndAdd(QStringLiteral("198.18.0.3"));
    QCOMPARE(shownEnds(*m_panel), (QStringList{QStringLiteral("198.18.0.2:5300"), QStringLiteral("198.18.0.3:5300")}));
    QString problem;
    const ExperimentSpec spec = applied(&problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(spec.severalEnds());
    QCOMPARE(described(spec.targets()),
             (QStringList{QStringLiteral("198.18.0.2:5300"), QStringLiteral("198.18.0.3:5300")}));
    QCOMPARE(spec.targets().at(1).kind, TargetSpec::Kind::Agent);
    QCOMPARE(m_panel->targets().size(), 2);
}

// Typed but not added: the end joins the run after the listed ones, once; an iperf3 server may
// run beside an agent.
void TestTargetPanel::theHostTypedLastRunsToo()
{
    chooseKind(kAgent);
    typeAndAdd(QStringLiteral("198.18.0.2"));
    chooseKind(kIperf3);
    type(QStringLiteral("198.18.0.4"));
    QCOMPARE(described(applied().targets()),
             (QStringList{QStringLiteral("198.18.0.2:5300"), QStringLiteral("iperf3://198.18.0.4:5201")}));
}

void TestTargetPanel::sameEndTwiceIsTheSpecsMessage()
{
    chooseKind(kAgent);
    typeAndAdd(QStringLiteral("198.18.0.2"));
    add(); // the same host again
    const auto expected = ExperimentSpec::targetListProblem(
        {agentAt(QStringLiteral("198.18.0.2")), agentAt(QStringLiteral("198.18.0.2"))});
    QVERIFY(expected);
    QCOMPARE(m_panel->endList()->ends().size(), 1);
    auto *problem = m_panel->findChild<QLabel *>(QStringLiteral("endsProblem"));
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(expected->problem), qPrintable(problem->text()));

    // A list that names one end twice (a spec built elsewhere) is refused when it is applied.
    ExperimentSpec twice;
    twice.setTargets({agentAt(QStringLiteral("198.18.0.2")), agentAt(QStringLiteral("198.18.0.2"), 0)});
    m_panel->loadFrom(twice);
    const auto refused = ExperimentSpec::targetListProblem(twice.targets());
    QVERIFY(refused);
    QString message;
    applied(&message);
    QVERIFY2(message.contains(refused->problem), qPrintable(message));
    QVERIFY2(message.startsWith(QStringLiteral("Target")), qPrintable(message));
}

void TestTargetPanel::moreThanEightIsTheSpecsMessage()
{
    chooseKind(kAgent);
    for (int i = 1; i <= ExperimentSpec::kMaxTargets; ++i)
        typeAndAdd(QStringLiteral("198.18.0.%1").arg(i));
    QCOMPARE(m_panel->endList()->ends().size(), ExperimentSpec::kMaxTargets);
    QList<TargetSpec> nine = m_panel->endList()->ends();
    nine.append(agentAt(QStringLiteral("198.18.0.9")));
    const auto expected = ExperimentSpec::targetListProblem(nine);
    QVERIFY(expected);
    typeAndAdd(QStringLiteral("198.18.0.9"));
    QCOMPARE(m_panel->endList()->ends().size(), ExperimentSpec::kMaxTargets);
    QVERIFY2(m_panel->endList()->problem().contains(expected->problem), qPrintable(m_panel->endList()->problem()));
    // Typed and not added, the ninth end is refused by the run with the same sentence.
    QString message;
    applied(&message);
    QVERIFY2(message.contains(expected->problem), qPrintable(message));
}

void TestTargetPanel::removeTakesAnEndOut()
{
    chooseKind(kAgent);
    for (const char *host : {"198.18.0.2", "198.18.0.3", "198.18.0.4"})
        typeAndAdd(QString::fromLatin1(host));
    QList<QToolButton *> removes = m_panel->findChildren<QToolButton *>(QStringLiteral("removeEnd"));
    QCOMPARE(removes.size(), 3);
    QTest::mouseClick(removes.at(1), Qt::LeftButton);
    QCOMPARE(shownEnds(*m_panel), (QStringList{QStringLiteral("198.18.0.2:5300"), QStringLiteral("198.18.0.4:5300")}));
    QCOMPARE(described(applied().targets()),
             (QStringList{QStringLiteral("198.18.0.2:5300"), QStringLiteral("198.18.0.4:5300")}));
    // The last one added is still in the host field: removed, it is gone from the run too.
    removes = m_panel->findChildren<QToolButton *>(QStringLiteral("removeEnd"));
    QTest::mouseClick(removes.at(1), Qt::LeftButton);
    QCOMPARE(described(m_panel->targets()), QStringList{QStringLiteral("198.18.0.2:5300")});
    QVERIFY(m_panel->findChild<QLineEdit *>(QStringLiteral("agentHost"))->text().isEmpty());
}

void TestTargetPanel::listSurvivesSettings()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    chooseKind(kSsh);
    m_panel->findChild<QLineEdit *>(QStringLiteral("sshConfig"))->setText(QStringLiteral("/tmp/ssh_config"));
    typeAndAdd(QStringLiteral("root@198.18.0.2:2222"));
    typeAndAdd(QStringLiteral("root@198.18.0.3:2223"));
    QCOMPARE(m_panel->endList()->ends().size(), 2);
    m_panel->saveSettings(settings);
    settings.sync();

    TargetPanel restored;
    restored.restoreSettings(QSettings(settings.fileName(), QSettings::IniFormat));
    QCOMPARE(described(restored.endList()->ends()), described(m_panel->endList()->ends()));
    QCOMPARE(restored.endList()->ends().at(1).sshConfig, QStringLiteral("/tmp/ssh_config"));
    ExperimentSpec spec;
    QVERIFY(restored.applyTo(spec));
    QCOMPARE(described(spec.targets()),
             (QStringList{QStringLiteral("ssh://root@198.18.0.2:2222"), QStringLiteral("ssh://root@198.18.0.3:2223")}));

    // An empty list stays empty.
    m_panel->endList()->setEnds({});
    m_panel->saveSettings(settings);
    restored.restoreSettings(settings);
    QVERIFY(restored.endList()->ends().isEmpty());
}

void TestTargetPanel::twoEndSpecShowsBoth()
{
    const auto spec = ExperimentSpec::fromJsonText(
        R"({"target": ["ssh://root@nas1", {"kind": "ssh", "host": "nas2", "port": 2222}]})");
    QVERIFY2(spec, qPrintable(spec ? QString() : spec.error().message));
    m_panel->loadFrom(*spec);
    QCOMPARE(m_panel->findChild<QComboBox *>(QStringLiteral("targetKind"))->currentIndex(), kSsh);
    QCOMPARE(shownEnds(*m_panel), described(spec->targets()));
    // The first end is in the fields too, where Test connection reaches it; it runs once.
    QCOMPARE(m_panel->findChild<QLineEdit *>(QStringLiteral("sshLogin"))->text(), QStringLiteral("root@nas1"));
    QCOMPARE(described(applied().targets()), described(spec->targets()));
}

void TestTargetPanel::oneEndSpecEmptiesTheList()
{
    chooseKind(kAgent);
    typeAndAdd(QStringLiteral("198.18.0.2"));
    typeAndAdd(QStringLiteral("198.18.0.3"));
    ExperimentSpec one;
    one.target = agentAt(QStringLiteral("198.18.0.7"));
    m_panel->loadFrom(one);
    QVERIFY(shownEnds(*m_panel).isEmpty());
    QCOMPARE(described(applied().targets()), QStringList{QStringLiteral("198.18.0.7:5300")});
}

void TestTargetPanel::labRunsAlone()
{
    chooseKind(kAgent);
    typeAndAdd(QStringLiteral("198.18.0.2"));
    typeAndAdd(QStringLiteral("198.18.0.3"));
    chooseKind(kLab);
    QVERIFY(!m_panel->endList()->isVisible());
    QString problem;
    const ExperimentSpec spec = applied(&problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(!spec.severalEnds());
    QCOMPARE(spec.targets().size(), 1);
    QCOMPARE(spec.target.kind, TargetSpec::Kind::Lab);
    QCOMPARE(m_panel->targets().size(), 1);
    // Back to the hosts, the list is there again.
    chooseKind(kAgent);
    QVERIFY(m_panel->endList()->isVisible());
    QCOMPARE(applied().targets().size(), 2);
}

QTEST_MAIN(TestTargetPanel)
#include "tst_target_panel.moc"
