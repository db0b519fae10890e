#include "experiment/tune/tune_spec.h"

#include "common/log_text.h"
#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_value.h"

#include <QJsonArray>

#include <cmath>

namespace tcptune {

namespace {

const QString kPrefix = QStringLiteral("tune.");

Error tuneFieldError(const QString &field, const QString &problem)
{
    return Error{TuneSpec::tr("Tune field '%1': %2").arg(kPrefix + field, problem)};
}

[[nodiscard]] Result<void> onlyKnownFields(const QJsonObject &o, const QStringList &known, const QString &prefix)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            return std::unexpected(
                tuneFieldError(prefix + logSafe(it.key(), 40),
                               TuneSpec::tr("unknown field; use one of: %1.").arg(known.join(QStringLiteral(", ")))));
    return {};
}

// A number of O[KEY] within MIN .. MAX (WHOLE: an integer), FALLBACK when absent.
[[nodiscard]] Result<double> numberField(const QJsonObject &o, const QString &key, const QString &field, double min,
                                         double max, double fallback, bool whole)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || (whole && d != std::floor(d)))
        return std::unexpected(
            tuneFieldError(field, whole ? TuneSpec::tr("write a whole number.") : TuneSpec::tr("write a number.")));
    if (d < min || d > max)
        return std::unexpected(tuneFieldError(
            field, TuneSpec::tr("%1 is outside %2 .. %3; write a value in that range.").arg(d).arg(min).arg(max)));
    return d;
}

[[nodiscard]] Result<bool> boolField(const QJsonObject &o, const QString &key, const QString &field, bool fallback)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return fallback;
    if (!v.isBool())
        return std::unexpected(tuneFieldError(field, TuneSpec::tr("write true or false.")));
    return v.toBool();
}

// O[KEY] as an object of KNOWN fields only (KNOWN empty: any); an empty one when it is absent.
[[nodiscard]] Result<QJsonObject> objectField(const QJsonObject &o, const QString &key, const QStringList &known,
                                              const char *example)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        return QJsonObject();
    if (!v.isObject())
        return std::unexpected(
            tuneFieldError(key, TuneSpec::tr("write an object such as %1.").arg(QLatin1StringView(example))));
    if (!known.isEmpty())
        if (auto r = onlyKnownFields(v.toObject(), known, key + QLatin1Char('.')); !r)
            return std::unexpected(r.error());
    return v.toObject();
}

// A knob key the search could move: in the catalogue ("remote:" and a sysctl for the far end).
[[nodiscard]] Result<const KnobInfo *> knobField(const QString &key, const QString &field)
{
    auto knob = ExperimentSpec::lookupKnob(key);
    if (!knob)
        return std::unexpected(tuneFieldError(field, knob.error().message));
    return *knob;
}

} // namespace

QString tuneGoalName(TuneGoal goal)
{
    switch (goal) {
    case TuneGoal::Throughput: return QStringLiteral("throughput");
    case TuneGoal::Latency: return QStringLiteral("latency");
    case TuneGoal::Transactions: return QStringLiteral("rr");
    }
    return QString();
}

std::optional<TuneGoal> tuneGoalFromName(const QString &name)
{
    for (TuneGoal goal : {TuneGoal::Throughput, TuneGoal::Latency, TuneGoal::Transactions})
        if (tuneGoalName(goal) == name)
            return goal;
    return std::nullopt;
}

QJsonObject TuneSpec::toJson() const
{
    QJsonObject rangeObject;
    for (auto it = ranges.begin(); it != ranges.end(); ++it) {
        QJsonObject r;
        if (!it->minimum.isEmpty())
            r.insert(QStringLiteral("min"), it->minimum);
        if (!it->maximum.isEmpty())
            r.insert(QStringLiteral("max"), it->maximum);
        rangeObject.insert(it.key(), r);
    }
    return QJsonObject{
        {QStringLiteral("goal"), tuneGoalName(goal)},
        {QStringLiteral("keep_throughput_pct"), keepThroughputPct},
        {QStringLiteral("ends"), QJsonObject{{QStringLiteral("local"), localEnd},
                                             {QStringLiteral("remote"), remoteEnd},
                                             {QStringLiteral("host"), allowHost}}},
        {QStringLiteral("budget"), QJsonObject{{QStringLiteral("runs"), budgetRuns}, {QStringLiteral("s"), budgetS}}},
        {QStringLiteral("leave_alone"), QJsonArray::fromStringList(leaveAlone)},
        {QStringLiteral("ranges"), rangeObject},
        {QStringLiteral("race"), QJsonObject{{QStringLiteral("baseline_repeats"), baselineRepeats},
                                             {QStringLiteral("min_repeats"), minRepeats},
                                             {QStringLiteral("max_repeats"), maxRepeats},
                                             {QStringLiteral("alpha"), alpha}}},
    };
}

namespace {

[[nodiscard]] Result<void> readGoal(const QJsonObject &o, TuneSpec &spec)
{
    if (const QJsonValue v = o.value(QStringLiteral("goal")); !v.isUndefined()) {
        const auto goal = tuneGoalFromName(v.toString());
        if (!goal)
            return std::unexpected(
                tuneFieldError(QStringLiteral("goal"), TuneSpec::tr("write one of: throughput, latency, rr.")));
        spec.goal = *goal;
    }
    auto keep = numberField(o, QStringLiteral("keep_throughput_pct"), QStringLiteral("keep_throughput_pct"), 1, 100,
                            spec.keepThroughputPct, false);
    if (!keep)
        return std::unexpected(keep.error());
    spec.keepThroughputPct = *keep;
    return {};
}

[[nodiscard]] Result<void> readEnds(const QJsonObject &o, TuneSpec &spec)
{
    const auto ends = objectField(o, QStringLiteral("ends"),
                                  {QStringLiteral("local"), QStringLiteral("remote"), QStringLiteral("host")},
                                  R"({"local": true, "remote": false})");
    if (!ends)
        return std::unexpected(ends.error());
    auto local = boolField(*ends, QStringLiteral("local"), QStringLiteral("ends.local"), spec.localEnd);
    auto remote = boolField(*ends, QStringLiteral("remote"), QStringLiteral("ends.remote"), spec.remoteEnd);
    auto host = boolField(*ends, QStringLiteral("host"), QStringLiteral("ends.host"), spec.allowHost);
    for (const auto *r : {&local, &remote, &host})
        if (!*r)
            return std::unexpected(r->error());
    spec.localEnd = *local;
    spec.remoteEnd = *remote;
    spec.allowHost = *host;
    return {};
}

[[nodiscard]] Result<void> readBudget(const QJsonObject &o, TuneSpec &spec)
{
    const auto budget = objectField(o, QStringLiteral("budget"), {QStringLiteral("runs"), QStringLiteral("s")},
                                    R"({"runs": 60, "s": 3600})");
    if (!budget)
        return std::unexpected(budget.error());
    auto runs = numberField(*budget, QStringLiteral("runs"), QStringLiteral("budget.runs"), 1, TuneSpec::kMaxBudgetRuns,
                            spec.budgetRuns, true);
    if (!runs)
        return std::unexpected(runs.error());
    auto seconds =
        numberField(*budget, QStringLiteral("s"), QStringLiteral("budget.s"), 0, 7 * 86400, spec.budgetS, false);
    if (!seconds)
        return std::unexpected(seconds.error());
    spec.budgetRuns = int(*runs);
    spec.budgetS = *seconds;
    return {};
}

[[nodiscard]] Result<void> readLeaveAlone(const QJsonObject &o, TuneSpec &spec)
{
    const QJsonValue v = o.value(QStringLiteral("leave_alone"));
    if (v.isUndefined())
        return {};
    const QString field = QStringLiteral("leave_alone");
    if (!v.isArray())
        return std::unexpected(tuneFieldError(field, TuneSpec::tr("write a list of knob keys.")));
    const QJsonArray keys = v.toArray();
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QString itemField = QStringLiteral("%1[%2]").arg(field).arg(i);
        if (!keys.at(i).isString())
            return std::unexpected(tuneFieldError(itemField, TuneSpec::tr("write a knob key as a string.")));
        if (auto knob = knobField(keys.at(i).toString(), itemField); !knob)
            return std::unexpected(knob.error());
        spec.leaveAlone.append(keys.at(i).toString());
    }
    return {};
}

} // namespace

namespace {

// One bound of a range: bytes and other numbers as the catalogue's unit reads them ("64K").
[[nodiscard]] Result<QString> boundField(const QJsonValue &v, const KnobInfo &knob, const QString &field)
{
    if (v.isUndefined())
        return QString();
    const std::optional<QString> text = ExperimentSpec::valueTextOf(v);
    if (!text)
        return std::unexpected(tuneFieldError(field, TuneSpec::tr("write a number such as 65536 or \"64K\".")));
    auto n = knobvalue::parseInteger(*text, knob.unit);
    if (!n)
        return std::unexpected(tuneFieldError(field, n.error().message));
    if (*n < knob.minimum || *n > knob.maximum)
        return std::unexpected(tuneFieldError(
            field, TuneSpec::tr("%1 is outside the knob's %2 .. %3.").arg(*n).arg(knob.minimum).arg(knob.maximum)));
    return QString::number(*n);
}

[[nodiscard]] Result<TuneRange> rangeField(const QString &key, const QJsonValue &v)
{
    const QString field = QStringLiteral("ranges.") + logSafe(key, 60);
    auto knob = knobField(key, field);
    if (!knob)
        return std::unexpected(knob.error());
    if ((*knob)->type != ValueType::Integer && (*knob)->type != ValueType::Triple)
        return std::unexpected(tuneFieldError(
            field, TuneSpec::tr("only a number or a triple has a range; leave this knob out of ranges.")));
    if (!v.isObject())
        return std::unexpected(tuneFieldError(
            field,
            TuneSpec::tr("write an object such as %1.").arg(QLatin1StringView(R"({"min": "64K", "max": "16M"})"))));
    const QJsonObject o = v.toObject();
    if (auto r = onlyKnownFields(o, {QStringLiteral("min"), QStringLiteral("max")}, field + QLatin1Char('.')); !r)
        return std::unexpected(r.error());
    auto low = boundField(o.value(QStringLiteral("min")), **knob, field + QStringLiteral(".min"));
    if (!low)
        return std::unexpected(low.error());
    auto high = boundField(o.value(QStringLiteral("max")), **knob, field + QStringLiteral(".max"));
    if (!high)
        return std::unexpected(high.error());
    if (!low->isEmpty() && !high->isEmpty() && low->toLongLong() > high->toLongLong())
        return std::unexpected(tuneFieldError(field, TuneSpec::tr("min is above max; swap them.")));
    return TuneRange{*low, *high};
}

[[nodiscard]] Result<void> readRanges(const QJsonObject &o, TuneSpec &spec)
{
    // Any key: each is checked against the catalogue as it is read.
    const auto ranges = objectField(o, QStringLiteral("ranges"), {}, R"({"net.ipv4.tcp_rmem": {"max": "16M"}})");
    if (!ranges)
        return std::unexpected(ranges.error());
    for (auto it = ranges->begin(); it != ranges->end(); ++it) {
        auto range = rangeField(it.key(), it.value());
        if (!range)
            return std::unexpected(range.error());
        spec.ranges.insert(it.key(), *range);
    }
    return {};
}

[[nodiscard]] Result<void> readRace(const QJsonObject &o, TuneSpec &spec)
{
    const QStringList counts = {QStringLiteral("baseline_repeats"), QStringLiteral("min_repeats"),
                                QStringLiteral("max_repeats")};
    const auto race = objectField(o, QStringLiteral("race"), counts + QStringList{QStringLiteral("alpha")},
                                  R"({"min_repeats": 2, "max_repeats": 5})");
    if (!race)
        return std::unexpected(race.error());
    int *targets[] = {&spec.baselineRepeats, &spec.minRepeats, &spec.maxRepeats};
    for (qsizetype i = 0; i < counts.size(); ++i) {
        // Welch's test needs two runs of each side.
        auto n = numberField(*race, counts.at(i), QStringLiteral("race.") + counts.at(i), 2, TuneSpec::kMaxRepeats,
                             *targets[i], true);
        if (!n)
            return std::unexpected(n.error());
        *targets[i] = int(*n);
    }
    if (spec.minRepeats > spec.maxRepeats)
        return std::unexpected(tuneFieldError(QStringLiteral("race.min_repeats"),
                                              TuneSpec::tr("it is above race.max_repeats; lower it or raise that.")));
    auto alpha =
        numberField(*race, QStringLiteral("alpha"), QStringLiteral("race.alpha"), 0.001, 0.5, spec.alpha, false);
    if (!alpha)
        return std::unexpected(alpha.error());
    spec.alpha = *alpha;
    return {};
}

} // namespace

Result<TuneSpec> TuneSpec::fromJson(const QJsonValue &json)
{
    TuneSpec spec;
    if (json.isUndefined() || json.isNull())
        return spec;
    if (!json.isObject())
        return fail(TuneSpec::tr("Tune field 'tune': write an object such as {\"goal\": \"throughput\"}."));
    const QJsonObject o = json.toObject();
    if (auto r = onlyKnownFields(o,
                                 {QStringLiteral("goal"), QStringLiteral("keep_throughput_pct"), QStringLiteral("ends"),
                                  QStringLiteral("budget"), QStringLiteral("leave_alone"), QStringLiteral("ranges"),
                                  QStringLiteral("race")},
                                 QString());
        !r)
        return std::unexpected(r.error());
    for (auto read : {readGoal, readEnds, readBudget, readLeaveAlone, readRanges, readRace})
        if (auto r = read(o, spec); !r)
            return std::unexpected(r.error());
    if (spec.budgetRuns <= spec.baselineRepeats)
        return std::unexpected(tuneFieldError(QStringLiteral("budget.runs"),
                                              TuneSpec::tr("%1 runs leave nothing after the baseline's %2; give more.")
                                                  .arg(spec.budgetRuns)
                                                  .arg(spec.baselineRepeats)));
    return spec;
}

} // namespace tcptune
