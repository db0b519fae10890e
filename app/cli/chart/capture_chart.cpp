#include "cli/chart/capture_chart.h"

#include "capture/stream_graph.h"
#include "charts/stream_graph_chart.h"
#include "cli/console.h"
#include "history/run_capture_overlay.h"

#include <QCoreApplication>

namespace tcptune::cli {
namespace {

// CaptureChart::tr(): lupdate files this file's text under the context that tr() looks it up in.
class CaptureChart final {
    Q_DECLARE_TR_FUNCTIONS(CaptureChart)
};

const QString kPrefix = QStringLiteral("capture:");

struct Subject {
    QString file;
    int flow = 1;
};

// "capture:FILE#FLOW": the last '#' starts the flow, so a file name may hold one.
std::optional<Subject> parseSubject(const QString &subject)
{
    Subject s;
    s.file = subject.mid(kPrefix.size());
    const qsizetype hash = s.file.lastIndexOf(QLatin1Char('#'));
    if (hash >= 0) {
        bool ok = false;
        s.flow = s.file.mid(hash + 1).toInt(&ok);
        if (!ok || s.flow < 1)
            return std::nullopt;
        s.file.truncate(hash);
    }
    if (s.file.isEmpty())
        return std::nullopt;
    return s;
}

std::optional<StreamDirection> directionFromName(const QString &name)
{
    if (name.isEmpty() || name == QLatin1String("c2s") || name == QLatin1String("client-to-server"))
        return StreamDirection::ClientToServer;
    if (name == QLatin1String("s2c") || name == QLatin1String("server-to-client"))
        return StreamDirection::ServerToClient;
    return std::nullopt;
}

} // namespace

bool isCaptureSubject(const QString &subject)
{
    return subject.startsWith(kPrefix);
}

int runCaptureChart(const QString &subjectText, const StreamGraphRequest &request, const ChartOutput &output)
{
    const auto subject = parseSubject(subjectText);
    if (!subject)
        return failWith(CaptureChart::tr("'%1' names no capture flow; write capture:FILE#FLOW, e.g. "
                                         "capture:run.pcap#1 (FLOW is the row of 'tcptune analyze FILE').")
                            .arg(subjectText),
                        2);
    const auto kind =
        StreamGraphChart::kindFromName(request.graph.isEmpty() ? QStringLiteral("tcptrace") : request.graph);
    if (!kind)
        return failWith(CaptureChart::tr("--graph '%1' is not a stream graph; use one of %2.")
                            .arg(request.graph, StreamGraphChart::kindNames().join(QStringLiteral(", "))),
                        2);
    const auto direction = directionFromName(request.direction);
    if (!direction)
        return failWith(CaptureChart::tr("--direction '%1' is not a direction; use c2s (client to server) or s2c.")
                            .arg(request.direction),
                        2);
    bool windowOk = request.window.isEmpty();
    const double window = windowOk ? 1.0 : request.window.toDouble(&windowOk);
    if (!windowOk || !(window > 0))
        return failWith(
            CaptureChart::tr("--window '%1' is not a number of seconds; use e.g. --window 0.5.").arg(request.window),
            2);
    auto graph = readStreamGraph(subject->file, subject->flow, *direction);
    if (!graph)
        return failWith(graph.error().message, 1);
    if (graph->truncated)
        err() << graph->truncation_message << Qt::endl;
    attachRunTcpInfo(*graph, subject->file, request.store);
    StreamGraphChart chart(*graph, *kind, window);
    const ChartPainterFunction draw = [&chart](QPainter *painter, const QRectF &target) {
        chart.render(painter, target);
    };
    if (auto written = ChartExporter::write(draw, output.format, output.path, output.pixels, output.dpi, chart.title());
        !written)
        return failWith(written.error().message, 1);
    out() << CaptureChart::tr("wrote %1").arg(output.path) << Qt::endl;
    return 0;
}

} // namespace tcptune::cli
