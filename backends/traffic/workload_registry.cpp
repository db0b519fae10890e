#include "traffic/workload_registry.h"

namespace tcptune {

QString workloadFieldJsonName(WorkloadField field)
{
    switch (field) {
    case WorkloadField::WriteSize: return QStringLiteral("write_size");
    case WorkloadField::RequestSize: return QStringLiteral("request_size");
    case WorkloadField::ResponseSize: return QStringLiteral("response_size");
    case WorkloadField::HeaderSize: return QStringLiteral("header_size");
    }
    return QString();
}

std::int64_t workloadFieldValue(const TrafficSpec &spec, WorkloadField field)
{
    switch (field) {
    case WorkloadField::WriteSize: return spec.writeSize;
    case WorkloadField::RequestSize: return spec.requestSize;
    case WorkloadField::ResponseSize: return spec.responseSize;
    case WorkloadField::HeaderSize: return spec.headerSize;
    }
    return 0;
}

std::int64_t workloadFieldsSum(const TrafficSpec &spec, WorkloadFields fields)
{
    std::int64_t sum = 0;
    for (WorkloadField field : kWorkloadFieldOrder)
        if (fields.testFlag(field))
            sum += workloadFieldValue(spec, field);
    return sum;
}

QStringList workloadNames()
{
    QStringList names;
    for (const WorkloadDescriptor &d : workloads())
        names.append(d.nameText());
    return names;
}

QString workloadNameList()
{
    QStringList names = workloadNames();
    const QString last = names.takeLast();
    return names.isEmpty() ? last
                           : WorkloadDescriptor::tr("%1 or %2", "the last of a list of choices")
                                 .arg(names.join(QStringLiteral(", ")), last);
}

} // namespace tcptune
