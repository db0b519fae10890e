#include "report/report_model.h"

#include <QCoreApplication>

namespace tcptune {
namespace {

} // namespace

QStringList ReportRow::flags() const
{
    QStringList out;
    if (collapsedRuns > 0)
        out << ReportModel::tr("collapse (%1 of %2 runs)").arg(collapsedRuns).arg(okRuns);
    if (highVariance)
        out << ReportModel::tr("high variance (CV %1 %)").arg(cv * 100.0, 0, 'f', 0);
    if (failedRuns > 0)
        out << ReportModel::tr("FAILED: %1 of %2 runs").arg(failedRuns).arg(plannedRuns);
    if (okRuns + failedRuns < plannedRuns)
        out << ReportModel::tr("incomplete: %1 of %2 runs").arg(okRuns + failedRuns).arg(plannedRuns);
    return out;
}

int ReportModel::failedRunCount() const
{
    return int(failedRuns().size());
}

QList<const ReportRun *> ReportModel::failedRuns() const
{
    QList<const ReportRun *> out;
    for (const ReportRun &r : runs)
        if (r.status == runStatusName(RunStatus::Failed))
            out << &r;
    return out;
}

} // namespace tcptune
