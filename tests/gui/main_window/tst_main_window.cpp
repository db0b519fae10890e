// The main window renders offscreen, and its knob panel lists exactly the catalogue's sysctls
// with the values /proc/sys holds.

#include "knobs/knob_catalogue.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "screenshot.h"

#include <QFile>
#include <QTableView>
#include <QTest>

using namespace tcptune;

class TestMainWindow final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void knobPanelRowsFollowCatalogue();
    void rendersSomething();
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

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
