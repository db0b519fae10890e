#include "lab/lab_requests.h"

#include "helper/helper_connection.h"
#include "lab/lab_files.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace tcptune {
namespace {

// LabRequests::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabRequests final {
    Q_DECLARE_TR_FUNCTIONS(LabRequests)
};

// Building a lab runs a few dozen ip/tc commands; probing the qdiscs once per boot a few more.
constexpr int kLabRequestTimeoutMs = 60000;

} // namespace

LabStatus labStatusFromJson(const QJsonObject &o)
{
    LabStatus s;
    s.name = o.value(QStringLiteral("name")).toString();
    const QString state = o.value(QStringLiteral("state")).toString();
    s.state = state == QLatin1String("up")         ? LabStatus::State::Up
              : state == QLatin1String("leftover") ? LabStatus::State::Leftover
                                                   : LabStatus::State::Down;
    s.presentNamespaces = labfiles::stringList(o.value(QStringLiteral("namespaces")));
    s.problem = o.value(QStringLiteral("problem")).toString();
    if (o.contains(QStringLiteral("spec"))) {
        if (auto spec = labSpecFromJson(o.value(QStringLiteral("spec")).toObject())) {
            LabState record;
            record.spec = *spec;
            record.complete = s.state == LabStatus::State::Up;
            record.createdAt = QDateTime::fromString(o.value(QStringLiteral("created_at")).toString(), Qt::ISODate);
            record.links = labfiles::stringList(o.value(QStringLiteral("links")));
            record.qdiscsMissing = labfiles::stringList(o.value(QStringLiteral("qdiscs_missing")));
            s.record = record;
        }
    }
    return s;
}

Result<LabStatus> requestLabUp(HelperConnection &helper, const LabSpec &spec)
{
    QJsonObject knobs;
    const QMap<QString, QString> values = labKnobValues(spec);
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        knobs.insert(it.key(), it.value());
    auto reply =
        helper.request(QStringLiteral("lab_up"),
                       {{QStringLiteral("name"), spec.name}, {QStringLiteral("knobs"), knobs}}, kLabRequestTimeoutMs);
    if (!reply)
        return std::unexpected(reply.error());
    return labStatusFromJson(*reply);
}

Result<void> requestLabDown(HelperConnection &helper, const QString &labName)
{
    auto reply = helper.request(QStringLiteral("lab_down"), {{QStringLiteral("name"), labName}}, kLabRequestTimeoutMs);
    if (!reply)
        return std::unexpected(reply.error());
    return {};
}

Result<LabEndpoints> ensureLabUp(HelperConnection &helper, const QString &labName, quint16 agentPort)
{
    if (auto ok = validateLabName(labName); !ok)
        return std::unexpected(ok.error());
    LabStatus status = labStatus(labName);
    if (status.state == LabStatus::State::Leftover)
        return fail(
            LabRequests::tr("Lab %1 was left behind (%2). Remove it with 'tcptune lab down --name %1' and run again.")
                .arg(labName, status.problem));
    if (!status.isUp()) {
        auto spec = parseLabSpec(labName, {});
        if (!spec)
            return std::unexpected(spec.error());
        if (auto running = helper.ensureStarted(); !running)
            return fail(LabRequests::tr("Lab %1 is down and tcptune-helper, which builds it, did not start: %2")
                            .arg(labName, running.error().message));
        auto started = requestLabUp(helper, *spec);
        if (!started)
            return fail(LabRequests::tr("Could not start lab %1: %2").arg(labName, started.error().message));
        status = *started;
    }
    const auto endpoints = status.endpoints(agentPort);
    if (!endpoints)
        return fail(
            LabRequests::tr("Lab %1 is not up after starting it; see 'tcptune lab status --name %1'.").arg(labName));
    return *endpoints;
}

} // namespace tcptune
