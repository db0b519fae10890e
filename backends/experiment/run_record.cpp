#include "experiment/run_record.h"

#include <algorithm>

namespace tcptune {

QString runStatusName(RunStatus status)
{
    switch (status) {
    case RunStatus::Running: return QStringLiteral("running");
    case RunStatus::Ok: return QStringLiteral("ok");
    case RunStatus::Failed: return QStringLiteral("failed");
    case RunStatus::Cancelled: return QStringLiteral("cancelled");
    case RunStatus::Interrupted: return QStringLiteral("interrupted");
    }
    return QString();
}

RunStatus runStatusFromName(const QString &name)
{
    if (name == QLatin1String("ok"))
        return RunStatus::Ok;
    if (name == QLatin1String("failed"))
        return RunStatus::Failed;
    if (name == QLatin1String("cancelled"))
        return RunStatus::Cancelled;
    if (name == QLatin1String("interrupted"))
        return RunStatus::Interrupted;
    return RunStatus::Running;
}

RunEnd runEndFromName(const QString &name)
{
    if (name == QLatin1String("remote"))
        return RunEnd::Remote;
    if (name == QLatin1String("router"))
        return RunEnd::Router;
    return RunEnd::Local;
}

QString runEndName(RunEnd end)
{
    switch (end) {
    case RunEnd::Local: return QStringLiteral("local");
    case RunEnd::Remote: return QStringLiteral("remote");
    case RunEnd::Router: return QStringLiteral("router");
    }
    return QString();
}

const EndRecord *RunRecord::endRecord(RunEnd which) const
{
    for (const EndRecord &e : ends)
        if (e.end == which)
            return &e;
    return nullptr;
}

QueueBacklog queueBacklog(const QList<QueueSample> &queue, double fromT)
{
    QueueBacklog b;
    double bytes = 0;
    double packets = 0;
    int byteSamples = 0;
    for (const QueueSample &q : queue) {
        if (q.t < fromT)
            continue;
        if (q.backlogBytes >= 0) {
            bytes += double(q.backlogBytes);
            ++byteSamples;
        }
        if (q.backlogPackets >= 0) {
            packets += double(q.backlogPackets);
            b.peakPackets = std::max(b.peakPackets, q.backlogPackets);
            b.busySamples += q.backlogPackets > 0 ? 1 : 0;
            ++b.packetSamples;
        }
    }
    b.meanBytes = byteSamples > 0 ? bytes / byteSamples : -1;
    b.meanPackets = b.packetSamples > 0 ? packets / b.packetSamples : -1;
    return b;
}

const EndRecord *RunRecord::senderEnd() const
{
    for (const EndRecord &e : ends)
        if (e.sender)
            return &e;
    return nullptr;
}

QString RunRecord::senderKnob(const QString &key) const
{
    const EndRecord *sender = senderEnd();
    if (!sender)
        return settings.value(key);
    // This end's snapshot after the run holds what it ran with. A far sender reports its knobs
    // as the run begins (after this end set its own) and has no "after". The point's sysctls
    // are set at this end: they say nothing of a far sender's.
    const bool far = sender->end == RunEnd::Remote;
    const KnobSnapshot &ran = far && sender->knobsAfter.isEmpty() ? sender->knobsBefore : sender->knobsAfter;
    return ran.value(key, far ? QString() : settings.value(key));
}

QString experimentStatusName(ExperimentStatus status)
{
    switch (status) {
    case ExperimentStatus::Running: return QStringLiteral("running");
    case ExperimentStatus::Finished: return QStringLiteral("finished");
    case ExperimentStatus::Cancelled: return QStringLiteral("cancelled");
    case ExperimentStatus::Failed: return QStringLiteral("failed");
    case ExperimentStatus::Interrupted: return QStringLiteral("interrupted");
    }
    return QString();
}

ExperimentStatus experimentStatusFromName(const QString &name)
{
    if (name == QLatin1String("finished"))
        return ExperimentStatus::Finished;
    if (name == QLatin1String("cancelled"))
        return ExperimentStatus::Cancelled;
    if (name == QLatin1String("failed"))
        return ExperimentStatus::Failed;
    if (name == QLatin1String("interrupted"))
        return ExperimentStatus::Interrupted;
    return ExperimentStatus::Running;
}

} // namespace tcptune
