#include "experiment/tune/tune_run_record.h"

#include "experiment/diagnosis/run_diagnosis.h"
#include "knobs/knob_catalogue.h"

namespace tcptune {
namespace {

const QLatin1StringView kLabPrefix{"lab."};

// KEY ("remote:" or not) names a sysctl of the catalogue.
bool isSysctl(const QString &key)
{
    QString plain = key;
    if (plain.startsWith(ExperimentSpec::kRemotePrefix))
        plain = plain.mid(ExperimentSpec::kRemotePrefix.size());
    const KnobInfo *knob = KnobCatalogue::instance().find(plain);
    return knob && knob->kind == KnobKind::Sysctl;
}

} // namespace

TuneConfig TuneRunRecord::baseConfig(const ExperimentSpec &base)
{
    TuneConfig config;
    for (auto it = base.knobs.cbegin(); it != base.knobs.cend(); ++it)
        if (!it.key().startsWith(kLabPrefix))
            config.insert(it.key(), it.value());
    return config;
}

Result<ExperimentSpec> TuneRunRecord::specFor(const ExperimentSpec &base, const TuneConfig &config)
{
    ExperimentSpec spec = base;
    spec.knobs.clear();
    for (auto it = base.knobs.cbegin(); it != base.knobs.cend(); ++it)
        if (it.key().startsWith(kLabPrefix))
            spec.knobs.insert(it.key(), it.value());
    for (auto it = config.cbegin(); it != config.cend(); ++it) {
        if (it.key().startsWith(kLabPrefix))
            continue;
        if (auto set = spec.setParameter(it.key(), it.value()); !set)
            return std::unexpected(set.error());
    }
    return spec;
}

QMap<QString, QString> TuneRunRecord::settingsOf(const ExperimentSpec &base, const TuneConfig &config)
{
    const TuneConfig from = baseConfig(base);
    QMap<QString, QString> settings;
    for (auto it = config.cbegin(); it != config.cend(); ++it)
        if (!it.key().startsWith(kLabPrefix) && from.value(it.key()) != it.value())
            settings.insert(it.key(), it.value());
    for (auto it = from.cbegin(); it != from.cend(); ++it)
        if (!config.contains(it.key()))
            settings.insert(it.key(), QString::fromLatin1(ExperimentSpec::kDefaultValue));
    return settings;
}

SweepPoint TuneRunRecord::pointFor(const ExperimentSpec &base, const TuneConfig &config, int trial,
                                   const QString &label)
{
    SweepPoint point;
    point.index = trial;
    point.settings = settingsOf(base, config);
    if (!label.isEmpty())
        point.labels = {label};
    return point;
}

TrialRun TuneRunRecord::trialRunOf(const RunRecord &record, const TuneConfig &config)
{
    TrialRun run;
    run.runId = record.id;
    run.ok = record.status == RunStatus::Ok;
    if (run.ok) {
        run.throughputBps = record.throughputBps;
        run.rttP95Ms = record.rttP95Ms;
        run.transactionsPerS = record.details.value(QStringLiteral("transactions_per_second")).toDouble(-1);
    }
    run.findings = RunDiagnosis::findingsOf(record);
    for (const EndRecord &end : record.ends) {
        const QString prefix = end.end == RunEnd::Remote ? QString(ExperimentSpec::kRemotePrefix) : QString();
        for (auto it = end.knobsBefore.cbegin(); it != end.knobsBefore.cend(); ++it)
            if (isSysctl(prefix + it.key()))
                run.knobsInEffect.insert(prefix + it.key(), it.value());
    }
    // The "before" snapshots are taken before the run's own knobs are applied.
    for (auto it = config.cbegin(); it != config.cend(); ++it)
        if (isSysctl(it.key()))
            run.knobsInEffect.insert(it.key(), it.value());
    return run;
}

} // namespace tcptune
