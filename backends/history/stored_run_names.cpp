#include "history/stored_run_names.h"

#include "experiment/record/detail_figures.h"
#include "experiment/spec/sweep_plan.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace tcptune {
namespace {

// StoredRunNames::tr(): lupdate files this file's text under the context tr() looks it up in.
class StoredRunNames final {
    Q_DECLARE_TR_FUNCTIONS(StoredRunNames)
};

// The point's values in the user's language now, from the stored canonical settings (the stored
// label is in the language the run had).
QString pointText(const RunRecord &run)
{
    if (run.settings.isEmpty())
        return run.pointLabel;
    QStringList values;
    for (auto it = run.settings.begin(); it != run.settings.end(); ++it)
        values.append(ExperimentSpec::formatValue(it.key(), it.value()));
    return values.join(QStringLiteral(" x "));
}

} // namespace

QString throughputText(const RunRecord &run, int decimals, ThroughputUnit unit)
{
    const auto mbps = [decimals, unit](double bps) {
        return QLocale().toString(unit.fromBitsPerSecond(bps), 'f', unit.decimalsLike(decimals));
    };
    const QList<DirectionFigure> directions = directionFigures(run);
    if (directions.size() != 2)
        return mbps(run.throughputBps);
    return StoredRunNames::tr("up %1 / down %2")
        .arg(mbps(directions[0].throughputBps), mbps(directions[1].throughputBps));
}

QString runIdText(qint64 runId)
{
    return QStringLiteral("#%1").arg(runId);
}

QString senderLineName(const QString &runName, bool farSender)
{
    return farSender ? StoredRunNames::tr("%1 · the target sends").arg(runName)
                     : StoredRunNames::tr("%1 · this host sends").arg(runName);
}

namespace {

// Of VALUE of KEY at a point (compact, in words: "4K 16K 64K"), the words that differ among the
// sweep's POINTS; all of them when none or the shapes differ.
QString varyingWords(const QString &key, const QString &value, const QList<SweepPoint> &points)
{
    const QStringList words = compactKnobValue(key, value).split(QLatin1Char(' '));
    QList<bool> varies(words.size(), false);
    for (const SweepPoint &other : points) {
        const QStringList theirs = compactKnobValue(key, other.settings.value(key)).split(QLatin1Char(' '));
        for (qsizetype i = 0; i < words.size(); ++i)
            varies[i] = varies[i] || theirs.size() != words.size() || theirs.at(i) != words.at(i);
    }
    QStringList kept;
    for (qsizetype i = 0; i < words.size(); ++i)
        if (varies.at(i))
            kept.append(words.at(i));
    return (kept.isEmpty() ? words : kept).join(QLatin1Char(' '));
}

} // namespace

QString sweepPointName(const SweepPlan &plan, int point, int repeat)
{
    const QList<SweepPoint> points = plan.points();
    if (point < 0 || point >= points.size())
        return {};
    QStringList parts;
    const QMap<QString, QString> &settings = points.at(point).settings;
    for (auto it = settings.begin(); it != settings.end(); ++it) {
        QString name = shortKnobName(it.key());
        if (name.startsWith(QLatin1String("tcp_"))) // "wmem", "autocorking": the legend's room is small
            name = name.mid(4);
        parts.append(name + QLatin1Char(' ') + varyingWords(it.key(), it.value(), points));
    }
    const QString text = parts.join(QStringLiteral(", "));
    return repeat > 0 ? StoredRunNames::tr("%1 · repeat %2").arg(text).arg(repeat + 1) : text;
}

QString storedRunName(const RunRecord &run)
{
    QStringList parts{runIdText(run.id)};
    if (const QString point = pointText(run); !point.isEmpty())
        parts.append(point);
    if (run.repeat > 0)
        parts.append(StoredRunNames::tr("repeat %1").arg(run.repeat + 1));
    return parts.join(QStringLiteral(" · "));
}

QString runStatusText(RunStatus status)
{
    switch (status) {
    case RunStatus::Running: return StoredRunNames::tr("running");
    case RunStatus::Ok: return StoredRunNames::tr("ok");
    case RunStatus::Failed: return StoredRunNames::tr("failed");
    case RunStatus::Cancelled: return StoredRunNames::tr("cancelled");
    case RunStatus::Interrupted: return StoredRunNames::tr("interrupted (crashed)");
    }
    return {};
}

QString experimentStatusText(ExperimentStatus status)
{
    switch (status) {
    case ExperimentStatus::Running: return StoredRunNames::tr("running");
    case ExperimentStatus::Finished: return StoredRunNames::tr("finished");
    case ExperimentStatus::Cancelled: return StoredRunNames::tr("cancelled");
    case ExperimentStatus::Failed: return StoredRunNames::tr("failed");
    case ExperimentStatus::Interrupted: return StoredRunNames::tr("interrupted (crashed)");
    }
    return {};
}

bool hasFarKnobs(const QStringList &keys)
{
    return std::any_of(keys.begin(), keys.end(),
                       [](const QString &key) { return key.startsWith(ExperimentSpec::kRemotePrefix); });
}

QString localEndName(const RunConfiguration &config)
{
    return config.labClientNetns.isEmpty() ? StoredRunNames::tr("this host")
                                           : StoredRunNames::tr("lab client (%1)").arg(config.labClientNetns);
}

QString farEndName(const RunConfiguration &config)
{
    return config.labServerNetns.isEmpty() ? StoredRunNames::tr("far end")
                                           : StoredRunNames::tr("lab server (%1)").arg(config.labServerNetns);
}

QString endNamedKnob(const QString &key, bool bothEnds, const RunConfiguration &config)
{
    const bool lab = !config.labClientNetns.isEmpty();
    if (key.startsWith(ExperimentSpec::kRemotePrefix)) {
        const QString bare = shortKnobName(key.mid(ExperimentSpec::kRemotePrefix.size()));
        return lab ? StoredRunNames::tr("%1 (%2)").arg(bare, farEndName(config))
                   : StoredRunNames::tr("%1 (far end)").arg(bare);
    }
    if (!bothEnds)
        return shortKnobName(key);
    return lab ? StoredRunNames::tr("%1 (%2)").arg(shortKnobName(key), localEndName(config))
               : StoredRunNames::tr("%1 (this host)").arg(shortKnobName(key));
}

QString configurationSummary(const RunConfiguration &config)
{
    QStringList local;
    QStringList far;
    for (const QString &key : config.changedKeys()) {
        const bool remote = key.startsWith(ExperimentSpec::kRemotePrefix);
        const QString bare = remote ? key.mid(ExperimentSpec::kRemotePrefix.size()) : key;
        (remote ? far : local)
            .append(QStringLiteral("%1=%2").arg(shortKnobName(bare), compactKnobValue(key, config.changed.value(key))));
    }
    // A run with a far end (its snapshot or its knobs) names both; others stay as they were.
    if (!hasFarKnobs(config.all.keys()) || (local.isEmpty() && far.isEmpty()))
        return config.summary();
    QStringList ends;
    if (!local.isEmpty())
        ends.append(QStringLiteral("%1: %2").arg(localEndName(config), local.join(QStringLiteral(", "))));
    if (!far.isEmpty())
        ends.append(QStringLiteral("%1: %2").arg(farEndName(config), far.join(QStringLiteral(", "))));
    return StoredRunNames::tr("changed: %1").arg(ends.join(QStringLiteral("; ")));
}

QString configurationToolTip(const RunConfiguration &config)
{
    QStringList lines{configurationSummary(config)};
    if (!config.workload.isEmpty())
        lines.append(StoredRunNames::tr("Workload: %1").arg(config.workload));
    if (!config.target.isEmpty())
        lines.append(StoredRunNames::tr("Target: %1").arg(config.target));
    return lines.join(QLatin1Char('\n'));
}

} // namespace tcptune
