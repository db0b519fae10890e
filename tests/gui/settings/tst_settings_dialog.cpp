// Issue 32: File > Settings... chooses the result store, "This computer" or a PostgreSQL server,
// tests the connection without blocking the dialog, and OK makes the choice the store that
// ResultStore::defaultPath() names and History reads. Against a real PostgreSQL server.

#include "common/saved_store.h"
#include "experiment/spec/experiment_spec.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "main_window.h"
#include "postgres_server.h"
#include "screenshot.h"
#include "settings/outbox_status.h"
#include "settings/settings_dialog.h"
#include "settings/settings_menu.h"
#include "settings/store_settings_page.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace tcptune;

namespace {

template <typename T> T *child(QWidget *parent, const char *name)
{
    return parent->findChild<T *>(QString::fromLatin1(name));
}

// Fills the server's fields as a user types them.
void fillServer(StoreSettingsPage *page, const test::PostgresServer &server, const QString &database)
{
    child<QRadioButton>(page, "storeServer")->click();
    auto *host = child<QLineEdit>(page, "storeHost");
    host->clear();
    QTest::keyClicks(host, server.socketFolder());
    child<QSpinBox>(page, "storePort")->setValue(server.port());
    auto *name = child<QLineEdit>(page, "storeDatabase");
    name->clear();
    QTest::keyClicks(name, database);
    auto *user = child<QLineEdit>(page, "storeUser");
    user->clear();
    QTest::keyClicks(user, QStringLiteral("tcptune"));
}

// Clicks Test connection, checks that the dialog goes on at once with the button disabled, and
// waits for the answer.
bool testAndWait(StoreSettingsPage *page)
{
    auto *button = child<QPushButton>(page, "storeTest");
    if (!button->isEnabled())
        return false;
    QTest::mouseClick(button, Qt::LeftButton);
    if (!page->isTesting() || button->isEnabled())
        return false; // it blocked, or let a second test start
    return QTest::qWaitFor([page] { return !page->isTesting(); }, 60000) && button->isEnabled();
}

} // namespace

class TestSettingsDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanupTestCase();
    void fileMenuOpensSettings();
    void thisComputerShowsItsFile();
    void serverFieldsMakeTheAddress();
    void testConnectionConnects();
    void wrongPasswordSaysWhatToFix();
    void unknownDatabaseSaysWhatToFix();
    void okSavesTheStoreDefaultPathNames();
    void historyReadsTheChosenStore();
    void statusBarCountsTheOutbox();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<test::PostgresServer> m_server;
};

void TestSettingsDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // never the user's own settings
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    qputenv("XDG_DATA_HOME", m_dir->filePath(QStringLiteral("data")).toLocal8Bit());
    qunsetenv("TCPTUNE_STORE");
    qunsetenv("TCPTUNE_RESULTS_DB");
    m_server = std::make_unique<test::PostgresServer>();
    if (const QString error = m_server->start(); !error.isEmpty())
        QFAIL(qPrintable(error));
    QCOMPARE(m_server->createDatabase(QStringLiteral("team")), QString());
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
}

void TestSettingsDialog::init()
{
    savedstore::save(QString());
    qputenv("PGPASSFILE", m_server->passwordFile().toLocal8Bit());
}

void TestSettingsDialog::cleanupTestCase()
{
    savedstore::save(QString());
    m_server.reset();
}

// File > Settings..., with a mnemonic and the desktop's Preferences keys, opens the dialog
// without blocking the window.
void TestSettingsDialog::fileMenuOpensSettings()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *action = window.findChild<QAction *>(QStringLiteral("actionSettings"));
    QVERIFY(action);
    QVERIFY(action->text().contains(QLatin1Char('&')));
    QVERIFY(!action->shortcuts().isEmpty());
    const QList<QKeySequence> preferences = QKeySequence::keyBindings(QKeySequence::Preferences);
    // The platform's Preferences keys; where it has none (X11 without KDE, offscreen), Ctrl+,.
    QCOMPARE(action->shortcuts(),
             preferences.isEmpty() ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Comma)} : preferences);
    QMenu *file = nullptr;
    for (QObject *object : action->associatedObjects())
        if ((file = qobject_cast<QMenu *>(object)))
            break;
    QVERIFY(file);
    QVERIFY(file->title().remove(QLatin1Char('&')) == QStringLiteral("File"));
    action->trigger();
    auto *dialog = window.findChild<SettingsDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(dialog->isModal()); // window-modal through open(), not exec()'s own loop
    dialog->reject();
}

void TestSettingsDialog::thisComputerShowsItsFile()
{
    SettingsDialog dialog;
    StoreSettingsPage *page = dialog.storePage();
    QVERIFY(child<QRadioButton>(page, "storeThisComputer")->isChecked());
    const QString file = m_dir->filePath(QStringLiteral("data/tcptune/results.db"));
    QVERIFY2(child<QLabel>(page, "storeFile")->text().contains(file),
             qPrintable(child<QLabel>(page, "storeFile")->text()));
    QCOMPARE(page->location(), file);
    QCOMPARE(child<QLineEdit>(page, "storeAddress")->text(), file);
    QVERIFY(!child<QWidget>(page, "storeServerFields")->isEnabled());
    // No password field anywhere: the password goes into ~/.pgpass.
    for (QLineEdit *edit : dialog.findChildren<QLineEdit *>())
        QVERIFY(edit->echoMode() == QLineEdit::Normal);
}

void TestSettingsDialog::serverFieldsMakeTheAddress()
{
    SettingsDialog dialog;
    StoreSettingsPage *page = dialog.storePage();
    QPushButton *ok = dialog.buttons()->button(QDialogButtonBox::Ok);
    child<QRadioButton>(page, "storeServer")->click();
    child<QLineEdit>(page, "storeHost")->clear();
    QVERIFY(!ok->isEnabled()); // no host: no address to save
    QVERIFY(!child<QPushButton>(page, "storeTest")->isEnabled());
    QTest::keyClicks(child<QLineEdit>(page, "storeHost"), QStringLiteral("db.example.org"));
    child<QSpinBox>(page, "storePort")->setValue(5433);
    child<QLineEdit>(page, "storeDatabase")->setText(QStringLiteral("fleet"));
    child<QLineEdit>(page, "storeUser")->setText(QStringLiteral("ana"));
    child<QComboBox>(page, "storeSslMode")->setCurrentText(QStringLiteral("verify-full"));
    QCOMPARE(child<QLineEdit>(page, "storeAddress")->text(),
             QStringLiteral("postgresql://ana@db.example.org:5433/fleet?sslmode=verify-full"));
    QVERIFY(ok->isEnabled());
    QCOMPARE(child<QComboBox>(page, "storeSslMode")->count(), 6);
    // A socket folder goes into the query, as libpq reads it.
    child<QLineEdit>(page, "storeHost")->setText(QStringLiteral("/run/postgresql"));
    child<QComboBox>(page, "storeSslMode")->setCurrentText(QStringLiteral("prefer"));
    QCOMPARE(page->location(), QStringLiteral("postgresql://ana@localhost:5433/fleet?host=/run/postgresql"));
    // And an address read back fills the same fields.
    page->setLocation(QStringLiteral("postgresql://bo@db2:6000/lab?sslmode=require&connect_timeout=3"));
    QCOMPARE(child<QLineEdit>(page, "storeHost")->text(), QStringLiteral("db2"));
    QCOMPARE(child<QSpinBox>(page, "storePort")->value(), 6000);
    QCOMPARE(child<QComboBox>(page, "storeSslMode")->currentText(), QStringLiteral("require"));
    QCOMPARE(page->location(), QStringLiteral("postgresql://bo@db2:6000/lab?sslmode=require&connect_timeout=3"));
}

void TestSettingsDialog::testConnectionConnects()
{
    SettingsDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    StoreSettingsPage *page = dialog.storePage();
    fillServer(page, *m_server, QStringLiteral("team"));
    QCOMPARE(page->location(), m_server->storeAddress(QStringLiteral("team")));
    QVERIFY(testAndWait(page));
    // "experiment(s)": English, untranslated, says plurals as the other %n messages do.
    const QString expected = QStringLiteral("Connected: schema %1, 0 experiment").arg(ResultStore::kSchemaVersion);
    QVERIFY2(page->testResult().startsWith(expected), qPrintable(page->testResult()));
    const QImage shot = test::saveScreenshot(&dialog, QStringLiteral("settings-result-store"));
    QVERIFY(test::looksDrawn(shot));
}

void TestSettingsDialog::wrongPasswordSaysWhatToFix()
{
    qputenv("PGPASSFILE", m_server->wrongPasswordFile().toLocal8Bit());
    SettingsDialog dialog;
    StoreSettingsPage *page = dialog.storePage();
    fillServer(page, *m_server, QStringLiteral("team"));
    QVERIFY(testAndWait(page));
    const QString result = page->testResult();
    QVERIFY2(result.contains(QStringLiteral("refused the password of tcptune")) &&
                 result.contains(QStringLiteral("~/.pgpass")) && !result.contains(QLatin1Char('\n')),
             qPrintable(result));
}

void TestSettingsDialog::unknownDatabaseSaysWhatToFix()
{
    SettingsDialog dialog;
    StoreSettingsPage *page = dialog.storePage();
    fillServer(page, *m_server, QStringLiteral("nosuchdb"));
    QVERIFY(testAndWait(page));
    const QString result = page->testResult();
    QVERIFY2(result.contains(QStringLiteral("has no database nosuchdb")) &&
                 result.contains(QStringLiteral("createdb nosuchdb")),
             qPrintable(result));
}

void TestSettingsDialog::okSavesTheStoreDefaultPathNames()
{
    const QString address = m_server->storeAddress(QStringLiteral("team"));
    {
        SettingsDialog dialog;
        fillServer(dialog.storePage(), *m_server, QStringLiteral("team"));
        QSignalSpy changed(&dialog, &SettingsDialog::storeChanged);
        QTest::mouseClick(dialog.buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().first().toString(), address);
    }
    QCOMPARE(QSettings().value(QStringLiteral("store/location")).toString(), address);
    QCOMPARE(ResultStore::defaultPath(), address);
    // The environment still wins, as on the command line.
    const QString file = m_dir->filePath(QStringLiteral("env.db"));
    qputenv("TCPTUNE_RESULTS_DB", file.toLocal8Bit());
    QCOMPARE(ResultStore::defaultPath(), file);
    {
        SettingsDialog dialog; // and the dialog says so
        QVERIFY(dialog.findChildren<QLabel *>().size() > 0);
        bool said = false;
        for (QLabel *label : dialog.findChildren<QLabel *>())
            said = said || (label->text().contains(QStringLiteral("TCPTUNE_RESULTS_DB")) && !label->isHidden());
        QVERIFY(said);
    }
    qunsetenv("TCPTUNE_RESULTS_DB");
    // Reopened, the dialog shows the saved server; "This computer" and OK go back to the file.
    SettingsDialog again;
    QVERIFY(child<QRadioButton>(again.storePage(), "storeServer")->isChecked());
    QCOMPARE(again.storePage()->location(), address);
    child<QRadioButton>(again.storePage(), "storeThisComputer")->click();
    again.accept();
    QVERIFY(!QSettings().contains(QStringLiteral("store/location")));
    QCOMPARE(ResultStore::defaultPath(), m_dir->filePath(QStringLiteral("data/tcptune/results.db")));
}

// The choice takes effect: History lists what the server holds once OK is clicked.
void TestSettingsDialog::historyReadsTheChosenStore()
{
    const QString address = m_server->storeAddress(QStringLiteral("team"));
    {
        ResultStore store;
        QVERIFY(store.open(address));
        ExperimentSpec spec;
        spec.name = QStringLiteral("kept on the team server");
        QVERIFY(store.createExperiment(SweepPlan(spec)));
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTreeWidget *tree = window.historyPanel()->tree();
    const auto onServer = [tree] {
        return !tree->findItems(QStringLiteral("kept on the team server"), Qt::MatchContains | Qt::MatchRecursive)
                    .isEmpty();
    };
    window.historyPanel()->refresh();
    QVERIFY(!onServer()); // the file on this computer has no such experiment
    SettingsDialog *dialog = window.findChild<SettingsMenu *>()->open();
    fillServer(dialog->storePage(), *m_server, QStringLiteral("team"));
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_VERIFY(onServer());
}

// Runs a sweep kept in the outbox while the server did not answer are counted in the status bar
// ("Runs waiting for the server: 2"); none, and the label is hidden.
void TestSettingsDialog::statusBarCountsTheOutbox()
{
    QFile::remove(ResultStore::outboxPath());
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *status = window.findChild<OutboxStatus *>(QStringLiteral("outboxStatus"));
    QVERIFY(status);
    QVERIFY(!status->isVisible());
    {
        ResultStore outbox;
        QVERIFY(outbox.open(ResultStore::outboxPath()).has_value());
        ExperimentSpec spec;
        spec.name = QStringLiteral("kept while the server was away");
        const auto id = outbox.createExperiment(SweepPlan{spec});
        QVERIFY(id.has_value());
        for (int index = 0; index < 2; ++index) {
            RunRecord run;
            run.experimentId = *id;
            run.runIndex = index;
            QVERIFY(outbox.beginRun(run).has_value());
        }
    }
    status->refresh();
    QVERIFY(status->isVisible());
    QCOMPARE(status->text(), QStringLiteral("Runs waiting for the server: 2"));
    QVERIFY(status->toolTip().contains(QStringLiteral("tcptune results sync")));
    QVERIFY(QFile::remove(ResultStore::outboxPath()));
    status->refresh();
    QVERIFY(!status->isVisible());
}

QTEST_MAIN(TestSettingsDialog)
#include "tst_settings_dialog.moc"
