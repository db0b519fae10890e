#include "experiment/spec/experiment_spec.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tcptune {

namespace {

QJsonObject targetToJson(const TargetSpec &target)
{
    QJsonObject o{{QStringLiteral("kind"), TargetSpec::kindName(target.kind)}};
    if (!target.host.isEmpty())
        o.insert(QStringLiteral("host"), target.host);
    if (target.port)
        o.insert(QStringLiteral("port"), target.port);
    if (!target.labName.isEmpty())
        o.insert(QStringLiteral("lab"), target.labName);
    if (!target.user.isEmpty())
        o.insert(QStringLiteral("user"), target.user);
    if (!target.sshConfig.isEmpty())
        o.insert(QStringLiteral("ssh_config"), target.sshConfig);
    return o;
}

} // namespace

QJsonObject ExperimentSpec::toJson() const
{
    QJsonValue targetValue = targetToJson(target);
    if (!moreTargets.isEmpty()) { // several ends: a list, the first end first
        QJsonArray list{targetValue};
        for (const TargetSpec &t : moreTargets)
            list.append(targetToJson(t));
        targetValue = list;
    }
    QJsonObject knobObject;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        knobObject.insert(it.key(), it.value());
    QJsonObject workloadObject{{QStringLiteral("type"), workloadName(workload.type)},
                               {QStringLiteral("streams"), workload.streams},
                               {QStringLiteral("write_size"), double(workload.writeSize)},
                               {QStringLiteral("request_size"), double(workload.requestSize)},
                               {QStringLiteral("response_size"), double(workload.responseSize)},
                               {QStringLiteral("header_size"), double(workload.headerSize)},
                               {QStringLiteral("latency_probe"), workload.latencyProbe},
                               {QStringLiteral("direction"), workload.direction}};
    if (workload.type == Workload::Rrul)
        workloadObject.insert(QStringLiteral("idle_s"), workload.idleS);
    QJsonObject o{
        {QStringLiteral("version"), kFormatVersion}, {QStringLiteral("target"), targetValue},
        {QStringLiteral("knobs"), knobObject},       {QStringLiteral("workload"), workloadObject},
        {QStringLiteral("capture"), capture},        {QStringLiteral("duration_s"), durationS},
        {QStringLiteral("omit_s"), omitS},           {QStringLiteral("repeats"), repeatsJson()},
        {QStringLiteral("pause_s"), pauseS},         {QStringLiteral("sample_ms"), sampleMs},
    };
    if (!name.isEmpty())
        o.insert(QStringLiteral("name"), name);
    if (!description.isEmpty())
        o.insert(QStringLiteral("description"), description);
    if (!labNote.isEmpty())
        o.insert(QStringLiteral("lab_note"), labNote);
    return o;
}

QJsonValue ExperimentSpec::repeatsJson() const
{
    if (!untilPrecise())
        return repeats;
    return QJsonObject{
        {QStringLiteral("min"), repeats}, {QStringLiteral("max"), maxRepeats}, {QStringLiteral("ci_pct"), ciTargetPct}};
}

QByteArray ExperimentSpec::toJsonText() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

} // namespace tcptune
