#include "history/run_capture_overlay.h"

#include "capture/tcp_info_alignment.h"
#include "experiment/diagnosis/limiter_breakdown.h"
#include "experiment/diagnosis/limiter_spans.h"
#include "experiment/store/result_store.h"
#include "experiment/store/store_location.h"

#include <QFileInfo>
#include <QSet>

namespace tcptune {
namespace {

// The same file however the path was written (relative, through a link).
QString canonical(const QString &path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

} // namespace

std::optional<qint64> runOfCapture(const ResultStore &store, const QString &capturePath)
{
    const auto captures = store.capturePaths();
    if (!captures)
        return std::nullopt;
    const QString wanted = canonical(capturePath);
    // Newest experiment first: a file recorded again belongs to its newest run.
    for (const auto &[runId, path] : *captures)
        if (canonical(path) == wanted)
            return runId;
    return std::nullopt;
}

std::optional<TcpInfoOverlay> tcpInfoOverlayOf(const RunRecord &run, const QList<RunSample> &samples,
                                               const StreamGraph &graph)
{
    // The client is tcptune, which opens every connection of a run (the target only accepts), so
    // the client's data is this host's sending and the server's is the target's.
    const bool farSender = graph.direction == StreamDirection::ServerToClient;
    QSet<int> streams;
    QSet<int> ends;
    std::vector<TcpInfoPoint> points;
    QList<RunSample> sender;
    for (const RunSample &s : samples) {
        if (s.farSender != farSender)
            continue;
        ends.insert(s.end);
        if (s.stream >= 0) {
            streams.insert(s.stream);
            continue;
        }
        points.push_back({s.t, s.cwnd, s.unacked});
        sender << s;
    }
    if (streams.size() > 1 || ends.size() > 1)
        return std::nullopt;
    auto overlay = alignTcpInfo(graph, points);
    if (!overlay)
        return overlay;
    // On the capture's time, as the lines: run time 0 is where the traffic started.
    overlay->limiter_spans = limiterSpans(sender, writerAlwaysHasData(run));
    for (LimiterSpan &span : overlay->limiter_spans) {
        span.t0_s += overlay->shift_s;
        span.t1_s += overlay->shift_s;
    }
    return overlay;
}

std::optional<TcpInfoOverlay> runTcpInfoOverlay(const ResultStore &store, qint64 runId, const StreamGraph &graph)
{
    const auto run = store.run(runId);
    const auto samples = store.samples(runId);
    if (!run || !samples)
        return std::nullopt;
    return tcpInfoOverlayOf(*run, *samples, graph);
}

void attachRunTcpInfo(StreamGraph &graph, const QString &capturePath, const QString &storePath)
{
    graph.tcp_info.reset();
    const auto location = StoreLocation::parse(storePath);
    if (!location || (!location->isPostgres() && !QFileInfo::exists(location->path)))
        return; // opening a file that is not there would create an empty store
    ResultStore store;
    if (!store.open(storePath))
        return;
    if (const auto run = runOfCapture(store, capturePath))
        graph.tcp_info = runTcpInfoOverlay(store, *run, graph);
}

} // namespace tcptune
