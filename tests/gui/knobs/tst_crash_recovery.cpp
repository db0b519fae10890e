// Recovery is visible (issue 18, point 15). A tcptune killed with its helper leaves a journal;
// at the next start the window shows a banner with "Restore now" before anything runs (a run is
// refused meanwhile), and the Knobs tab shows the value before the crash as the original, not
// the changed value it reads now. "Restore now" starts the helper, which rolls the change back.
// Needs root: a scratch namespace, a journal under /run/tcptune, the helper started directly.

#include "experiment/run/runner_thread.h"
#include "test_paths.h"
#include "helper/helper_connection.h"
#include "helper/helper_journal.h"
#include "knobs/crash_recovery.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "scratch_namespace.h"
#include "screenshot.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <unistd.h>

using namespace tcptune;
using namespace tcptune::test;

namespace {

const QString kCork = QStringLiteral("net.ipv4.tcp_autocorking");

// What a helper killed after setting autocorking to 0 in NETNS leaves behind (no lock held).
void writeOrphanJournal(const QString &dir, const QString &netns)
{
    const QJsonObject entry{{QStringLiteral("key"), kCork},
                            {QStringLiteral("netns"), netns},
                            {QStringLiteral("old"), QStringLiteral("1")},
                            {QStringLiteral("new"), QStringLiteral("0")}};
    const QJsonObject journal{{QStringLiteral("boot_id"), HelperJournal::currentBootId()},
                              {QStringLiteral("entries"), QJsonArray{entry}}};
    QFile file(dir + QStringLiteral("/journal-999999.json"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(journal).toJson());
    QFile lock(dir + QStringLiteral("/journal-999999.lock"));
    QVERIFY(lock.open(QIODevice::WriteOnly));
}

} // namespace

class TestCrashRecovery final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void bannerFirstThenRestore();

private:
    std::unique_ptr<ScratchNamespace> m_ns;
    QString m_dir;
};

void TestCrashRecovery::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("needs root: a scratch namespace, /run/tcptune and the helper started directly");
    QStandardPaths::setTestModeEnabled(true);
    m_ns = std::make_unique<ScratchNamespace>(QStringLiteral("recover1"));
    QVERIFY2(m_ns->ok(), qPrintable(m_ns->error()));
    m_dir = QStringLiteral("/run/tcptune/test-crash-recovery-%1").arg(::getpid());
    QVERIFY(QDir().mkpath(m_dir));
    QFile::setPermissions(m_dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

void TestCrashRecovery::cleanupTestCase()
{
    m_ns.reset();
    if (!m_dir.isEmpty())
        QDir(m_dir).removeRecursively();
}

void TestCrashRecovery::bannerFirstThenRestore()
{
    // The killed session had set autocorking to 0 in the namespace.
    m_ns->exec({QStringLiteral("sysctl"), QStringLiteral("-qw"), kCork + QStringLiteral("=0")});
    writeOrphanJournal(m_dir, m_ns->name());

    MainWindow window;
    HelperStartOptions options;
    options.launch = HelperStartOptions::Launch::Direct;
    options.helperPath = binPath(QStringLiteral("tcptune-helper"));
    options.journalDir = m_dir;
    options.startTimeoutMs = 20000;
    window.helper()->setStartOptions(options);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.recovery()->check(m_dir));

    // The banner comes first and says what is still changed.
    QVERIFY(window.banner()->isVisible());
    QVERIFY2(window.banner()->text().contains(kCork), qPrintable(window.banner()->text()));
    QVERIFY(window.banner()->actionButton()->isVisible());
    // Nothing runs before the restore.
    QSignalSpy refused(window.runner(), &RunnerThread::refused);
    QVERIFY(!window.runner()->start(SweepPlan(ExperimentSpec{})));
    QCOMPARE(refused.size(), 1);
    QVERIFY(!window.runner()->isRunning());

    // The Knobs tab shows the value before the crash as the original.
    window.knobPanel()->setNamespace(m_ns->name());
    KnobTableModel *model = window.knobPanel()->model();
    const QModelIndex value = model->index(model->rowOf(kCork), KnobTableModel::ValueColumn);
    QCOMPARE(value.data(KnobTableModel::OriginalRole).toString(), QStringLiteral("1"));
    QCOMPARE(value.data(KnobTableModel::CanonicalRole).toString(), QStringLiteral("0"));
    QVERIFY(value.data(KnobTableModel::ChangedRole).toBool());
    saveScreenshot(&window, QStringLiteral("crash_recovery_banner"));

    QTest::mouseClick(window.banner()->actionButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_ns->exec({QStringLiteral("sysctl"), QStringLiteral("-n"), kCork}).simplified(),
                              QStringLiteral("1"), 20000);
    QTRY_VERIFY(!window.recovery()->isPending());
    QVERIFY2(window.banner()->text().contains(QStringLiteral("restored")), qPrintable(window.banner()->text()));
    QTRY_VERIFY(
        !model->index(model->rowOf(kCork), KnobTableModel::ValueColumn).data(KnobTableModel::ChangedRole).toBool());
    QVERIFY(window.runner()->blockedReason().isEmpty());
    QVERIFY(!QFile::exists(m_dir + QStringLiteral("/journal-999999.json")));
}

QTEST_MAIN(TestCrashRecovery)
#include "tst_crash_recovery.moc"
