// The workbench in German at 1280x800 (issue 18, points 7 and 16): no widget is smaller than its
// minimum size hint on any tab, the left panel needs no horizontal scroll bar, the columns of the
// knob table, History and the sweep table show their text whole (defaults on one line, Scope as
// wide as its word, long sweep titles on two lines), the words a German network engineer uses
// (Parameter, Verlauf), decimals with a comma, and what is on screen is translated. Saves a
// screenshot of every tab.

#include "history/history_panel.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "screenshot.h"
#include "sweep/sweep_panel.h"
#include "sweep/wrapping_header.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTranslator>
#include <QTreeWidget>

using namespace tcptune;

namespace {

// Words that are the same in both languages (names, units, knob keys).
bool neutral(const QString &text)
{
    static const QStringList same{QStringLiteral("MTU"),      QStringLiteral("TCP_NODELAY (Nagle off)"),
                                  QStringLiteral("TCP_CORK"), QStringLiteral("A"),
                                  QStringLiteral("B"),        QStringLiteral("Port"),
                                  QStringLiteral("Host"),     QStringLiteral("Status"),
                                  QStringLiteral("Extra:"),   QStringLiteral("RTT (ms)"),
                                  QStringLiteral("Mbit/s"),   QStringLiteral("×")};
    QString plain = text;
    plain.remove(QLatin1Char('&'));
    return plain.trimmed().isEmpty() || same.contains(plain) || plain.contains(QLatin1String("net.")) ||
           plain.front().isDigit() || plain.startsWith(QLatin1String("B "));
}

QString textOf(QWidget *w)
{
    if (auto *label = qobject_cast<QLabel *>(w))
        return label->text();
    if (auto *button = qobject_cast<QAbstractButton *>(w))
        return button->text();
    if (auto *box = qobject_cast<QGroupBox *>(w))
        return box->title();
    return {};
}

// "Class 'objectName' (text): min WxH > WxH" for each visible widget squeezed below its hint.
QStringList clipped(QWidget *root)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->isWindow() || qobject_cast<QScrollBar *>(w))
            continue;
        // Parts whose geometry their owner sets from its style, not from a layout: a header's
        // hint is that of a scroll area with both bars, a spin box's editor sits in its frame.
        if (qobject_cast<QHeaderView *>(w) || w->objectName() == QLatin1String("qt_spinbox_lineedit"))
            continue;
        const QSize hint = w->minimumSizeHint();
        if (!hint.isValid() || (hint.width() <= w->width() && hint.height() <= w->height()))
            continue;
        out.append(QStringLiteral("%1 '%2' (%3): min %4x%5 > %6x%7")
                       .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), textOf(w))
                       .arg(hint.width())
                       .arg(hint.height())
                       .arg(w->width())
                       .arg(w->height()));
    }
    return out;
}

QStringList englishLeftovers(QWidget *root, const QSet<QString> &english)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        const QString text = textOf(w);
        if (w->isVisible() && english.contains(text) && !neutral(text))
            out.append(text);
    }
    return out;
}

QSet<QString> visibleTexts(QWidget *root)
{
    QSet<QString> texts;
    for (QWidget *w : root->findChildren<QWidget *>())
        if (w->isVisible() && !textOf(w).isEmpty())
            texts.insert(textOf(w));
    return texts;
}

} // namespace

class TestWorkbenchLayout final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyTabFitsInGerman();
    void sweepTableTitlesFit();
    void knobTableColumnsFit();
    void wordsAndDecimals();

private:
    QSet<QString> m_english;
    QList<QTranslator *> m_translators;
};

void TestWorkbenchLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    qputenv("TCPTUNE_RESULTS_DB", QByteArrayLiteral("/nonexistent/tcptune-layout-test.db"));
    {
        // What the window says in English, to find what German left untranslated.
        MainWindow english;
        english.resize(1280, 800);
        english.show();
        QVERIFY(QTest::qWaitForWindowExposed(&english));
        for (int tab = 0; tab < english.tabs()->count(); ++tab) {
            english.tabs()->setCurrentIndex(tab);
            m_english += visibleTexts(&english);
        }
    }
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    for (const auto &[name, dir] :
         {std::pair{QStringLiteral("tcptune"), QStringLiteral(TCPTUNE_BIN_DIR "/../share/tcptune/translations")},
          std::pair{QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)}}) {
        auto *translator = new QTranslator(this);
        QVERIFY2(translator->load(QLocale(), name, QStringLiteral("_"), dir) || name != QLatin1String("tcptune"),
                 qPrintable(dir));
        QCoreApplication::installTranslator(translator);
        m_translators.append(translator);
    }
}

void TestWorkbenchLayout::everyTabFitsInGerman()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1280, 800));
    auto *scroll = window.findChild<QScrollArea *>();
    QVERIFY(scroll);
    QVERIFY2(!scroll->horizontalScrollBar()->isVisible(), "the left panel scrolls sideways");
    const QStringList names{QStringLiteral("parameter"), QStringLiteral("mitschnitte"), QStringLiteral("verlauf"),
                            QStringLiteral("durchlauf")};
    for (int tab = 0; tab < window.tabs()->count(); ++tab) {
        window.tabs()->setCurrentIndex(tab);
        QTest::qWait(50);
        test::saveScreenshot(&window, QStringLiteral("de_1280x800_%1").arg(names.value(tab)));
        const QStringList squeezed = clipped(&window);
        QVERIFY2(squeezed.isEmpty(),
                 qPrintable(window.tabs()->tabText(tab) + QLatin1String(":\n") + squeezed.join(QLatin1Char('\n'))));
        const QStringList english = englishLeftovers(&window, m_english);
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1String(" | "))));
    }
    // History's columns fit: no sideways scrolling, the short ones whole.
    window.tabs()->setCurrentWidget(window.historyPanel());
    QTreeWidget *tree = window.historyPanel()->tree();
    QVERIFY(!tree->horizontalScrollBar()->isVisible());
    for (int c = HistoryPanel::StatusColumn; c < HistoryPanel::ColumnCount; ++c)
        if (c != HistoryPanel::ChangedColumn)
            QVERIFY2(tree->header()->sectionSize(c) >= tree->header()->sectionSizeHint(c),
                     qPrintable(tree->headerItem()->text(c)));
}

void TestWorkbenchLayout::sweepTableTitlesFit()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    QTest::qWait(50);
    QTableWidget *table = window.sweepPanel()->table();
    QHeaderView *header = table->horizontalHeader();
    // A cancelled point's long texts (each run, flags) stay in their columns, elided.
    table->setRowCount(1);
    for (int c = 0; c < table->columnCount(); ++c)
        table->setItem(0, c, new QTableWidgetItem(QStringLiteral("45,3")));
    const QString flags = QStringLiteral("abgebrochen: 1 von 3 Läufen; RTT-Streuung hoch; Durchsatz eingebrochen");
    table->item(0, table->columnCount() - 1)->setText(flags);
    table->item(0, 2)->setText(QStringLiteral("45,3, abgebrochen, abgebrochen")); // each run
    QTest::qWait(50);
    test::saveScreenshot(&window, QStringLiteral("de_1280x800_durchlauf_tabelle"));
    // Every title whole, every column inside the table: nothing cut at the right edge.
    QVERIFY2(!table->horizontalScrollBar()->isVisible(), "the sweep table scrolls sideways");
    const QFontMetrics metrics(header->font());
    for (int c = 0; c < table->columnCount(); ++c) {
        const QString title = table->horizontalHeaderItem(c)->text();
        const QString where = QStringLiteral("'%1': %2 px at %3 of %4 px, header %5 px high")
                                  .arg(title)
                                  .arg(header->sectionSize(c))
                                  .arg(header->sectionViewportPosition(c))
                                  .arg(header->viewport()->width())
                                  .arg(header->height());
        QVERIFY2(header->sectionViewportPosition(c) + header->sectionSize(c) <= header->viewport()->width(),
                 qPrintable(where));
        const QStringList lines = WrappingHeader::balancedLines(title, metrics);
        for (const QString &line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) < header->sectionSize(c), qPrintable(where));
        QVERIFY2(header->height() >= int(lines.size()) * metrics.height(), qPrintable(where));
    }
}

void TestWorkbenchLayout::knobTableColumnsFit()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(window.knobPanel());
    window.knobPanel()->setNamespace(QString()); // the host: every value readable
    QTableView *view = window.knobPanel()->view();
    QVERIFY(!view->wordWrap());
    QVERIFY(!view->horizontalScrollBar()->isVisible());
    for (int c : {KnobTableModel::KeyColumn, KnobTableModel::OriginalColumn, KnobTableModel::DefaultColumn,
                  KnobTableModel::ScopeColumn}) {
        const int needed = std::max(static_cast<QAbstractItemView *>(view)->sizeHintForColumn(c),
                                    view->horizontalHeader()->sectionSizeHint(c));
        QVERIFY2(view->columnWidth(c) >= needed,
                 qPrintable(QStringLiteral("column %1: %2 < %3").arg(c).arg(view->columnWidth(c)).arg(needed)));
    }
    // The Scope column is as wide as its word, not half the table.
    QVERIFY(view->columnWidth(KnobTableModel::ScopeColumn) < view->viewport()->width() / 4);
    const int row = window.knobPanel()->model()->rowOf(QStringLiteral("net.ipv4.tcp_notsent_lowat"));
    QCOMPARE(window.knobPanel()->model()->index(row, KnobTableModel::DefaultColumn).data().toString(),
             QStringLiteral("unbegrenzt"));
    test::saveScreenshot(&window, QStringLiteral("de_1280x800_knobs_host"));
}

void TestWorkbenchLayout::wordsAndDecimals()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList tabs;
    for (int tab = 0; tab < window.tabs()->count(); ++tab)
        tabs.append(window.tabs()->tabText(tab).remove(QLatin1Char('&')));
    QVERIFY2(tabs[0].startsWith(QStringLiteral("Parameter")), qPrintable(tabs.join(QLatin1Char('|'))));
    QVERIFY2(tabs.contains(QStringLiteral("Verlauf")), qPrintable(tabs.join(QLatin1Char('|'))));
    for (const QString &tab : tabs)
        QVERIFY2(!tab.contains(QStringLiteral("Knöpfe")) && !tab.contains(QStringLiteral("Geschichte")),
                 qPrintable(tab));
    auto *duration = window.findChild<QDoubleSpinBox *>(QStringLiteral("duration"));
    QVERIFY(duration);
    duration->setValue(2.5);
    QVERIFY2(duration->text().contains(QStringLiteral("2,5")), qPrintable(duration->text()));
}

QTEST_MAIN(TestWorkbenchLayout)
#include "tst_workbench_layout.moc"
