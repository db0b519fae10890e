#pragma once
// `tcptune report ID --format html|pdf|md|csv|json --out FILE`: a stored experiment or run as a
// report for a bug tracker or a mail.

#include <QStringList>

namespace tcptune::cli {

int runReportCommand(const QStringList &args);

} // namespace tcptune::cli
