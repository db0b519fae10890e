#include "report/report_model.h"

namespace tcptune {

QString ReportModel::pointLabel(const PointResult &point) const
{
    const QString label = point.point.label();
    return label.isEmpty() ? title : label;
}

QString ReportModel::pointLabel(const RunRecord &run) const
{
    return run.pointLabel.isEmpty() ? title : run.pointLabel;
}

QList<const RunRecord *> ReportModel::failedRuns() const
{
    QList<const RunRecord *> out;
    for (const RunRecord *r : runs())
        if (r->status == RunStatus::Failed)
            out << r;
    return out;
}

} // namespace tcptune
