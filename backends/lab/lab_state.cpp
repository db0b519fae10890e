#include "lab/lab_state.h"

#include "lab/lab_files.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace tcptune {

namespace {

// LabStateRecord::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabStateRecord final {
    Q_DECLARE_TR_FUNCTIONS(LabStateRecord)
};

} // namespace

QString labStatePath(const QString &labName)
{
    return labfiles::labsDirectory() + QLatin1Char('/') + labName + QStringLiteral(".json");
}

QJsonObject toJson(const LabState &s)
{
    return {
        {QStringLiteral("spec"), toJson(s.spec)},
        {QStringLiteral("boot_id"), s.bootId},
        {QStringLiteral("created_at"), s.createdAt.toUTC().toString(Qt::ISODate)},
        {QStringLiteral("complete"), s.complete},
        {QStringLiteral("namespaces"), QJsonArray::fromStringList(s.namespaces)},
        {QStringLiteral("links"), QJsonArray::fromStringList(s.links)},
        {QStringLiteral("sysctls"), QJsonArray::fromStringList(s.sysctls)},
        {QStringLiteral("qdiscs_missing"), QJsonArray::fromStringList(s.qdiscsMissing)},
    };
}

Result<LabState> labStateFromJson(const QJsonObject &o)
{
    auto spec = labSpecFromJson(o.value(QStringLiteral("spec")).toObject());
    if (!spec)
        return std::unexpected(spec.error());
    LabState s;
    s.spec = *spec;
    s.bootId = o.value(QStringLiteral("boot_id")).toString();
    s.createdAt = QDateTime::fromString(o.value(QStringLiteral("created_at")).toString(), Qt::ISODate);
    s.complete = o.value(QStringLiteral("complete")).toBool();
    s.namespaces = labfiles::stringList(o.value(QStringLiteral("namespaces")));
    s.links = labfiles::stringList(o.value(QStringLiteral("links")));
    s.sysctls = labfiles::stringList(o.value(QStringLiteral("sysctls")));
    s.qdiscsMissing = labfiles::stringList(o.value(QStringLiteral("qdiscs_missing")));
    return s;
}

Result<LabState> readLabState(const QString &labName)
{
    QFile file(labStatePath(labName));
    if (!file.open(QIODevice::ReadOnly))
        return fail(LabStateRecord::tr("No record of lab %1 (%2).").arg(labName, file.errorString()));
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.read(1024 * 1024), &error);
    if (!doc.isObject())
        return fail(LabStateRecord::tr("The record %1 is damaged (%2); remove the lab with "
                                       "'tcptune lab down --name %3'.")
                        .arg(file.fileName(), error.errorString(), labName));
    return labStateFromJson(doc.object());
}

Result<void> writeLabState(const LabState &state)
{
    return labfiles::writeRecord(labStatePath(state.spec.name),
                                 QJsonDocument(toJson(state)).toJson(QJsonDocument::Indented));
}

void removeLabState(const QString &labName)
{
    QFile::remove(labStatePath(labName));
}

} // namespace tcptune
