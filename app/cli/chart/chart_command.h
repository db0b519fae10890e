#pragma once
// `tcptune chart ID --format png|svg|pdf --out FILE [--size WxH] [--dpi N] [--chart NAME]`: a
// stored sweep's or run's chart, or with capture:FILE#FLOW a TCP stream graph of a capture's flow
// (cli/chart/capture_chart.h), drawn headless by the workbench's chart code.

#include <QStringList>

namespace tcptune::cli {

int runChartCommand(const QStringList &args);

} // namespace tcptune::cli
