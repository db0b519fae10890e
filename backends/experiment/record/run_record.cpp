#include "experiment/record/run_record.h"

#include "experiment/record/record_enum_names.h"

#include <algorithm>

namespace tcptune {

QString runStatusName(RunStatus status)
{
    return nameOf(kRunStatusNames, status);
}

RunStatus runStatusFromName(const QString &name)
{
    return parseName(kRunStatusNames, name).value_or(RunStatus::Running);
}

RunEnd runEndFromName(const QString &name)
{
    return parseName(kRunEndNames, name).value_or(RunEnd::Local);
}

QString runEndName(RunEnd end)
{
    return nameOf(kRunEndNames, end);
}

LatencyUnderLoad RunRecord::underLoad() const
{
    const QJsonValue json = details.value(QStringLiteral("latency_under_load"));
    return json.isObject() ? LatencyUnderLoad::fromJson(json.toObject()) : LatencyUnderLoad{};
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
    return nameOf(kExperimentStatusNames, status);
}

ExperimentStatus experimentStatusFromName(const QString &name)
{
    return parseName(kExperimentStatusNames, name).value_or(ExperimentStatus::Running);
}

} // namespace tcptune
