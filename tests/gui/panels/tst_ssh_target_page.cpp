// The Target panel's "SSH host" (issue 12, point 8), for real: an OpenSSH server inside the
// server side of the test's own namespace pair (tests/support/ssh_server), the test process in
// the client side, the workbench's real window. "Test connection" logs in with the generated key
// (the ssh config file field), starts the build's `tcptune serve --stdio` there and reports the
// far agent's version, that its helper is usable (it runs as root there), the far kernel and the
// far namespace's knob values (one of which the test set); the window keeps answering meanwhile.
// A wrong port and a key sshd does not know are each one line that says what to do, within 10 s.
// Saves a screenshot of the Target panel after the test.

#include "command_runner.h"
#include "experiment/run/runner_thread.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/ssh_target_page.h"
#include "panels/target_panel.h"
#include "scratch_namespace.h"
#include "screenshot.h"
#include "ssh_server.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTableView>
#include <QTabWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

class TestSshTargetPage final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void testConnectionReportsTheFarHost();
    void wrongPortIsOneLine();
    void unknownKeyIsOneLine();
    void knobsTabShowsBothEnds();

private:
    // Fills in the SSH host as a user would and presses Test connection.
    void testLogin(const QString &login, const QString &config);
    QString farSysctl(const QString &path) const;

    QTemporaryDir m_dir;
    std::unique_ptr<ScratchPair> m_pair;
    std::unique_ptr<SshServer> m_sshd;
    std::unique_ptr<MainWindow> m_window;
    int m_ownNetns = -1;
    static constexpr int kSshPort = 2222;
};

void TestSshTargetPage::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("needs root for network namespaces and sshd");
    QStandardPaths::setTestModeEnabled(true);
    qputenv("TCPTUNE_RESULTS_DB", m_dir.filePath(QStringLiteral("results.db")).toUtf8());
    // The far host is this machine: ssh starts the build's tcptune there.
    qputenv("TCPTUNE_REMOTE_PROGRAM", binary(QStringLiteral("tcptune")).toUtf8());
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("sshg"), 14);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    // A far value the test chose, unlike the default, so the report shows the far namespace's.
    QVERIFY(ip({QStringLiteral("netns"), QStringLiteral("exec"), m_pair->b().name(), QStringLiteral("sysctl"),
                QStringLiteral("-qw"), QStringLiteral("net.ipv4.tcp_autocorking=0")})
                .isEmpty());
    m_sshd = std::make_unique<SshServer>(m_pair->b().name(), m_pair->addressB(), kSshPort);
    const QString problem = m_sshd->start();
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // This process (and the ssh it starts) lives in the client side from now on, as tcptuneOverSsh
    // puts the command-line tests there.
    m_ownNetns = ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    const int client = ::open(qPrintable(QStringLiteral("/run/netns/") + m_pair->a().name()), O_RDONLY | O_CLOEXEC);
    QVERIFY(m_ownNetns >= 0 && client >= 0);
    QCOMPARE(::setns(client, CLONE_NEWNET), 0);
    ::close(client);
}

void TestSshTargetPage::cleanupTestCase()
{
    if (m_ownNetns >= 0) {
        (void)::setns(m_ownNetns, CLONE_NEWNET);
        ::close(m_ownNetns);
    }
    m_sshd.reset();
    m_pair.reset();
}

void TestSshTargetPage::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestSshTargetPage::cleanup()
{
    m_window.reset();
}

QString TestSshTargetPage::farSysctl(const QString &path) const
{
    return m_pair->b().exec({QStringLiteral("cat"), QStringLiteral("/proc/sys/") + path});
}

void TestSshTargetPage::testLogin(const QString &login, const QString &config)
{
    auto *kind = m_window->findChild<QComboBox *>(QStringLiteral("targetKind"));
    QVERIFY(kind);
    kind->setCurrentIndex(kind->findData(int(TargetSpec::Kind::Ssh)));
    auto *loginEdit = m_window->findChild<QLineEdit *>(QStringLiteral("sshLogin"));
    auto *configEdit = m_window->findChild<QLineEdit *>(QStringLiteral("sshConfig"));
    QVERIFY(loginEdit && configEdit && loginEdit->isVisible());
    loginEdit->clear();
    QTest::keyClicks(loginEdit, login);
    configEdit->clear();
    QTest::keyClicks(configEdit, config);
    QTest::mouseClick(m_window->findChild<QPushButton *>(QStringLiteral("sshTest")), Qt::LeftButton);
}

void TestSshTargetPage::testConnectionReportsTheFarHost()
{
    SshTargetPage *page = m_window->targetPanel()->sshPage();
    testLogin(QStringLiteral("root@%1:%2").arg(m_pair->addressB()).arg(kSshPort), m_sshd->clientConfig());
    // The test runs off the GUI thread: the window still answers while it goes.
    QVERIFY(page->isTesting());
    QVERIFY(!m_window->findChild<QPushButton *>(QStringLiteral("sshTest"))->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isTesting(), 10000);
    QVERIFY2(page->farHost().has_value(), qPrintable(page->reportText()));

    const agentproto::HostDescription &far = *page->farHost();
    QCOMPARE(far.program, QStringLiteral(TCPTUNE_VERSION));
    QVERIFY2(far.helperUsable, qPrintable(far.helper));
    utsname name{};
    QCOMPARE(::uname(&name), 0);
    QCOMPARE(far.kernel, QString::fromLocal8Bit(name.release));
    QCOMPARE(far.knobs.value(QStringLiteral("net.ipv4.tcp_autocorking")), QStringLiteral("0"));
    QCOMPARE(far.knobs.value(QStringLiteral("net.ipv4.tcp_autocorking")),
             farSysctl(QStringLiteral("net/ipv4/tcp_autocorking")));

    // What the user reads: each field on a line of its own, the far knobs in their table.
    const QStringList lines = page->reportText().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 5);
    QCOMPARE(lines.at(0), QStringLiteral("ssh: ok"));
    QCOMPARE(lines.at(1), QStringLiteral("Far agent: tcptune " TCPTUNE_VERSION));
    QCOMPARE(lines.at(2), QStringLiteral("Far helper: yes, as root"));
    QCOMPARE(lines.at(3), QStringLiteral("Far kernel: ") + far.kernel);
    QVERIFY(lines.at(4).startsWith(QStringLiteral("Far knobs: %1 values").arg(far.knobs.size())));
    auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("farKnobs"));
    QVERIFY(table && table->isVisible());
    QCOMPARE(table->rowCount(), int(far.knobs.size()));
    const auto found = table->findItems(QStringLiteral("ipv4.tcp_autocorking"), Qt::MatchExactly);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.front()->toolTip(), QStringLiteral("net.ipv4.tcp_autocorking"));
    QCOMPARE(table->item(found.front()->row(), 1)->text(), QStringLiteral("0"));

    const QImage shot = saveScreenshot(m_window->targetPanel(), QStringLiteral("ssh_target_tested"));
    QVERIFY(looksDrawn(shot));
    saveScreenshot(m_window.get(), QStringLiteral("ssh_target_window"));
}

void TestSshTargetPage::wrongPortIsOneLine()
{
    SshTargetPage *page = m_window->targetPanel()->sshPage();
    testLogin(QStringLiteral("root@%1:%2").arg(m_pair->addressB()).arg(kSshPort + 1), m_sshd->clientConfig());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isTesting(), 10000);
    QVERIFY(!page->farHost());
    const QString report = page->reportText();
    QVERIFY2(!report.contains(QLatin1Char('\n')), qPrintable(report));
    QVERIFY2(report.contains(QStringLiteral("check that sshd runs there and the port is right")), qPrintable(report));
}

void TestSshTargetPage::unknownKeyIsOneLine()
{
    SshTargetPage *page = m_window->targetPanel()->sshPage();
    testLogin(QStringLiteral("root@%1:%2").arg(m_pair->addressB()).arg(kSshPort), m_sshd->strangerConfig());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isTesting(), 10000);
    QVERIFY(!page->farHost());
    const QString report = page->reportText();
    QVERIFY2(!report.contains(QLatin1Char('\n')), qPrintable(report));
    QVERIFY2(report.contains(QStringLiteral("set up key login")), qPrintable(report));
}

// The Knobs tab puts both ends side by side (Local | Remote): the Remote column shows the far
// namespace's value, an edit there (the switch, as a user flips it) is not applied at once but
// becomes remote:<key> in the run's spec, and a run from the window sets it on the far host
// (its knobs after the run show it) and puts it back there afterwards.
void TestSshTargetPage::knobsTabShowsBothEnds()
{
    KnobPanel *panel = m_window->knobPanel();
    KnobTableModel *model = panel->model();
    QVERIFY(!model->hasRemote());
    testLogin(QStringLiteral("root@%1:%2").arg(m_pair->addressB()).arg(kSshPort), m_sshd->clientConfig());
    // Before the test answers, the column says how to get the far values.
    QVERIFY(model->hasRemote());
    QVERIFY(!model->remoteEditable());
    QVERIFY2(panel->remoteNote().contains(QStringLiteral("Test connection")), qPrintable(panel->remoteNote()));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->targetPanel()->sshPage()->isTesting(), 10000);
    QVERIFY(m_window->targetPanel()->sshPage()->farHost().has_value());
    QVERIFY(model->remoteEditable());
    QVERIFY(!panel->view()->isColumnHidden(KnobTableModel::RemoteColumn));
    QCOMPARE(model->headerData(KnobTableModel::ValueColumn, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Local"));
    QCOMPARE(model->headerData(KnobTableModel::RemoteColumn, Qt::Horizontal, Qt::DisplayRole).toString(),
             QStringLiteral("Remote"));
    // Local | Remote next to each other on screen.
    QCOMPARE(panel->view()->horizontalHeader()->visualIndex(KnobTableModel::RemoteColumn),
             panel->view()->horizontalHeader()->visualIndex(KnobTableModel::ValueColumn) + 1);

    const QString key = QStringLiteral("net.ipv4.tcp_autocorking");
    const int row = model->rowOf(key);
    QVERIFY(row >= 0);
    const QModelIndex remote = model->index(row, KnobTableModel::RemoteColumn);
    QCOMPARE(remote.data(Qt::EditRole).toString(), QStringLiteral("0")); // the far namespace's
    QCOMPARE(model->index(row, KnobTableModel::ValueColumn).data(KnobTableModel::CanonicalRole).toString(),
             QStringLiteral("1")); // this side's (the client namespace's default)

    m_window->tabs()->setCurrentWidget(panel);
    panel->view()->scrollTo(remote);
    panel->view()->setCurrentIndex(remote);
    panel->view()->edit(remote);
    auto *knobSwitch = panel->view()->viewport()->findChild<QCheckBox *>(QStringLiteral("knobSwitch"));
    QVERIFY(knobSwitch);
    knobSwitch->click();
    QCOMPARE(model->remoteChanges().value(key), QStringLiteral("1"));
    QCOMPARE(farSysctl(QStringLiteral("net/ipv4/tcp_autocorking")), QStringLiteral("0")); // not at once
    panel->view()->setFocus();
    QVERIFY(looksDrawn(saveScreenshot(m_window.get(), QStringLiteral("ssh_knobs_local_remote"))));

    ExperimentSpec spec;
    QString problem;
    QVERIFY2(m_window->currentSpec(spec, &problem), qPrintable(problem));
    QCOMPARE(spec.target.kind, TargetSpec::Kind::Ssh);
    QCOMPARE(spec.knobs.value(QStringLiteral("remote:") + key), QStringLiteral("1"));

    auto *duration = m_window->findChild<QDoubleSpinBox *>(QStringLiteral("duration"));
    QVERIFY(duration);
    duration->setValue(1);
    QSignalSpy finished(m_window->runner(), &RunnerThread::runFinished);
    QSignalSpy stopped(m_window->runner(), &RunnerThread::stopped);
    m_window->startRun();
    QVERIFY(stopped.wait(60000));
    QCOMPARE(finished.size(), 1);
    const auto run = finished.front().front().value<RunRecord>();
    const EndRecord *far = run.endRecord(RunEnd::Remote);
    QVERIFY2(far, qPrintable(run.error));
    QCOMPARE(far->knobsAfter.value(key), QStringLiteral("1"));                            // set for the run
    QCOMPARE(farSysctl(QStringLiteral("net/ipv4/tcp_autocorking")), QStringLiteral("0")); // and put back
}

QTEST_MAIN(TestSshTargetPage)
#include "tst_ssh_target_page.moc"
