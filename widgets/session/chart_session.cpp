#include "session/chart_session.h"

#include "charts/throughput_rtt_view.h"
#include "experiment/store/result_store.h"
#include "session/session_chart_json.h"

#include <QFileInfo>

#include <memory>

namespace tcptune {
namespace {

// The file's series names follow the charts' metrics in order.
ChartMetric metricAt(qsizetype index)
{
    return ChartMetric(int(index));
}

std::unique_ptr<ResultStore> openStoreIfThere(const QString &path)
{
    if (!QFileInfo::exists(path))
        return nullptr;
    auto store = std::make_unique<ResultStore>();
    if (!store->open(path))
        return nullptr;
    return store;
}

} // namespace

QList<SessionChartRun> sessionChartRuns(const ThroughputRttView &chart, const QString &storePath)
{
    Q_ASSERT(sessionSeriesNames().size() == chartMetricCount);
    std::unique_ptr<ResultStore> store;
    bool storeTried = false;
    QList<SessionChartRun> runs;
    for (int id : chart.runIds()) {
        SessionChartRun run;
        run.label = chart.runLabel(id);
        run.toolTip = chart.runToolTip(id);
        run.runId = chart.runTag(id);
        run.visible = chart.isRunVisible(id);
        if (run.runId > 0 && !storeTried) {
            store = openStoreIfThere(storePath);
            storeTried = true;
        }
        if (run.runId > 0 && store)
            if (auto stored = store->run(run.runId))
                run.experimentId = stored->experimentId;
        for (qsizetype m = 0; m < sessionSeriesNames().size(); ++m)
            if (QList<QPointF> points = chart.series(id, metricAt(m)); !points.isEmpty())
                run.series.insert(sessionSeriesNames().at(m), points);
        runs.append(run);
    }
    return runs;
}

void drawSessionChartRuns(ThroughputRttView &chart, const QList<SessionChartRun> &runs)
{
    chart.clear();
    for (const SessionChartRun &run : runs) {
        const int id = chart.addRun(run.label);
        chart.setRunToolTip(id, run.toolTip);
        chart.setRunPinned(id, true);
        chart.setRunVisible(id, run.visible);
        if (run.runId > 0)
            chart.setRunTag(id, run.runId);
        for (auto it = run.series.begin(); it != run.series.end(); ++it)
            if (const qsizetype m = sessionSeriesNames().indexOf(it.key()); m >= 0)
                chart.restoreSeries(id, metricAt(m), it.value());
    }
    chart.resetZoom();
    chart.replotNow();
}

} // namespace tcptune
