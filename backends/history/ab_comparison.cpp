#include "history/ab_comparison.h"

#include "experiment/store/result_store.h"
#include "history/stored_run_names.h"
#include "knobs/knob_catalogue.h"

#include <QCoreApplication>

namespace tcptune {

namespace {

// RUN as a table of one point of one run, with its experiment's plan (what part of the run was
// left out of the figures).
Result<SweepTable> tableOfOneRun(const ResultStore &store, const RunRecord &run)
{
    auto experiment = store.experiment(run.experimentId);
    if (!experiment)
        return std::unexpected(experiment.error());
    SweepTable table = tableOfRuns(*experiment, {run}, 1);
    if (auto plan = SweepPlan::fromJson(experiment->plan))
        table.plan = *plan;
    return table;
}

// AbComparison::tr(): lupdate files this file's text under the context that tr() looks it up in.
class AbComparison final {
    Q_DECLARE_TR_FUNCTIONS(AbComparison)
};

} // namespace

Result<PointDiff> diffRuns(const ResultStore &store, const RunRecord &a, const RunRecord &b)
{
    const Result<SweepTable> tableA = tableOfOneRun(store, a);
    if (!tableA)
        return std::unexpected(tableA.error());
    const Result<SweepTable> tableB = tableOfOneRun(store, b);
    if (!tableB)
        return std::unexpected(tableB.error());
    if (tableA->points.isEmpty() || tableB->points.isEmpty())
        return fail(AbComparison::tr("Run %1 or %2 has not ended: compare runs that ended.").arg(a.id).arg(b.id));
    return diffPoints(store, *tableA, tableA->points.first(), *tableB, tableB->points.first());
}

QList<AbKnobRow> compareConfigurations(const RunConfiguration &a, const RunConfiguration &b)
{
    QStringList keys = a.changed.keys() + b.changed.keys();
    for (auto it = a.all.begin(); it != a.all.end(); ++it)
        if (b.all.contains(it.key()) && b.all.value(it.key()).simplified() != it.value().simplified())
            keys.append(it.key());
    keys.removeDuplicates();
    keys.sort();
    QList<AbKnobRow> rows;
    for (const QString &key : keys) {
        const QString va = a.all.value(key);
        const QString vb = b.all.value(key);
        rows.append({key, va.isEmpty() ? QStringLiteral("-") : compactKnobValue(key, va),
                     vb.isEmpty() ? QStringLiteral("-") : compactKnobValue(key, vb),
                     va.simplified() != vb.simplified()});
    }
    return rows;
}

namespace {

// "tcp_autocorking on" for a switch, "SO_SNDBUF=64K" otherwise; "far end tcp_autocorking on" for
// a knob of the far end ("lab server (tcptune-t1-server) tcp_autocorking on" in the lab).
QString describeSetting(const QString &fullKey, const QString &value, const RunConfiguration &config)
{
    const bool remote = fullKey.startsWith(ExperimentSpec::kRemotePrefix);
    const QString key = remote ? fullKey.mid(ExperimentSpec::kRemotePrefix.size()) : fullKey;
    QString name = shortKnobName(key);
    if (remote)
        name = config.labServerNetns.isEmpty() ? AbComparison::tr("far end %1").arg(name)
                                               : QStringLiteral("%1 %2").arg(farEndName(config), name);
    if (value == QLatin1String("0") || value == QLatin1String("1")) {
        const KnobInfo *knob = KnobCatalogue::instance().find(key);
        if (knob && knob->type == ValueType::Bool)
            return QStringLiteral("%1 %2").arg(name, value == QLatin1String("1") ? AbComparison::tr("on")
                                                                                 : AbComparison::tr("off"));
    }
    return QStringLiteral("%1=%2").arg(name, value);
}

} // namespace

QStringList distinguishingLabels(const QList<RunConfiguration> &configs)
{
    QStringList keys;
    for (qsizetype i = 1; i < configs.size(); ++i)
        for (const AbKnobRow &row : compareConfigurations(configs.first(), configs.at(i)))
            if (row.differs && !keys.contains(row.key))
                keys.append(row.key);
    keys.sort();
    QStringList labels;
    for (const RunConfiguration &config : configs) {
        QStringList parts;
        for (const QString &key : keys) {
            const QString value = config.all.value(key);
            parts.append(describeSetting(key, value.isEmpty() ? QStringLiteral("-") : compactKnobValue(key, value),
                                         configs.first()));
        }
        labels.append(parts.join(QStringLiteral(", ")));
    }
    return labels;
}

std::pair<QString, QString> distinguishingLabels(const RunConfiguration &a, const RunConfiguration &b)
{
    const QStringList labels = distinguishingLabels(QList<RunConfiguration>{a, b});
    return {labels.at(0), labels.at(1)};
}

} // namespace tcptune
