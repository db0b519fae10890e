#include "helper/permanent_sysctls.h"

#include "helper/helper_connection.h"

#include <QJsonArray>
#include <QJsonObject>

namespace tcptune {
namespace {

PermanentSysctls fromReply(const QJsonObject &reply)
{
    PermanentSysctls out;
    out.name = reply.value(QStringLiteral("name")).toString();
    out.path = reply.value(QStringLiteral("path")).toString();
    const QJsonObject sysctls = reply.value(QStringLiteral("sysctls")).toObject();
    for (auto it = sysctls.constBegin(); it != sysctls.constEnd(); ++it)
        out.sysctls.insert(it.key(), it.value().toString());
    return out;
}

} // namespace

Result<PermanentSysctls> makePermanent(HelperConnection &helper, const QString &name,
                                       const QMap<QString, QString> &sysctls, bool confirmed)
{
    QJsonObject values;
    for (auto it = sysctls.cbegin(); it != sysctls.cend(); ++it)
        values.insert(it.key(), it.value());
    auto reply = helper.request(
        QStringLiteral("sysctl_file_write"),
        {{QStringLiteral("name"), name}, {QStringLiteral("sysctls"), values}, {QStringLiteral("confirm"), confirmed}});
    if (!reply)
        return std::unexpected(reply.error());
    return fromReply(*reply);
}

Result<PermanentSysctls> undoPermanent(HelperConnection &helper, const QString &name)
{
    auto reply = helper.request(QStringLiteral("sysctl_file_remove"), {{QStringLiteral("name"), name}});
    if (!reply)
        return std::unexpected(reply.error());
    return fromReply(*reply);
}

Result<QList<PermanentSysctls>> listPermanent(HelperConnection &helper)
{
    auto reply = helper.request(QStringLiteral("sysctl_file_list"));
    if (!reply)
        return std::unexpected(reply.error());
    QList<PermanentSysctls> out;
    const QJsonArray files = reply->value(QStringLiteral("files")).toArray();
    for (const QJsonValue &file : files)
        out.append(fromReply(file.toObject()));
    return out;
}

} // namespace tcptune
