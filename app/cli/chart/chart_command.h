#pragma once
// `tcptune chart ID --format png|svg|pdf --out FILE [--size WxH] [--dpi N] [--chart NAME]`: a
// stored sweep's or run's chart, drawn headless by the workbench's chart code.

#include <QStringList>

namespace tcptune::cli {

int runChartCommand(const QStringList &args);

} // namespace tcptune::cli
