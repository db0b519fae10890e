// The main window renders offscreen, and its knob panel lists exactly the catalogue's sysctls
// with the values /proc/sys holds. As root it warns that it needs no more than a user's account.

#include "experiment/record/run_record.h"
#include "experiment/run/runner_thread.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/help_menu.h"
#include "panels/message_banner.h"
#include "panels/run_control_panel.h"
#include "screenshot.h"

#include <QAbstractButton>
#include <QAction>
#include <QMenuBar>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QMenu>
#include <QTableWidget>
#include <QFile>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QStatusBar>
#include <QTest>

#include <unistd.h>

using namespace tcptune;

class TestMainWindow final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void knobPanelRowsFollowCatalogue();
    void rendersSomething();
    void shortcuts_data();
    void shortcuts();
    void mnemonicsAreUniquePerTab();
    void settingsAreRemembered();
    void warnsWhenRunAsRoot();
    void helpMenuExplainsKnobsAndKeys();
    void progressCountsThePlanThroughTheWindow();
};

void TestMainWindow::knobPanelRowsFollowCatalogue()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The default target is the lab, whose client namespace is not up here: read the host.
    window.knobPanel()->setNamespace(QString());
    KnobTableModel *model = window.knobPanel()->model();
    const QList<KnobInfo> sysctls = KnobCatalogue::instance().ofKind(KnobKind::Sysctl);
    QCOMPARE(model->rowCount(), sysctls.size());
    for (int row = 0; row < sysctls.size(); ++row) {
        QCOMPARE(model->index(row, KnobTableModel::KeyColumn).data().toString(), sysctls[row].key);
        const KnobReading &r = model->readingAt(row);
        QFile proc(sysctls[row].procPath());
        QCOMPARE(r.available(), proc.open(QIODevice::ReadOnly));
        if (r.available())
            QCOMPARE(*r.value, QString::fromUtf8(proc.readAll()).trimmed());
    }
}

void TestMainWindow::warnsWhenRunAsRoot()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *label = window.statusBar()->findChild<QLabel *>(QStringLiteral("rootWarning"));
    if (::geteuid() != 0) {
        QVERIFY(!label); // a user's workbench is as it should be
        return;
    }
    QVERIFY(label);
    QVERIFY(label->isVisible());
    QVERIFY(window.banner()->isVisible());
    QCOMPARE(window.banner()->level(), MessageBanner::Level::Warning);
    QVERIFY2(window.banner()->text().contains(QStringLiteral("root")), qPrintable(window.banner()->text()));
}

void TestMainWindow::rendersSomething()
{
    MainWindow window;
    window.resize(1100, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QImage shot = test::saveScreenshot(&window, QStringLiteral("main_window_knobs"));
    QVERIFY(test::looksDrawn(shot));
    // The table shows every row's key: a row's rectangle is non-empty for the first row.
    QTableView *view = window.knobPanel()->view();
    QVERIFY(view->visualRect(view->model()->index(0, 0)).isValid());
}

void TestMainWindow::shortcuts_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<QKeySequence>("key");
    QTest::addRow("run") << QStringLiteral("actionRun") << QKeySequence(Qt::CTRL | Qt::Key_R);
    QTest::addRow("stop with Esc") << QStringLiteral("actionStop") << QKeySequence(Qt::Key_Escape);
    QTest::addRow("stop with Ctrl+.") << QStringLiteral("actionStop") << QKeySequence(Qt::CTRL | Qt::Key_Period);
    QTest::addRow("open capture") << QStringLiteral("actionOpenCapture") << QKeySequence(QKeySequence::Open);
}

void TestMainWindow::shortcuts()
{
    QFETCH(QString, action);
    QFETCH(QKeySequence, key);
    MainWindow window;
    auto *a = window.findChild<QAction *>(action);
    QVERIFY(a);
    QVERIFY(a->shortcuts().contains(key));
}

// The letter after '&' in TEXT, lower case; none when TEXT has no mnemonic.
static QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('&'))
            continue;
        if (text.at(i + 1) != QLatin1Char('&'))
            return text.at(i + 1).toLower();
        ++i; // "&&" is a literal '&'
    }
    return {};
}

// Alt+letter reaches one thing on each tab: the menus, the tabs and the tab's visible buttons
// (History's "Re&fresh" took Alt+F from the File menu, so the English walkthrough's File >
// Export never opened).
void TestMainWindow::mnemonicsAreUniquePerTab()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (int tab = 0; tab < window.tabs()->count(); ++tab) {
        window.tabs()->setCurrentIndex(tab);
        QTest::qWait(20);
        QMap<QChar, QString> owners;
        QStringList clashes;
        int keyed = 0; // texts with a mnemonic: without any, no clash could be found
        auto add = [&](const QString &text) {
            const QChar key = mnemonicOf(text);
            if (key.isNull())
                return;
            ++keyed;
            if (owners.contains(key))
                clashes.append(QStringLiteral("Alt+%1: %2 and %3").arg(key, owners.value(key), text));
            owners.insert(key, text);
        };
        for (QAction *menu : window.menuBar()->actions())
            add(menu->text());
        for (int t = 0; t < window.tabs()->count(); ++t)
            add(window.tabs()->tabText(t));
        for (QAbstractButton *button : window.findChildren<QAbstractButton *>())
            if (button->isVisible())
                add(button->text());
        QVERIFY2(keyed > 0, qPrintable(window.tabs()->tabText(tab)));
        QVERIFY2(clashes.isEmpty(),
                 qPrintable(window.tabs()->tabText(tab) + QStringLiteral(": ") + clashes.join(QStringLiteral("; "))));
    }
}

void TestMainWindow::settingsAreRemembered()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resize(1234, 777);
        window.findChild<QComboBox *>(QStringLiteral("targetKind"))->setCurrentIndex(2);
        auto *host = window.findChild<QLineEdit *>(QStringLiteral("iperfHost"));
        QTest::keyClicks(host, QStringLiteral("198.18.40.2"));
        window.findChild<QSpinBox *>(QStringLiteral("streams"))->setValue(4);
        window.findChild<QCheckBox *>(QStringLiteral("nodelay"))->setChecked(true);
        window.tabs()->setCurrentIndex(1);
        window.close();
    }
    MainWindow again;
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.size(), QSize(1234, 777));
    QCOMPARE(again.findChild<QComboBox *>(QStringLiteral("targetKind"))->currentIndex(), 2);
    QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("iperfHost"))->text(), QStringLiteral("198.18.40.2"));
    QCOMPARE(again.findChild<QSpinBox *>(QStringLiteral("streams"))->value(), 4);
    QVERIFY(again.findChild<QCheckBox *>(QStringLiteral("nodelay"))->isChecked());
    QCOMPARE(again.tabs()->currentIndex(), 1);
    QSettings().clear();
}

// Issue 18, point 16: Help has more than About: what each knob means and the shortcuts.
void TestMainWindow::helpMenuExplainsKnobsAndKeys()
{
    MainWindow window;
    auto *help = window.findChild<QMenu *>(QStringLiteral("menuHelp"));
    QVERIFY(help);
    QStringList names;
    for (QAction *a : help->actions())
        if (!a->isSeparator())
            names.append(a->objectName());
    QVERIFY2(names.size() >= 3, qPrintable(names.join(QLatin1Char(' '))));
    QVERIFY(names.contains(QStringLiteral("actionKnobGuide")));
    QVERIFY(names.contains(QStringLiteral("actionShortcuts")));
    auto *helpMenu = window.findChild<HelpMenu *>();
    QVERIFY(helpMenu);
    QDialog *guide = helpMenu->knobGuide();
    auto *table = guide->findChild<QTableWidget *>();
    QCOMPARE(table->rowCount(), KnobCatalogue::instance().all().size());
    QCOMPARE(table->item(0, 0)->text(), KnobCatalogue::instance().all().first().key);
    QVERIFY(!table->item(0, 1)->text().isEmpty());
    delete guide;
    QDialog *keys = helpMenu->shortcutList();
    auto *shortcuts = keys->findChild<QTableWidget *>();
    QStringList rows;
    for (int r = 0; r < shortcuts->rowCount(); ++r)
        rows.append(shortcuts->item(r, 1)->text());
    QVERIFY2(rows.contains(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText)),
             qPrintable(rows.join(QLatin1Char('|'))));
    delete keys;
}

// Issue 18, point 9: a sweep's progress counts the plan's runs; the samples of run 3 of 4 do not
// turn the bar into "run 1 of 1".
void TestMainWindow::progressCountsThePlanThroughTheWindow()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunnerThread *session = window.runner();
    Q_EMIT session->begun();
    Q_EMIT session->started(7, 4, 0);
    Q_EMIT session->progress(2, 4, 30);
    Q_EMIT session->runStarted(2, 1, 0, QStringLiteral("256 KiB"));
    RunSample sample;
    sample.t = 1;
    sample.throughputBps = 1e8;
    Q_EMIT session->samplesReady(2, {sample});
    const QString text = window.runControl()->progressText();
    QVERIFY2(text.startsWith(QStringLiteral("run 3 of 4")), qPrintable(text));
    Q_EMIT session->finished(7, QStringLiteral("cancelled"));
    QVERIFY2(window.runControl()->progressText().contains(QStringLiteral("cancelled")),
             qPrintable(window.runControl()->progressText()));
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
