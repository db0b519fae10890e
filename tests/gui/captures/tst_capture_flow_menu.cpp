// The right-click menu of a capture's flows, every action triggered for real on captures from
// tests/data: "Copy as display filter" puts a filter on the clipboard that tshark (the oracle)
// accepts and that selects exactly the flow's packets, as many as the panel lists for it, in both
// directions (an IPv4 and an IPv6 capture); "Copy flow" the row tab-separated; "Copy capture file
// path" the file; "Open containing folder" hands the folder to the desktop (caught here with
// QDesktopServices' URL handler, as a file manager would get it).

#include "captures/capture_flow_menu.h"
#include "captures/capture_panel.h"
#include "charts/throughput_rtt_view.h"
#include "command_runner.h"
#include "test_data.h"

#include <QAction>
#include <QClipboard>
#include <QDesktopServices>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QUrl>

#include <memory>

using namespace tcptune;

class TestCaptureFlowMenu final : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void openUrl(const QUrl &url) { m_opened.append(url); }

private Q_SLOTS:
    void filterSelectsExactlyTheFlowsPackets_data();
    void filterSelectsExactlyTheFlowsPackets();
    void copiesTheRowAndThePathAndOpensTheFolder();
    void rightClickPopsUpTheFlowsMenu();

private:
    bool load(CapturePanel &panel, const QString &path);
    QList<QUrl> m_opened;
};

namespace {

QAction *actionOf(QMenu *menu, const char *name)
{
    return menu->findChild<QAction *>(QString::fromLatin1(name));
}

// Packets of PATH tshark selects with FILTER; -1 when tshark refused the filter.
qsizetype tsharkCount(const QString &path, const QString &filter, QByteArray *error)
{
    const auto r = test::runCommand(QStringLiteral("tshark"),
                                    {QStringLiteral("-n"), QStringLiteral("-r"), path, QStringLiteral("-Y"), filter,
                                     QStringLiteral("-T"), QStringLiteral("fields"), QStringLiteral("-e"),
                                     QStringLiteral("frame.number")});
    *error = r.err;
    if (r.exitCode != 0)
        return -1;
    return r.out.count('\n');
}

} // namespace

bool TestCaptureFlowMenu::load(CapturePanel &panel, const QString &path)
{
    QSignalSpy loaded(&panel, &CapturePanel::captureLoaded);
    panel.open(path);
    return loaded.wait(60000) || loaded.size() == 1;
}

void TestCaptureFlowMenu::filterSelectsExactlyTheFlowsPackets_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("family");
    QTest::addRow("IPv4") << QStringLiteral("zeek_http_download_retrans.pcap") << QStringLiteral("ip.src==");
    QTest::addRow("IPv6") << QStringLiteral("tcptrace_ipv6_ftp_nasa_1998.pcap") << QStringLiteral("ipv6.src==");
}

void TestCaptureFlowMenu::filterSelectsExactlyTheFlowsPackets()
{
    QFETCH(QString, file);
    QFETCH(QString, family);
    const QString path = test::captureFile(file);
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QVERIFY(load(panel, path));
    QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
    QVERIFY(top && top->childCount() > 0);
    int ofFamily = 0; // flows of the address family the capture is chosen for
    for (int f = 0; f < top->childCount(); ++f) {
        QTreeWidgetItem *flow = top->child(f);
        const std::unique_ptr<QMenu> menu(panel.flowMenu()->menuFor(flow));
        QAction *copyFilter = actionOf(menu.get(), "actionCopyFlowFilter");
        QVERIFY(copyFilter);
        QGuiApplication::clipboard()->clear();
        copyFilter->trigger();
        const QString filter = QGuiApplication::clipboard()->text();
        QVERIFY2(filter.startsWith(QLatin1String("(ip")), qPrintable(filter));
        ofFamily += filter.startsWith(QLatin1Char('(') + family) ? 1 : 0;
        QByteArray error;
        const qsizetype selected = tsharkCount(path, filter, &error);
        QVERIFY2(selected >= 0, error.constData());
        QCOMPARE(QString::number(selected), flow->text(1)); // the Packets column
    }
    QVERIFY(ofFamily > 0);
}

void TestCaptureFlowMenu::copiesTheRowAndThePathAndOpensTheFolder()
{
    const QString path = test::captureFile(QStringLiteral("zeek_http_download_retrans.pcap"));
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    QVERIFY(load(panel, path));
    QTreeWidgetItem *top = panel.tree()->topLevelItem(0);
    QTreeWidgetItem *flow = top->child(0);
    const std::unique_ptr<QMenu> menu(panel.flowMenu()->menuFor(flow));

    actionOf(menu.get(), "actionCopyFlow")->trigger();
    const QStringList cells = QGuiApplication::clipboard()->text().split(QLatin1Char('\t'));
    QCOMPARE(cells.size(), panel.tree()->columnCount());
    QVERIFY2(cells.first().contains(QStringLiteral(" → ")), qPrintable(cells.first()));
    QCOMPARE(cells.value(1), flow->text(1));
    QVERIFY(panel.findChild<QLabel *>(QStringLiteral("captureStatus"))->text().contains(QStringLiteral("Copied")));

    actionOf(menu.get(), "actionCopyCapturePath")->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), path);

    QDesktopServices::setUrlHandler(QStringLiteral("file"), this, "openUrl");
    actionOf(menu.get(), "actionOpenCaptureFolder")->trigger();
    QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
    QCOMPARE(m_opened.size(), 1);
    QCOMPARE(m_opened.first().toLocalFile(), QFileInfo(path).absolutePath());

    // A capture's own row: its file only, no flow to copy.
    const std::unique_ptr<QMenu> captureMenu(panel.flowMenu()->menuFor(top));
    QVERIFY(!actionOf(captureMenu.get(), "actionCopyFlowFilter"));
    QVERIFY(actionOf(captureMenu.get(), "actionCopyCapturePath"));
}

// The menu a right-click on a flow's row brings up is the flow's, with its filter action.
void TestCaptureFlowMenu::rightClickPopsUpTheFlowsMenu()
{
    ThroughputRttView chart;
    CapturePanel panel(&chart);
    panel.resize(800, 400);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(load(panel, test::captureFile(QStringLiteral("zeek_http_download_retrans.pcap"))));
    QTreeWidgetItem *flow = panel.tree()->topLevelItem(0)->child(0);
    const QPoint at = panel.tree()->visualItemRect(flow).center();
    QVERIFY(!at.isNull());
    Q_EMIT panel.tree()->customContextMenuRequested(at);
    QMenu *popup = nullptr;
    QTRY_VERIFY((popup = panel.tree()->findChild<QMenu *>(QStringLiteral("captureFlowMenu"))) && popup->isVisible());
    QAction *copyFilter = actionOf(popup, "actionCopyFlowFilter");
    QVERIFY(copyFilter);
    copyFilter->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), flow->data(0, CaptureFlowMenu::kFilterRole).toString());
    popup->close();
}

QTEST_MAIN(TestCaptureFlowMenu)
#include "tst_capture_flow_menu.moc"
