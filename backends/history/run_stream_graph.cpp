#include "history/run_stream_graph.h"

#include "history/run_capture_overlay.h"

#include <QFileInfo>

namespace tcptune {
QString RunStreamGraph::captureOf(const RunRecord &run)
{
    for (const CaptureRecord &c : run.captures)
        if (QFileInfo(c.path).isFile())
            return c.path;
    return {};
}

Result<StreamGraph> RunStreamGraph::mainFlow(const RunRecord &run, const QList<RunSample> &samples)
{
    const QString path = captureOf(run);
    if (path.isEmpty())
        return fail(tr("Run %1 recorded no capture that is still there.").arg(run.runIndex + 1));
    // The analysis's default memory bound: a long capture is cut (the graph says where), the
    // report is still written.
    const AnalysisOptions options;
    // Flow 1 is the one that carried the most bytes (`tcptune analyze` lists the largest first).
    // A run's capture holds only the connections to the target's port (the live backend's filter):
    // its control connection, a few lines, and its data connections, of which that is the main.
    auto graph = readStreamGraph(path, 1, StreamDirection::ClientToServer, options);
    if (graph && graph->flow.s2c.payload_bytes > graph->flow.c2s.payload_bytes)
        graph = readStreamGraph(path, 1, StreamDirection::ServerToClient, options);
    if (graph)
        graph->tcp_info = tcpInfoOverlayOf(run, samples, *graph);
    return graph;
}

} // namespace tcptune
