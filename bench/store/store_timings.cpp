#include "store_timings.h"

#include "charts/throughput_rtt_view.h"
#include "experiment/store/result_store.h"
#include "history/history_panel.h"
#include "interruption.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTreeWidget>

namespace tcptune::bench {
namespace {

Timing timeResultsList(const QString &location, const StoreBenchOptions &o)
{
    Timing t;
    for (int i = 0; i < o.repeats && !interrupted(); ++i) {
        QProcess p;
        p.setStandardOutputFile(QProcess::nullDevice());
        QElapsedTimer clock;
        clock.start();
        p.start(o.tcptune, {QStringLiteral("results"), QStringLiteral("list"), QStringLiteral("--store"), location});
        p.waitForFinished(120000);
        t.ms.append(clock.nsecsElapsed() / 1e6);
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            qWarning("tcptune results list failed: %s", p.readAllStandardError().constData());
    }
    return t;
}

Timing timeHistoryOpen(HistoryPanel &panel, int repeats)
{
    Timing t;
    for (int i = 0; i < repeats && !interrupted(); ++i) {
        QElapsedTimer clock;
        clock.start();
        panel.refresh();
        QApplication::processEvents(); // layout and paint, as the tab shows
        t.ms.append(clock.nsecsElapsed() / 1e6);
    }
    return t;
}

// The queries alone, without the widgets, of every experiment and run: what the History tab read
// before it listed a page at a time.
Timing timeListQueries(const QString &location, int repeats)
{
    ResultStore store;
    if (!store.open(location))
        return {};
    Timing t;
    for (int i = 0; i < repeats && !interrupted(); ++i) {
        QElapsedTimer clock;
        clock.start();
        const auto experiments = store.experimentList();
        const auto runs = store.runList();
        t.ms.append(clock.nsecsElapsed() / 1e6);
        if (!experiments || !runs)
            qWarning("History's list queries failed");
    }
    return t;
}

QTreeWidgetItem *runItem(HistoryPanel &panel, int experiment, int run)
{
    QTreeWidgetItem *top = panel.tree()->topLevelItem(experiment);
    return top ? top->child(run) : nullptr;
}

Timing timeAb(HistoryPanel &panel, int repeats)
{
    Timing t;
    for (int i = 0; i < repeats && !interrupted(); ++i) {
        QTreeWidgetItem *a = runItem(panel, i, 0);
        QTreeWidgetItem *b = runItem(panel, i + 1, 1);
        if (!a || !b)
            break;
        QElapsedTimer clock;
        clock.start();
        a->setCheckState(0, Qt::Checked);
        b->setCheckState(0, Qt::Checked);
        panel.compareTicked();
        QApplication::processEvents();
        t.ms.append(clock.nsecsElapsed() / 1e6);
        a->setCheckState(0, Qt::Unchecked);
        b->setCheckState(0, Qt::Unchecked);
    }
    return t;
}

// The address as ResultStore writes it back (path()): the panel keeps its connection only while
// $TCPTUNE_STORE names its store so, else it connects anew at every refresh.
QString canonical(const QString &location)
{
    ResultStore store;
    return store.open(location) ? store.path() : location;
}

} // namespace

StoreTimings timeStore(const QString &location, const StoreBenchOptions &o)
{
    StoreTimings t;
    t.resultsList = timeResultsList(location, o);
    t.listQueries = timeListQueries(location, o.repeats);
    qputenv("TCPTUNE_STORE", canonical(location).toLocal8Bit());
    ThroughputRttView chart;
    HistoryPanel panel(&chart);
    panel.resize(1400, 800);
    panel.show();
    QApplication::processEvents();
    t.historyOpen = timeHistoryOpen(panel, o.repeats);
    t.ab = timeAb(panel, o.repeats);
    return t;
}

} // namespace tcptune::bench
