// The workbench in German at 1280x800 (issue 18, points 7 and 16): no widget is smaller than its
// minimum size hint on any tab, the left panel needs no horizontal scroll bar, the columns of the
// knob table, History and the sweep table show their text whole (defaults on one line, Scope as
// wide as its word, long sweep titles on two lines), the words a German network engineer uses
// (Parameter, Verlauf), decimals with a comma, and what is on screen is translated. Saves a
// screenshot of every tab.

#include "captures/capture_panel.h"
#include "test_paths.h"
#include "charts/limiter_chart.h"
#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"
#include "diagnosis/counter_difference_view.h"
#include "diagnosis/verdict_panel.h"
#include "experiment/spec/preset_library.h"
#include "experiment/spec/preset_notes.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "history/ab_table.h"
#include "history/history_panel.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "main_window.h"
#include "panels/message_banner.h"
#include "panels/target_end_list.h"
#include "panels/target_panel.h"
#include "panels/workload_panel.h"
#include "panels/wrapping_header.h"
#include "screenshot.h"
#include "sweep/interval_delegate.h"
#include "sweep/sweep_panel.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSet>
#include <QSettings>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QToolTip>
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

// What a walk over the window found and how many things it measured: an empty list proves
// that texts show whole only if the walk looked at some (a walk that found no widget passes too).
struct Walk {
    QStringList found;
    int examined = 0;

    Walk &operator+=(const Walk &other)
    {
        found += other.found;
        examined += other.examined;
        return *this;
    }
};

// "Class 'objectName' (text): min WxH > WxH" for each visible widget squeezed below its hint.
Walk clipped(QWidget *root)
{
    Walk out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->isWindow() || qobject_cast<QScrollBar *>(w))
            continue;
        // Parts whose geometry their owner sets from its style, not from a layout: a header's
        // hint is that of a scroll area with both bars, a spin box's editor sits in its frame.
        if (qobject_cast<QHeaderView *>(w) || w->objectName() == QLatin1String("qt_spinbox_lineedit"))
            continue;
        const QSize hint = w->minimumSizeHint();
        if (!hint.isValid())
            continue;
        ++out.examined;
        if (hint.width() <= w->width() && hint.height() <= w->height())
            continue;
        out.found.append(QStringLiteral("%1 '%2' (%3): min %4x%5 > %6x%7")
                             .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), textOf(w))
                             .arg(hint.width())
                             .arg(hint.height())
                             .arg(w->width())
                             .arg(w->height()));
    }
    return out;
}

Walk englishLeftovers(QWidget *root, const QSet<QString> &english)
{
    Walk out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        const QString text = textOf(w);
        if (!w->isVisible() || text.isEmpty())
            continue;
        ++out.examined;
        if (english.contains(text) && !neutral(text))
            out.found.append(text);
    }
    return out;
}

QHash<QString, QStringList> comboChoices(QWidget *root)
{
    QHash<QString, QStringList> choices;
    for (QComboBox *combo : root->findChildren<QComboBox *>()) {
        if (combo->objectName().isEmpty())
            continue;
        QStringList items;
        for (int i = 0; i < combo->count(); ++i)
            items.append(combo->itemText(i));
        choices.insert(combo->objectName(), items);
    }
    return choices;
}

// The first word of TEXT when it is an English word (letters, maybe a colon), else empty; the
// kernel's names (cwnd) are the same in German.
QString leadingWord(const QString &text)
{
    const QString word = text.section(QLatin1Char(' '), 0, 0);
    static const QRegularExpression plain(QStringLiteral("^[a-z]+:?$"));
    if (word == QLatin1String("cwnd"))
        return {};
    return text.contains(QLatin1Char(' ')) && plain.match(word).hasMatch() ? word : QString();
}

// "chart: 'text' needs N > M px" for each axis title longer than its axis and each legend whose
// entries do not fit beside (or under) each other.
Walk cutChartTexts(const QString &name, QChart *chart)
{
    Walk walk;
    QStringList &out = walk.found;
    const QRectF plot = chart->plotArea();
    for (QAbstractAxis *axis : chart->axes()) {
        if (!axis->isVisible() || axis->titleText().isEmpty())
            continue;
        ++walk.examined;
        const double room = axis->orientation() == Qt::Vertical ? plot.height() : plot.width();
        const int needed = QFontMetrics(axis->titleFont()).horizontalAdvance(axis->titleText());
        if (needed > room)
            out.append(QStringLiteral("%1: axis title '%2' needs %3 > %4 px")
                           .arg(name, axis->titleText())
                           .arg(needed)
                           .arg(room));
    }
    // Value ticks two lines apart at least: QtCharts draws labels with less room as "...".
    for (QAbstractAxis *axis : chart->axes(Qt::Vertical)) {
        auto *ticks = qobject_cast<QCategoryAxis *>(axis);
        if (!ticks || !ticks->isVisible() || ticks->count() < 2)
            continue;
        ++walk.examined;
        const double room = plot.height() / (ticks->count() - 1);
        const int line = QFontMetrics(ticks->labelsFont()).height();
        if (room < 2 * line)
            out.append(QStringLiteral("%1: %2 value ticks %3 px apart, a line is %4 px")
                           .arg(name)
                           .arg(ticks->count())
                           .arg(room)
                           .arg(line));
    }
    QLegend *legend = chart->legend();
    if (!legend->isVisible())
        return walk;
    const QFontMetrics metrics(legend->font());
    const bool column = (legend->alignment() & (Qt::AlignLeft | Qt::AlignRight)) != 0;
    double width = 0;
    int entries = 0;
    QStringList labels;
    for (QLegendMarker *marker : legend->markers()) {
        if (!marker->isVisible())
            continue;
        // The entry: its colour box and spacing (about a line's height), then the label.
        const double entry = metrics.height() + metrics.horizontalAdvance(marker->label());
        width = column ? std::max(width, entry) : width + entry;
        ++entries;
        ++walk.examined;
        labels.append(marker->label());
    }
    const QSizeF size = legend->geometry().size();
    if (size.width() < width || size.height() < (column ? entries : 1) * metrics.height())
        out.append(QStringLiteral("%1: legend (%2) needs %3 x %4 px, has %5 x %6")
                       .arg(name, labels.join(QLatin1String(", ")))
                       .arg(width)
                       .arg((column ? entries : 1) * metrics.height())
                       .arg(size.width())
                       .arg(size.height()));
    return walk;
}

// What LABEL's text needs at its width, as the label lays it out: "needs WxH, has WxH" or empty.
QString cutLabel(const QLabel *label)
{
    const int flags = int(label->alignment()) | (label->wordWrap() ? int(Qt::TextWordWrap) : 0);
    const QRect room = label->contentsRect();
    const QRect needed = label->fontMetrics().boundingRect(QRect(0, 0, room.width(), 10000), flags, label->text());
    if (needed.width() <= room.width() && needed.height() <= room.height())
        return {};
    return QStringLiteral("'%1' needs %2x%3, has %4x%5")
        .arg(label->text())
        .arg(needed.width())
        .arg(needed.height())
        .arg(room.width())
        .arg(room.height());
}

// What LABEL's text needs at its width when it is rich text, as a text document lays it out.
QSize richTextSize(const QLabel *label, int width)
{
    QTextDocument document;
    document.setDocumentMargin(0);
    document.setDefaultFont(label->font());
    document.setHtml(label->text());
    if (label->wordWrap())
        document.setTextWidth(width);
    return document.size().toSize();
}

// "'text' needs WxH, has WxH" for each visible label whose text does not fit its rectangle:
// cut at the bottom (a wrapped label given fewer lines than it needs) or at the right.
Walk cutLabels(QWidget *root)
{
    Walk walk;
    QStringList &out = walk.found;
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->isVisible() || label->text().isEmpty() || !label->pixmap().isNull())
            continue;
        ++walk.examined;
        if (Qt::mightBeRichText(label->text()) && label->textFormat() != Qt::PlainText) {
            const QSize needed = richTextSize(label, label->contentsRect().width());
            if (needed.width() > label->contentsRect().width() || needed.height() > label->contentsRect().height())
                out.append(QStringLiteral("%1: rich text needs %2x%3, has %4x%5")
                               .arg(label->objectName())
                               .arg(needed.width())
                               .arg(needed.height())
                               .arg(label->contentsRect().width())
                               .arg(label->contentsRect().height()));
        } else if (const QString cut = cutLabel(label); !cut.isEmpty()) {
            out.append(label->objectName() + QLatin1String(": ") + cut);
        }
    }
    return walk;
}

// The text a chart item draws, without its document's margin.
QRectF glyphRect(const QGraphicsTextItem *text)
{
    const qreal margin = text->document()->documentMargin();
    return text->sceneBoundingRect().adjusted(margin, margin, -margin, -margin);
}

// "view: 'text' why" for each text a chart draws (title, axis titles and labels, legend
// entries) that is not shown whole: cut to "..." by QtCharts, drawn outside the view, outside
// the legend that clips it, or a legend entry left without its text.
Walk cutChartItems(QChartView *view)
{
    Walk walk;
    QStringList &out = walk.found;
    const QRectF viewport = QRectF(view->viewport()->rect()).adjusted(-1, -1, 1, 1);
    QStringList drawn;
    for (QGraphicsItem *item : view->scene()->items()) {
        auto *text = qgraphicsitem_cast<QGraphicsTextItem *>(item);
        if (!text || !text->isVisible() || text->toPlainText().isEmpty())
            continue;
        ++walk.examined;
        const QString plain = text->toPlainText();
        const QRectF glyphs = glyphRect(text);
        QString why;
        if (plain.contains(QLatin1String("...")))
            why = QStringLiteral("cut to '...'");
        else if (!viewport.contains(view->mapFromScene(glyphs).boundingRect()))
            why = QStringLiteral("outside the view");
        for (QGraphicsItem *up = text->parentItem(); up && why.isEmpty(); up = up->parentItem())
            if ((up->flags() & QGraphicsItem::ItemClipsChildrenToShape) &&
                !up->sceneBoundingRect().adjusted(-1, -1, 1, 1).contains(glyphs))
                why = QStringLiteral("outside the part that clips it");
        if (!why.isEmpty())
            out.append(QStringLiteral("%1: '%2' %3").arg(view->objectName(), plain, why));
        drawn.append(plain);
    }
    for (QLegendMarker *marker : view->chart()->legend()->markers())
        if (marker->isVisible() && view->chart()->legend()->isVisible() && !marker->label().isEmpty() &&
            !drawn.contains(marker->label()))
            out.append(
                QStringLiteral("%1: legend entry '%2' not drawn whole").arg(view->objectName(), marker->label()));
    return walk;
}

// Every cut text of the window: its labels and every chart on show.
Walk cutTexts(QWidget *window)
{
    Walk out = cutLabels(window);
    for (QChartView *view : window->findChildren<QChartView *>())
        if (view->isVisible())
            out += cutChartItems(view);
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

// Shows WINDOW at SIZE, as the tests start.
bool showAt(MainWindow &window, QSize size = QSize(1280, 800))
{
    window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}

// A finished run with VERDICT, its sender limited for SHARE of the time by its congestion window.
RunRecord verdictRun(const QString &verdict, double share)
{
    RunRecord run;
    run.status = RunStatus::Ok;
    run.verdict = verdict;
    run.limiters.busy = 1;
    run.limiters.cwndLimited = share;
    run.limiters.applicationLimited = 0;
    return run;
}

// Two finished runs of an autocorking A/B in a new store at PATH, with what History shows of
// them (configuration, figures, a verdict).
bool fillStore(const QString &path)
{
    ResultStore store;
    if (!store.open(path))
        return false;
    ExperimentSpec spec;
    spec.name = QStringLiteral("autocorking A/B");
    SweepPlan plan(spec);
    if (!plan.addAxis(QStringLiteral("net.ipv4.tcp_autocorking"), {QStringLiteral("1"), QStringLiteral("0")}))
        return false;
    const auto experiment = store.createExperiment(plan);
    if (!experiment)
        return false;
    for (int i = 0; i < 2; ++i) {
        RunRecord r;
        r.experimentId = *experiment;
        r.runIndex = i;
        r.pointIndex = i;
        r.pointLabel = plan.points()[i].label();
        r.settings = plan.points()[i].settings;
        r.started = QDateTime::currentDateTimeUtc();
        const auto id = store.beginRun(r);
        if (!id)
            return false;
        r.id = *id;
        r.status = RunStatus::Ok;
        r.ended = r.started.addSecs(3);
        r.throughputBps = 47.8e6;
        r.rttMedianMs = 5.26;
        r.limiters.busy = 1; // what the verdict is read from
        r.limiters.cwndLimited = 0.47;
        r.limiters.applicationLimited = 0;
        r.verdict = QStringLiteral("Durch das Überlastfenster begrenzt 47 % der Zeit: die Überlastkontrolle gab das "
                                   "Tempo vor.");
        if (!store.finishRun(r, {}))
            return false;
    }
    // Finished as its sweep would have left it: a "running" experiment whose process is gone is
    // shown as interrupted, with the crash note in the banner.
    return bool(store.setExperimentStatus(*experiment, ExperimentStatus::Finished));
}

// The window's result store for as long as it lives: two runs of an autocorking A/B (fillStore)
// in a temporary file that TCPTUNE_RESULTS_DB names, then the variable as it was.
class AbStore final {
public:
    AbStore()
        : m_before(qgetenv("TCPTUNE_RESULTS_DB"))
    {
        const QString db = m_dir.filePath(QStringLiteral("results.db"));
        m_ok = m_dir.isValid() && fillStore(db);
        qputenv("TCPTUNE_RESULTS_DB", db.toUtf8());
    }
    ~AbStore() { qputenv("TCPTUNE_RESULTS_DB", m_before); }
    AbStore(const AbStore &) = delete;
    AbStore &operator=(const AbStore &) = delete;
    bool ok() const { return m_ok; }

private:
    QTemporaryDir m_dir;
    QByteArray m_before;
    bool m_ok = false;
};

// A finished run with a verdict under the charts and a message in the banner: the window at its
// lowest, as in the walkthrough after a cancelled sweep.
void showRunAndBanner(MainWindow &window)
{
    window.verdictPanel()->addRun(
        QStringLiteral("#3 · 64 KiB"),
        verdictRun(QStringLiteral("Sender durch seinen Sendepuffer begrenzt 100 % der Zeit (SO_SNDBUF 64 KiB)."), 0.6));
    window.banner()->showMessage(QStringLiteral("Lauf #4 wurde abgebrochen; er hat kein Ergebnis."),
                                 MessageBanner::Level::Warning);
    QTest::qWait(100);
}

} // namespace

class TestWorkbenchLayout final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup(); // German again after a test in English, failed or not
    void everyTabFitsInGerman();
    void sweepTableTitlesFit();
    void knobTableColumnsFit();
    void historyColumnsBesideTheComparison();
    void wordsAndDecimals();
    void comboChoicesSpeakGerman();
    void leftPanelChoicesShowWhole();
    void chartTextsShowWhole();
    void presetsShowTheirLabNoteInGerman();
    void windowFitsTheScreenAfterARun_data();
    void windowFitsTheScreenAfterARun();
    void chartHintShowsWhole();
    void captureLegendEntriesShowWhole();
    void textsShowWholeAfterAComparison_data();
    void textsShowWholeAfterAComparison();
    void textsShowWholeAfterACancelledSweep_data();
    void textsShowWholeAfterACancelledSweep();
    void historyRowsKeepTheirBeginning();
    void severalEndsFitInGerman();
    void historyFitsAt1024x700_data();
    void historyFitsAt1024x700();
    void sweepTableFitsAt1024x700_data();
    void sweepTableFitsAt1024x700();
    void twelvePointSweepShowsWhole_data();
    void twelvePointSweepShowsWhole();

private:
    // German (as initTestCase set up) or English: the translators and the default locale.
    void useGerman(bool german);

    QSet<QString> m_english;
    QHash<QString, QStringList> m_englishChoices; // combo box object name -> its items in English
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
        m_englishChoices = comboChoices(&english);
    }
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    for (const auto &[name, dir] :
         {std::pair{QStringLiteral("tcptune"), tcptune::test::buildPath(QStringLiteral("share/tcptune/translations"))},
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
        const Walk squeezed = clipped(&window);
        QVERIFY2(squeezed.examined > 0, qPrintable(window.tabs()->tabText(tab)));
        QVERIFY2(squeezed.found.isEmpty(), qPrintable(window.tabs()->tabText(tab) + QLatin1String(":\n") +
                                                      squeezed.found.join(QLatin1Char('\n'))));
        const Walk english = englishLeftovers(&window, m_english);
        QVERIFY2(english.examined > 0, qPrintable(window.tabs()->tabText(tab)));
        QVERIFY2(english.found.isEmpty(), qPrintable(english.found.join(QLatin1String(" | "))));
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

// History's long columns (experiment, configuration, verdict) keep their titles whole at
// 1280x800 in German, before and after an A/B comparison: the comparison does not take the
// width beside the list.
void TestWorkbenchLayout::historyColumnsBesideTheComparison()
{
    const AbStore store;
    QVERIFY(store.ok());
    MainWindow window;
    QVERIFY(showAt(window));
    window.tabs()->setCurrentWidget(window.historyPanel());
    HistoryPanel *history = window.historyPanel();
    QTreeWidget *tree = history->tree();
    QCOMPARE(tree->topLevelItemCount(), 1);
    QTreeWidgetItem *experiment = tree->topLevelItem(0);
    QCOMPARE(experiment->childCount(), 2);
    experiment->child(0)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    experiment->child(1)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    for (const bool compared : {false, true}) {
        if (compared)
            history->compareTicked();
        QTest::qWait(50);
        test::saveScreenshot(&window, QStringLiteral("de_1280x800_verlauf_%1").arg(compared ? 2 : 1));
        QCOMPARE(history->comparisonPane()->isVisible(), compared);
        QVERIFY(!tree->horizontalScrollBar()->isVisible());
        QHeaderView *header = tree->header();
        QVERIFY2(header->length() <= tree->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(header->length()).arg(tree->viewport()->width())));
        for (int c = 0; c < HistoryPanel::ColumnCount; ++c)
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c),
                     qPrintable(QStringLiteral("'%1': %2 < %3")
                                    .arg(tree->headerItem()->text(c))
                                    .arg(header->sectionSize(c))
                                    .arg(header->sectionSizeHint(c))));
        // Nothing of the comparison lies over the list.
        const QRect list(tree->mapTo(&window, QPoint(0, 0)), tree->size());
        for (QWidget *part :
             {static_cast<QWidget *>(history->abTable()), static_cast<QWidget *>(history->counterDifferences())})
            if (part->isVisible())
                QVERIFY(!list.intersects(QRect(part->mapTo(&window, QPoint(0, 0)), part->size())));
    }
    // The run's verdict is readable beside its figures, not cut to "Durc...vor.".
    QVERIFY2(tree->header()->sectionSize(HistoryPanel::VerdictColumn) >= 150,
             qPrintable(QString::number(tree->header()->sectionSize(HistoryPanel::VerdictColumn))));
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

// Every choice of every combo box reads German: none is left in English, none starts with the
// English word its English text starts with (as "up: dieser Host sendet" did).
void TestWorkbenchLayout::comboChoicesSpeakGerman()
{
    MainWindow window;
    QVERIFY(showAt(window));
    const QHash<QString, QStringList> german = comboChoices(&window);
    QStringList english;
    int compared = 0;
    for (auto it = german.begin(); it != german.end(); ++it) {
        const QStringList source = m_englishChoices.value(it.key());
        for (int i = 0; i < std::min(source.size(), it.value().size()); ++i) {
            const QString &de = it.value().at(i);
            const QString &en = source.at(i);
            if (neutral(en) || !en.contains(QLatin1Char(' ')))
                continue;
            ++compared;
            const QString word = leadingWord(en);
            if (de == en || (!word.isEmpty() && de.startsWith(word + QLatin1Char(' '))))
                english.append(QStringLiteral("%1: '%2'").arg(it.key(), de));
        }
    }
    QVERIFY(compared > 0);
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1String(" | "))));
}

// Each choice of the Target and Workload panels' lists shows whole in the closed box at
// 1280x800 in German (the Topology box cut "geroutet (Engpass auf einem Ro").
void TestWorkbenchLayout::leftPanelChoicesShowWhole()
{
    MainWindow window;
    QVERIFY(showAt(window));
    QStringList cut;
    int measured = 0;
    for (QWidget *panel :
         {static_cast<QWidget *>(window.targetPanel()), static_cast<QWidget *>(window.workloadPanel())})
        for (QComboBox *combo : panel->findChildren<QComboBox *>()) {
            if (!combo->isVisible() || combo->isEditable())
                continue;
            QStyleOptionComboBox option;
            option.initFrom(combo);
            const int room = combo->style()
                                 ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo)
                                 .width();
            for (int i = 0; i < combo->count(); ++i) {
                ++measured;
                if (const int needed = combo->fontMetrics().horizontalAdvance(combo->itemText(i)); needed > room)
                    cut.append(QStringLiteral("%1: '%2' %3 > %4 px")
                                   .arg(combo->objectName(), combo->itemText(i))
                                   .arg(needed)
                                   .arg(room));
            }
        }
    QVERIFY(measured > 0);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1String(" | "))));
}

// The charts' axis titles and legends show whole at 1280x800 in German: the sweep chart's and the
// live charts' axis titles (cut to "Durchsatz (Mb..."), the limiter chart's legend (cut to
// "Empfan...").
void TestWorkbenchLayout::chartTextsShowWhole()
{
    MainWindow window;
    QVERIFY(showAt(window));
    window.verdictPanel()->addRun(
        QStringLiteral("#3 · 64 KiB"),
        verdictRun(QStringLiteral("Durch das Überlastfenster begrenzt 60 % der Zeit: die Überlastkontrolle gab das "
                                  "Tempo vor."),
                   0.6));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    SweepChart *sweep = window.sweepPanel()->chart();
    sweep->setAxisTitle(QStringLiteral("socket.SO_SNDBUF"));
    sweep->setPoints({{QStringLiteral("64K"), 47.7, 0.5, 19.4},
                      {QStringLiteral("256K"), 47.8, 0.2, 40.1},
                      {QStringLiteral("1M"), 47.9, 0.1, 160.3},
                      {QStringLiteral("4M"), 47.9, 0.1, 330.0}});
    QTest::qWait(100);
    test::saveScreenshot(&window, QStringLiteral("de_1280x800_chart_texts"));
    Walk cut = cutChartTexts(QStringLiteral("sweep"), sweep->qchart());
    cut += cutChartTexts(QStringLiteral("limiter"), window.verdictPanel()->limiterChart()->qchart());
    // The live charts' value axes too ("Durchsatz (Mb..." on the left).
    for (QChartView *live : window.chartView()->findChildren<QChartView *>())
        cut += cutChartTexts(live->objectName(), live->chart());
    QVERIFY(cut.examined > 0);
    QVERIFY2(cut.found.isEmpty(), qPrintable(cut.found.join(QLatin1Char('\n'))));
}

// Issue 14's note on what the lab can and cannot reproduce shows under the preset box when a
// preset is chosen, in German, and the tab still fits at 1280x800.
void TestWorkbenchLayout::presetsShowTheirLabNoteInGerman()
{
    MainWindow window;
    QVERIFY(showAt(window));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    QComboBox *presets = window.sweepPanel()->presetBox();
    auto *note = window.sweepPanel()->findChild<QLabel *>(QStringLiteral("presetNote"));
    QVERIFY(note);
    QVERIFY(presets->count() > 5);
    for (int i = 1; i < presets->count(); ++i) {
        presets->setCurrentIndex(i);
        const Result<SweepPlan> plan = PresetLibrary().load(presets->itemData(i).toString());
        QVERIFY(plan);
        const QString english = plan->spec().labNote;
        const QString german = translatedLabNote(english);
        QVERIFY2(german != english, qPrintable(presets->itemText(i)));
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains(german), qPrintable(note->text()));
        QTest::qWait(20);
        const Walk squeezed = clipped(&window);
        QVERIFY(squeezed.examined > 0);
        QVERIFY2(squeezed.found.isEmpty(), qPrintable(squeezed.found.join(QLatin1Char('\n'))));
        if (i == 1)
            test::saveScreenshot(&window, QStringLiteral("de_1280x800_vorlage"));
    }
}

void TestWorkbenchLayout::windowFitsTheScreenAfterARun_data()
{
    QTest::addColumn<bool>("german");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("verdict");
    QTest::newRow("de 1280x800") << true << QSize(1280, 760)
                                 << QStringLiteral("Durch das Überlastfenster begrenzt 72 % der Zeit.");
    // The walkthrough's English pass: a real run's verdict, seven lines in the quarter of the row
    // the verdict gets; the window grew to 707 px and left the screen.
    QTest::newRow("en 1024x700") << false << QSize(1024, 675)
                                 << QStringLiteral("The flow filled the path: 47.8 of 50 Mbit/s (96 %). Congestion "
                                                   "control set the pace 65 % of the time, which cost no throughput "
                                                   "here. The RTT was still rising when the run ended: run longer "
                                                   "than 4 s.");
}

// After a run (its verdict and limiter bar under the charts) and with a message in the banner,
// the window still fits the screen with its title bar (about 20-25 px), menu and status bar: its
// minimum height grew past the screen and the window manager pushed the status bar off the
// bottom. What is lower than it needs scrolls: a long verdict, and the charts and tabs together.
void TestWorkbenchLayout::windowFitsTheScreenAfterARun()
{
    QFETCH(bool, german);
    QFETCH(QSize, size);
    QFETCH(QString, verdict);
    useGerman(german);
    MainWindow window;
    QVERIFY(showAt(window, size));
    window.verdictPanel()->addRun(QStringLiteral("#1"), verdictRun(verdict, 0.72));
    window.banner()->showMessage(QStringLiteral("Lauf #4 wurde abgebrochen; er hat kein Ergebnis."),
                                 MessageBanner::Level::Warning);
    for (QWidget *tab : {static_cast<QWidget *>(window.sweepPanel()), static_cast<QWidget *>(window.knobPanel()),
                         static_cast<QWidget *>(window.historyPanel())}) {
        window.tabs()->setCurrentWidget(tab);
        QTest::qWait(20);
        QVERIFY2(window.minimumSizeHint().height() <= size.height(),
                 qPrintable(QStringLiteral("%1: the window needs %2 px")
                                .arg(tab->objectName())
                                .arg(window.minimumSizeHint().height())));
        QCOMPARE(window.height(), size.height());
        // Scrolled, not squeezed: the charts keep the height their axes' numbers need.
        QVERIFY2(window.chartView()->height() >= window.chartView()->minimumHeight(),
                 qPrintable(QString::number(window.chartView()->height())));
    }
}

// Issue 18: the chart bar's hint ("Rad: zoomen, ...") shows whole at 1280x800 in German; wrapped
// at the width left beside the buttons it lost its first and last line.
void TestWorkbenchLayout::chartHintShowsWhole()
{
    MainWindow window;
    QVERIFY(showAt(window));
    showRunAndBanner(window);
    auto *hint = window.findChild<QLabel *>(QStringLiteral("chartHint"));
    QVERIFY(hint && hint->isVisible());
    QVERIFY2(hint->text().startsWith(QStringLiteral("Rad")), qPrintable(hint->text()));
    const QString cut = cutLabel(hint);
    QVERIFY2(cut.isEmpty(), qPrintable(cut));
}

// Issue 18: a run's capture drawn over the charts has its whole name in the legend ("Mitschnitt
// #1 · 64 KiB", its flow's addresses in the tooltip), not "Mitschnitt #....18.2....".
void TestWorkbenchLayout::captureLegendEntriesShowWhole()
{
    MainWindow window;
    QVERIFY(showAt(window));
    showRunAndBanner(window);
    const QString path = tcptune::test::sourcePath(QStringLiteral("tests/data/captures/zeek_irc_dcc_send_bulk.pcapng"));
    QSignalSpy loaded(window.capturePanel(), &CapturePanel::captureLoaded);
    window.capturePanel()->openForRun(path, 3.0, QStringLiteral("#3 · 64 KiB"));
    QVERIFY(loaded.wait(30000));
    ThroughputRttView *chart = window.chartView();
    chart->replotNow();
    QTest::qWait(100);
    test::saveScreenshot(&window, QStringLiteral("de_1280x800_capture_legend"));
    const QList<int> runs = window.capturePanel()->chartRunsOf(path);
    QVERIFY(runs.size() >= 2);
    // The data flow is drawn and named whole; no entry on show is elided ("…").
    QCOMPARE(chart->runLabel(runs.first()), QStringLiteral("Mitschnitt #3 · 64 KiB"));
    QCOMPARE(chart->legendText(runs.first()), chart->runLabel(runs.first()));
    for (QChartView *live : chart->findChildren<QChartView *>())
        for (QLegendMarker *marker : live->chart()->legend()->markers())
            if (marker->isVisible())
                QVERIFY2(!marker->label().contains(QChar(0x2026)), qPrintable(marker->label()));
    QVERIFY2(chart->runToolTip(runs.first()).contains(QStringLiteral(" → ")),
             qPrintable(chart->runToolTip(runs.first())));
}

void TestWorkbenchLayout::cleanup()
{
    useGerman(true);
}

void TestWorkbenchLayout::useGerman(bool german)
{
    for (QTranslator *translator : std::as_const(m_translators)) {
        QCoreApplication::removeTranslator(translator);
        if (german)
            QCoreApplication::installTranslator(translator);
    }
    QLocale::setDefault(german ? QLocale(QLocale::German, QLocale::Germany)
                               : QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestWorkbenchLayout::textsShowWholeAfterAComparison_data()
{
    QTest::addColumn<bool>("german");
    QTest::newRow("de") << true;
    QTest::newRow("en") << false;
}

// Issue 18: after an A/B in History (the walkthrough's step 5) every text shows whole at
// 1280x800 with a message in the banner: the A/B summary's lines (its third was cut at the
// bottom), the verdict under the charts, the limiter chart's row label and legend, the legend of
// the compared runs.
void TestWorkbenchLayout::textsShowWholeAfterAComparison()
{
    QFETCH(bool, german);
    useGerman(german);
    const AbStore store;
    QVERIFY(store.ok());
    MainWindow window;
    QVERIFY(showAt(window));
    window.tabs()->setCurrentWidget(window.historyPanel());
    QTreeWidgetItem *experiment = window.historyPanel()->tree()->topLevelItem(0);
    QVERIFY(experiment && experiment->childCount() == 2);
    experiment->child(1)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    experiment->child(0)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    window.historyPanel()->compareTicked();
    showRunAndBanner(window);
    QTest::qWait(100);
    test::saveScreenshot(&window, QStringLiteral("%1_1280x800_a_b").arg(german ? u"de" : u"en"));
    QVERIFY(window.historyPanel()->comparisonPane()->isVisible());
    const Walk cut = cutTexts(&window);
    QVERIFY(cut.examined > 0);
    QVERIFY2(cut.found.isEmpty(), qPrintable(cut.found.join(QLatin1Char('\n'))));
}

void TestWorkbenchLayout::textsShowWholeAfterACancelledSweep_data()
{
    textsShowWholeAfterAComparison_data();
}

// Issue 18: after a cancelled sweep with earlier runs and a capture on the charts (the
// walkthrough's steps 6 and 7), every text shows whole at 1280x800 with a message in the banner:
// the limiter chart's legend ("untätig" was cut at the bottom) and its row label with the reason
// ("#3 · 64 KiB (anwendu..."), and each run's legend entry keeps its id and value whole ("#4 ·
// 64 KiB …ederh…" did not), the whole name in its tooltip.
void TestWorkbenchLayout::textsShowWholeAfterACancelledSweep()
{
    QFETCH(bool, german);
    useGerman(german);
    MainWindow window;
    QVERIFY(showAt(window));
    window.tabs()->setCurrentWidget(window.capturePage());
    ThroughputRttView *chart = window.chartView();
    const QString repeat = german ? QStringLiteral("Wiederholung") : QStringLiteral("repeat");
    const QStringList names{QStringLiteral("#1"), QStringLiteral("#2"), QStringLiteral("#3 · 64 KiB"),
                            QStringLiteral("#4 · 64 KiB · %1 2").arg(repeat),
                            german ? QStringLiteral("Mitschnitt #1") : QStringLiteral("Capture #1")};
    QList<int> runs;
    for (const QString &name : names) {
        runs.append(chart->addRun(name));
        QList<ChartSample> samples;
        for (int i = 0; i <= 60; ++i) {
            ChartSample s;
            s.t = i * 0.05;
            s.throughputMbps = 47 + i % 3;
            s.rttMs = 5 + i % 4;
            samples.append(s);
        }
        chart->appendSamples(runs.last(), samples);
    }
    RunRecord appLimited = verdictRun(
        german ? QStringLiteral("Sender durch seinen Sendepuffer begrenzt 100 % der Zeit (SO_SNDBUF 64 KiB).")
               : QStringLiteral("Sender limited by its send buffer 100 % of the time (SO_SNDBUF 64 KiB)."),
        0);
    appLimited.limiters.applicationLimited = 1;
    window.verdictPanel()->addRun(QStringLiteral("#3 · 64 KiB"), appLimited);
    window.banner()->showMessage(german ? QStringLiteral("Lauf #4 wurde abgebrochen; er hat kein Ergebnis.")
                                        : QStringLiteral("Run #4 was cancelled; it has no result."),
                                 MessageBanner::Level::Warning);
    chart->replotNow();
    QTest::qWait(100);
    test::saveScreenshot(&window, QStringLiteral("%1_1280x800_cancelled_sweep").arg(german ? u"de" : u"en"));
    const Walk cut = cutTexts(&window);
    QVERIFY(cut.examined > 0);
    QVERIFY2(cut.found.isEmpty(), qPrintable(cut.found.join(QLatin1Char('\n'))));
    // A shortened entry keeps the run's id and value ("#4 · 64 KiB") and names it whole on hover.
    for (int run : runs) {
        const QString label = chart->runLabel(run);
        const QString essential = label.section(QStringLiteral(" · "), 0, 1);
        QVERIFY2(chart->legendText(run).startsWith(essential),
                 qPrintable(QStringLiteral("'%1' for '%2'").arg(chart->legendText(run), label)));
        QVERIFY2(chart->legendToolTip(run).startsWith(label), qPrintable(chart->legendToolTip(run)));
    }
}

// Issue 18: a History row cut to its column's width keeps its beginning, what says what it is
// ("Experiment …corking A/B" lost the experiment's number), and has its tooltip whole.
void TestWorkbenchLayout::historyRowsKeepTheirBeginning()
{
    const AbStore store;
    QVERIFY(store.ok());
    MainWindow window;
    QVERIFY(showAt(window));
    showRunAndBanner(window);
    window.tabs()->setCurrentWidget(window.historyPanel());
    QTest::qWait(50);
    QTreeWidget *tree = window.historyPanel()->tree();
    QTreeWidgetItem *experiment = tree->topLevelItem(0);
    QVERIFY(experiment);
    const QString name = experiment->text(HistoryPanel::NameColumn);
    // The text as the view draws it: elided to the cell less the item's margins.
    const QRect cell = tree->visualRect(tree->model()->index(0, HistoryPanel::NameColumn));
    const int margin = tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1;
    const QString shown = tree->fontMetrics().elidedText(name, tree->textElideMode(), cell.width() - 2 * margin);
    const QString number = name.section(QLatin1Char(':'), 0, 0); // "Experiment 1"
    QVERIFY2(shown.startsWith(number), qPrintable(QStringLiteral("'%1' of '%2'").arg(shown, name)));
    // The tooltip gives the whole name first, then where it ran.
    QCOMPARE(experiment->toolTip(HistoryPanel::NameColumn).section(QLatin1Char('\n'), 0, 0), name);
}

// Issue 12, point 9: the Target panel's list of ends, two long ssh logins in it, fits the left
// panel in German for each host kind: nothing cut, no sideways scrolling, the note whole.
void TestWorkbenchLayout::severalEndsFitInGerman()
{
    MainWindow window;
    QVERIFY(showAt(window));
    TargetSpec first;
    first.kind = TargetSpec::Kind::Ssh;
    first.host = QStringLiteral("nas-backup-frankfurt-01.storage.example.net");
    first.user = QStringLiteral("root");
    first.port = 2222;
    TargetSpec second = first;
    second.host = QStringLiteral("198.18.0.3");
    window.targetPanel()->endList()->setEnds({first, second});
    auto *kind = window.findChild<QComboBox *>(QStringLiteral("targetKind"));
    auto *scroll = window.findChild<QScrollArea *>();
    for (int k = 1; k < kind->count(); ++k) {
        kind->setCurrentIndex(k);
        QTest::qWait(50);
        QVERIFY(window.targetPanel()->endList()->isVisible());
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(), "the left panel scrolls sideways");
        const Walk squeezed = clipped(&window);
        QVERIFY2(squeezed.examined > 0, qPrintable(kind->currentText()));
        QVERIFY2(squeezed.found.isEmpty(),
                 qPrintable(kind->currentText() + QLatin1String(":\n") + squeezed.found.join(QLatin1Char('\n'))));
    }
    auto *note = window.findChild<QLabel *>(QStringLiteral("endsNote"));
    QVERIFY2(!note->text().contains(QStringLiteral("traffic")), qPrintable(note->text()));
    test::saveScreenshot(&window, QStringLiteral("de_1280x800_gegenstellen"));
    test::saveScreenshot(window.targetPanel(), QStringLiteral("de_target_panel_gegenstellen"));
}

QTEST_MAIN(TestWorkbenchLayout)
#include "tst_workbench_layout.moc"

void TestWorkbenchLayout::historyFitsAt1024x700_data()
{
    QTest::addColumn<bool>("german");
    QTest::addRow("German") << true;
    QTest::addRow("English") << false;
}

// Issue 37, item 17: at 1024x700 History's columns keep their titles whole (the experiment's was
// "Experi…") before and after an A/B comparison.
void TestWorkbenchLayout::historyFitsAt1024x700()
{
    QFETCH(bool, german);
    useGerman(german);
    const AbStore store;
    QVERIFY(store.ok());
    MainWindow window;
    QVERIFY(showAt(window, QSize(1024, 700)));
    window.tabs()->setCurrentWidget(window.historyPanel());
    HistoryPanel *history = window.historyPanel();
    QTreeWidget *tree = history->tree();
    QTreeWidgetItem *experiment = tree->topLevelItem(0);
    experiment->child(0)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    experiment->child(1)->setCheckState(HistoryPanel::NameColumn, Qt::Checked);
    const QString language = german ? QStringLiteral("de") : QStringLiteral("en");
    for (const bool compared : {false, true}) {
        if (compared)
            history->compareTicked();
        QTest::qWait(50);
        test::saveScreenshot(&window, QStringLiteral("%1_1024x700_history_%2").arg(language).arg(compared ? 2 : 1));
        QVERIFY(!tree->horizontalScrollBar()->isVisible());
        QHeaderView *header = tree->header();
        for (int c = 0; c < HistoryPanel::ColumnCount; ++c)
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c),
                     qPrintable(QStringLiteral("'%1': %2 < %3")
                                    .arg(tree->headerItem()->text(c))
                                    .arg(header->sectionSize(c))
                                    .arg(header->sectionSizeHint(c))));
    }
}

void TestWorkbenchLayout::sweepTableFitsAt1024x700_data()
{
    historyFitsAt1024x700_data();
}

// Issue 37, item 17: at 1024x700 the sweep table of an 8-point sweep scrolled sideways: its
// figures' columns took their contents' widths, the value's the whole knob name. Every column
// stays inside the table, and the figures are whole (only each run's and the flags' texts elide).
void TestWorkbenchLayout::sweepTableFitsAt1024x700()
{
    QFETCH(bool, german);
    useGerman(german);
    MainWindow window;
    QVERIFY(showAt(window, QSize(1024, 700)));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    QTableWidget *table = window.sweepPanel()->table();
    ExperimentSpec spec;
    SweepPlan plan(spec);
    QVERIFY(plan.addAxis(QStringLiteral("net.ipv4.tcp_limit_output_bytes"),
                         QStringLiteral("16384 32768 65536 131072 262144 524288 1048576 4194304").split(u' ')));
    const QList<SweepPoint> points = plan.points();
    table->setRowCount(int(points.size()));
    const QLocale locale;
    for (int row = 0; row < points.size(); ++row) {
        const QStringList texts{points.at(row).label(),
                                QStringLiteral("%1 (%2–%3)")
                                    .arg(locale.toString(9412.3 + row, 'f', 1), locale.toString(9398.6 + row, 'f', 1),
                                         locale.toString(9431.7 + row, 'f', 1)),
                                QStringLiteral("9 412,3, 9 398,6, 9 431,7"),
                                locale.toString(12.84 + row, 'f', 2),
                                locale.toString(104.27 + row, 'f', 2),
                                german ? QStringLiteral("RTT-Streuung hoch") : QStringLiteral("RTT spread high")};
        for (int c = 0; c < texts.size(); ++c)
            table->setItem(row, c, new QTableWidgetItem(texts.at(c)));
    }
    QTest::qWait(100);
    test::saveScreenshot(&window, QStringLiteral("%1_1024x700_sweep_table").arg(german ? u"de" : u"en"));
    // The window itself fits the screen: its panels' least widths do not push it wider.
    QVERIFY2(window.width() <= 1024, qPrintable(QString::number(window.width())));
    QHeaderView *header = table->horizontalHeader();
    QStringList widths;
    for (int c = 0; c < table->columnCount(); ++c)
        widths << QString::number(header->sectionSize(c));
    QVERIFY2(!table->horizontalScrollBar()->isVisible(),
             qPrintable(QStringLiteral("the sweep table scrolls sideways: columns %1 px in %2 px")
                            .arg(widths.join(u'+'))
                            .arg(table->viewport()->width())));
    const QFontMetrics metrics(table->font());
    for (int c = 0; c < table->columnCount(); ++c) {
        const QString where = QStringLiteral("'%1': %2 px at %3 of %4 px")
                                  .arg(table->horizontalHeaderItem(c)->text())
                                  .arg(header->sectionSize(c))
                                  .arg(header->sectionViewportPosition(c))
                                  .arg(header->viewport()->width());
        QVERIFY2(header->sectionViewportPosition(c) + header->sectionSize(c) <= header->viewport()->width(),
                 qPrintable(where));
        // The figures (throughput with its interval, the RTTs) are whole: the interval may go
        // under its mean, on a line the row has room for.
        if (c == 1 || c == 3 || c == 4)
            for (int row = 0; row < table->rowCount(); ++row) {
                const QStringList lines = IntervalDelegate::lines(table->item(row, c)->text());
                for (const QString &line : lines)
                    QVERIFY2(metrics.horizontalAdvance(line) <= header->sectionSize(c) - 4,
                             qPrintable(where + QStringLiteral(": ") + line));
                QVERIFY2(table->rowHeight(row) >= int(lines.size()) * metrics.lineSpacing(),
                         qPrintable(where + QStringLiteral(": row %1 high").arg(table->rowHeight(row))));
            }
    }
}

void TestWorkbenchLayout::twelvePointSweepShowsWhole_data()
{
    QTest::addColumn<bool>("german");
    QTest::addColumn<QSize>("size");
    QTest::newRow("de 1280x800") << true << QSize(1280, 800);
    QTest::newRow("de 1024x700") << true << QSize(1024, 700);
    QTest::newRow("en 1024x700") << false << QSize(1024, 700);
}

// Issue 37, walkthrough at 1024x700: after a sweep of 12 points (its runs on the charts, their
// limiter rows, the Sweep tab open) the throughput chart's title read "Throughput (mean o...",
// the sweep chart's "Throughput and RTT against th..." and its 12 values "...". Every text of
// the window shows whole.
void TestWorkbenchLayout::twelvePointSweepShowsWhole()
{
    QFETCH(bool, german);
    QFETCH(QSize, size);
    useGerman(german);
    MainWindow window;
    QVERIFY(showAt(window, size));
    window.tabs()->setCurrentWidget(window.sweepPanel());
    const QStringList values = QStringLiteral("16K 24K 32K 48K 64K 96K 128K 192K 256K 384K 512K 1M").split(u' ');
    QList<SweepChartPoint> points;
    ThroughputRttView *chart = window.chartView();
    for (int i = 0; i < values.size(); ++i) {
        const QString name = QStringLiteral("SO_SNDBUF %1").arg(values.at(i));
        const int run = chart->addRun(name);
        QList<ChartSample> samples;
        for (int k = 0; k <= 40; ++k)
            samples.append(ChartSample{k * 0.05, 47.0 + k % 3, 5.0 + i * 3 + k % 4});
        chart->appendSamples(run, samples);
        RunRecord record = verdictRun(QStringLiteral("The flow filled the path."), 0.5);
        record.limiters.applicationLimited = -1; // a bulk run's bar, as the walkthrough's
        window.verdictPanel()->addRun(name, record);
        SweepChartPoint point;
        point.label = values.at(i);
        point.throughputMbps = 47.7;
        point.rttMedianMs = 8.7 + i * 2.5;
        points.append(point);
    }
    window.sweepPanel()->chart()->setPoints(points);
    chart->replotNow();
    QTest::qWait(100);
    test::saveScreenshot(
        &window,
        QStringLiteral("%1_%2x%3_sweep_of_12").arg(german ? u"de" : u"en").arg(size.width()).arg(size.height()));
    QCOMPARE(window.sweepPanel()->chart()->plottedThroughputPoints(), values.size());
    const Walk cut = cutTexts(&window);
    QVERIFY(cut.examined > 0);
    QVERIFY2(cut.found.isEmpty(), qPrintable(cut.found.join(QLatin1Char('\n'))));
}
