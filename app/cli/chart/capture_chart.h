#pragma once
// `tcptune chart capture:FILE#FLOW --graph tcptrace|inflight|rtt|throughput`: a TCP stream graph
// of one flow of a capture file (FLOW: the row of `tcptune analyze FILE`, 1 = largest; default 1),
// drawn by the chart renderer like the stored runs' charts. A capture a run in the result store
// recorded has that run's TCP_INFO on its bytes in flight graph, as in the workbench.

#include "export/chart_exporter.h"

#include <QSize>
#include <QString>

class QCommandLineParser;

namespace tcptune::cli {

// Where and how `tcptune chart` writes its chart.
struct ChartOutput {
    QString path;
    ChartExporter::Format format = ChartExporter::Format::Png;
    QSize pixels;
    int dpi = 96;
};

// What --graph, --direction, --window and --store of `tcptune chart` said.
struct StreamGraphRequest {
    QString graph;
    QString direction;
    QString window;
    QString store; // the result store a run that recorded the capture is looked up in (StoreOption::from)
};

// True when SUBJECT names a capture ("capture:FILE[#FLOW]").
bool isCaptureSubject(const QString &subject);

// Draws the graph into OUTPUT; the exit code (0, or 1/2 after printing why).
int runCaptureChart(const QString &subject, const StreamGraphRequest &request, const ChartOutput &output);

} // namespace tcptune::cli
