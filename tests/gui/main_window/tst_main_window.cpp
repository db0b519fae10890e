// The main window renders offscreen, and its knob panel lists exactly the catalogue's sysctls
// with the values /proc/sys holds. As root it warns that it needs no more than a user's account.

#include "knobs/knob_catalogue.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "screenshot.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
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
    void settingsAreRemembered();
    void warnsWhenRunAsRoot();
};

void TestMainWindow::knobPanelRowsFollowCatalogue()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
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

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
