#include "session/workbench_session.h"

#include "common/log_text.h"
#include "session/session_chart_json.h"

#include <QJsonDocument>

#include <cmath>

namespace tcptune {
namespace {

QJsonObject knobMapToJson(const QMap<QString, QString> &knobs)
{
    QJsonObject o;
    for (auto it = knobs.begin(); it != knobs.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

Error sessionError(const QString &field, const QString &problem)
{
    return Error{WorkbenchSession::tr("Session field '%1': %2").arg(logSafe(field, 120), problem)};
}

// Each knob must be one of the catalogue's with a value it accepts, as if typed in the Knobs tab.
[[nodiscard]] Result<QMap<QString, QString>> knobMapFromJson(const QJsonValue &json, const QString &field)
{
    QMap<QString, QString> knobs;
    if (json.isUndefined())
        return knobs;
    if (!json.isObject())
        return std::unexpected(sessionError(field, WorkbenchSession::tr("expected an object of knob: value.")));
    const QJsonObject o = json.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::optional<QString> text = ExperimentSpec::valueTextOf(it.value());
        if (!text)
            return std::unexpected(
                sessionError(field + QLatin1Char('.') + it.key(), WorkbenchSession::tr("expected a value.")));
        auto canonical = ExperimentSpec::canonicalValue(it.key(), *text);
        if (!canonical)
            return std::unexpected(sessionError(field + QLatin1Char('.') + it.key(), canonical.error().message));
        knobs.insert(it.key(), *canonical);
    }
    return knobs;
}

[[nodiscard]] Result<SessionKnobs> knobsFromJson(const QJsonValue &json)
{
    SessionKnobs knobs;
    if (json.isUndefined())
        return knobs;
    if (!json.isObject())
        return std::unexpected(sessionError(QStringLiteral("knobs"), WorkbenchSession::tr("expected an object.")));
    const QJsonObject o = json.toObject();
    knobs.netns = o.value(QStringLiteral("netns")).toString();
    auto local = knobMapFromJson(o.value(QStringLiteral("local")), QStringLiteral("knobs.local"));
    if (!local)
        return std::unexpected(local.error());
    auto remote = knobMapFromJson(o.value(QStringLiteral("remote")), QStringLiteral("knobs.remote"));
    if (!remote)
        return std::unexpected(remote.error());
    knobs.local = *local;
    knobs.remote = *remote;
    return knobs;
}

} // namespace

QJsonObject WorkbenchSession::sweepToJson(const SessionSweep &sweep)
{
    return QJsonObject{{QStringLiteral("parameter"), sweep.parameter},
                       {QStringLiteral("values"), sweep.values},
                       {QStringLiteral("repeats"), sweep.repeats},
                       {QStringLiteral("ci_target_pct"), sweep.ciTargetPct},
                       {QStringLiteral("max_repeats"), sweep.maxRepeats}};
}

Result<std::optional<SessionSweep>> WorkbenchSession::sweepFromJson(const QJsonValue &json)
{
    if (json.isUndefined() || json.isNull())
        return std::optional<SessionSweep>();
    const QJsonObject o = json.toObject();
    if (!json.isObject() || !o.value(QStringLiteral("parameter")).isString() ||
        !o.value(QStringLiteral("values")).isString())
        return std::unexpected(sessionError(
            QStringLiteral("sweep"), WorkbenchSession::tr("expected an object with a parameter and its values.")));
    SessionSweep sweep;
    sweep.parameter = o.value(QStringLiteral("parameter")).toString();
    sweep.values = o.value(QStringLiteral("values")).toString();
    sweep.repeats = o.value(QStringLiteral("repeats")).toInt(1);
    sweep.ciTargetPct = o.value(QStringLiteral("ci_target_pct")).toDouble(0);
    sweep.maxRepeats = o.value(QStringLiteral("max_repeats")).toInt(0);
    if (sweep.repeats < 1 || sweep.maxRepeats < 0 || sweep.ciTargetPct < 0)
        return std::unexpected(
            sessionError(QStringLiteral("sweep"), WorkbenchSession::tr("repeats must be 1 or more, and the precision "
                                                                       "target and most repeats 0 or more.")));
    return std::optional<SessionSweep>(sweep);
}

namespace {

// Kind and version first: a file of another kind or of a newer tcptune says so, and nothing else.
[[nodiscard]] Result<void> checkKindAndVersion(const QJsonObject &json)
{
    if (json.value(QStringLiteral("kind")).toString() != WorkbenchSession::kKind)
        return fail(WorkbenchSession::tr("This is not a tcptune session (its \"kind\" is not \"%1\"). Open a *.%2 "
                                         "file that File > Save session wrote; a capture opens with File > Open "
                                         "capture, a spec with the Sweep tab or the sweep command.")
                        .arg(WorkbenchSession::kKind, WorkbenchSession::kSuffix));
    const QJsonValue version = json.value(QStringLiteral("schema_version"));
    if (!version.isDouble() || version.toDouble() < 1 || version.toDouble() != std::floor(version.toDouble()))
        return fail(WorkbenchSession::tr("The session has no valid schema_version (a whole number from 1). Save "
                                         "the session again with tcptune."));
    if (version.toInt() > WorkbenchSession::kSchemaVersion)
        return fail(WorkbenchSession::tr("The session was saved by a newer tcptune (session format %1; this one "
                                         "reads format %2 and older). Update tcptune to open it.")
                        .arg(version.toInt())
                        .arg(WorkbenchSession::kSchemaVersion));
    return {};
}

} // namespace

QJsonObject WorkbenchSession::toJson() const
{
    QJsonObject json{{QStringLiteral("kind"), QString(kKind)},
                     {QStringLiteral("schema_version"), kSchemaVersion},
                     {QStringLiteral("form"), form.toJson()},
                     {QStringLiteral("knobs"), QJsonObject{{QStringLiteral("netns"), knobs.netns},
                                                           {QStringLiteral("local"), knobMapToJson(knobs.local)},
                                                           {QStringLiteral("remote"), knobMapToJson(knobs.remote)}}},
                     {QStringLiteral("charts"), chartRunsToJson(charts)}};
    if (sweep)
        json.insert(QStringLiteral("sweep"), sweepToJson(*sweep));
    return json;
}

QByteArray WorkbenchSession::toJsonText() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
}

Result<WorkbenchSession> WorkbenchSession::fromJson(const QJsonObject &json)
{
    if (auto ok = checkKindAndVersion(json); !ok)
        return std::unexpected(ok.error());
    if (!json.value(QStringLiteral("form")).isObject())
        return std::unexpected(sessionError(QStringLiteral("form"), tr("expected the form as an object.")));
    WorkbenchSession session;
    auto form = ExperimentSpec::fromJson(json.value(QStringLiteral("form")).toObject());
    if (!form)
        return std::unexpected(sessionError(QStringLiteral("form"), form.error().message));
    session.form = *form;
    auto knobs = knobsFromJson(json.value(QStringLiteral("knobs")));
    if (!knobs)
        return std::unexpected(knobs.error());
    session.knobs = *knobs;
    auto sweep = sweepFromJson(json.value(QStringLiteral("sweep")));
    if (!sweep)
        return std::unexpected(sweep.error());
    session.sweep = *sweep;
    auto charts = chartRunsFromJson(json.value(QStringLiteral("charts")));
    if (!charts)
        return std::unexpected(charts.error());
    session.charts = *charts;
    return session;
}

Result<WorkbenchSession> WorkbenchSession::fromJsonText(const QByteArray &text)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError)
        return fail(tr("The session is not valid JSON at byte %1 (%2): the file is damaged or cut short. Open "
                       "another copy, or save the session again.")
                        .arg(error.offset)
                        .arg(error.errorString()));
    if (!document.isObject())
        return fail(
            tr("The session is not a JSON object. Open a *.%1 file that File > Save session wrote.").arg(kSuffix));
    return fromJson(document.object());
}

} // namespace tcptune
