#include "report/report_builder.h"

#include "experiment/record/experiment_name.h"
#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"
#include "experiment/tables/sweep_table.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "report/host_facts.h"
#include "report/report_format.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <optional>

namespace tcptune {
namespace {

// ReportBuilder::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ReportBuilder final {
    Q_DECLARE_TR_FUNCTIONS(ReportBuilder)
};

void addKnobs(ReportModel &model, const ResultStore &store, const std::optional<SweepPlan> &plan)
{
    KnobSnapshot local;
    KnobSnapshot remote;
    const QString before = QStringLiteral("before");
    for (const RunRecord *r : model.runs()) {
        if (local.isEmpty())
            local = store.knobSnapshot(r->id, runEndName(RunEnd::Local), before).value_or(KnobSnapshot{});
        if (remote.isEmpty())
            remote = store.knobSnapshot(r->id, runEndName(RunEnd::Remote), before).value_or(KnobSnapshot{});
        if (!local.isEmpty() && !remote.isEmpty())
            break;
    }
    QMap<QString, QString> setTo;
    QSet<QString> swept;
    if (plan) {
        for (auto it = plan->spec().knobs.cbegin(); it != plan->spec().knobs.cend(); ++it)
            setTo.insert(it.key(), ExperimentSpec::formatValue(it.key(), it.value()));
        for (const SweepAxis &axis : plan->axes()) {
            for (int p = 0; p < axis.parameters.size(); ++p) {
                QStringList values;
                for (const QStringList &v : axis.values)
                    values << ExperimentSpec::formatValue(axis.parameters.at(p), v.value(p));
                setTo.insert(axis.parameters.at(p), values.join(QStringLiteral(", ")));
                swept.insert(axis.parameters.at(p));
            }
        }
    }
    QStringList keys = setTo.keys();
    QStringList rest;
    for (const QString &k : local.keys() + remote.keys())
        if (!keys.contains(k) && !rest.contains(k))
            rest << k;
    rest.sort();
    for (const QString &k : keys + rest) {
        ReportKnob knob;
        knob.key = k;
        knob.localBefore = local.value(k);
        knob.remoteBefore = remote.value(k);
        knob.setTo = setTo.value(k);
        knob.swept = swept.contains(k);
        model.knobs << knob;
    }
}

// A per-namespace sysctl the experiment does not set but that was off the kernel's default
// before the first run (set by hand: autocorking off at the lab client) shaped every run. The
// knobs table shows it; a rerun in a fresh namespace would not have it, so the rerun spec sets
// it, and a note says so.
void addHandSetKnobs(ReportModel &model, QJsonObject plan)
{
    QJsonObject knobs = plan.value(QStringLiteral("knobs")).toObject();
    QStringList added;
    for (const ReportKnob &k : model.knobs) {
        const KnobInfo *info = KnobCatalogue::instance().find(k.key);
        if (k.changed() || k.localBefore.isEmpty() || !info || info->kind != KnobKind::Sysctl || !info->perNetns ||
            info->defaultValue.isEmpty() || knobs.contains(k.key))
            continue;
        const auto value = knobvalue::parse(*info, k.localBefore);
        const auto kernelDefault = knobvalue::parse(*info, info->defaultValue);
        if (!value || !kernelDefault || *value == *kernelDefault)
            continue;
        knobs.insert(k.key, *value);
        added << QStringLiteral("%1=%2").arg(k.key, *value);
    }
    if (added.isEmpty())
        return;
    plan.insert(QStringLiteral("knobs"), knobs);
    model.specJson = QJsonDocument(plan).toJson(QJsonDocument::Indented);
    model.notes << ReportBuilder::tr("Off the kernel's default before the first run, though the experiment did not set "
                                     "them: %1. The spec under \"Run it again\" sets them, so that a rerun starts "
                                     "alike.")
                       .arg(added.join(QStringLiteral(", ")));
}

void addNotes(ReportModel &model)
{
    if (model.status != experimentStatusName(ExperimentStatus::Finished))
        model.notes << ReportBuilder::tr(
                           "The experiment is %1, not finished%2: the table shows only the runs that ended.")
                           .arg(model.status, model.statusError.isEmpty()
                                                  ? QString()
                                                  : QStringLiteral(" (%1)").arg(model.statusError));
    for (const RunRecord *r : model.failedRuns())
        model.notes << ReportBuilder::tr("Run %1 (%2, repeat %3) FAILED: %4")
                           .arg(r->runIndex + 1)
                           .arg(model.pointLabel(*r))
                           .arg(r->repeat + 1)
                           .arg(r->error.isEmpty() ? ReportBuilder::tr("no error was recorded") : r->error);
    for (const PointResult &p : model.results.points) {
        if (p.stats.collapsedRuns > 0)
            model.notes
                << ReportBuilder::tr(
                       "%1: throughput collapsed mid-run in %2 of %3 runs (last third below half of the first).")
                       .arg(model.pointLabel(p))
                       .arg(p.stats.collapsedRuns)
                       .arg(p.okRuns());
        if (p.stats.highVariance)
            model.notes << ReportBuilder::tr("%1: high run-to-run variance (coefficient of variation %2 %).")
                               .arg(model.pointLabel(p))
                               .arg(p.stats.cv * 100.0, 0, 'f', 0);
    }
}

void describeExperiment(ReportModel &model, const ExperimentRecord &experiment)
{
    model.experimentId = experiment.id;
    model.title = experimentName(experiment);
    if (model.runId > 0)
        model.title += ReportBuilder::tr(", run %1").arg(model.runId);
    model.started = experiment.created;
    model.status = experimentStatusName(experiment.status);
    model.statusError = experiment.error;
    model.specJson = QJsonDocument(experiment.plan).toJson(QJsonDocument::Indented);
}

// The stored plan, or nothing (with a note) when it no longer parses.
std::optional<SweepPlan> readPlan(ReportModel &model, const QJsonObject &json)
{
    auto plan = SweepPlan::fromJson(json);
    if (!plan) {
        model.notes << ReportBuilder::tr("The stored spec no longer parses (%1); it is shown as stored.")
                           .arg(plan.error().message);
        model.axisName = ReportBuilder::tr("experiment");
        return std::nullopt;
    }
    model.description = plan->spec().description;
    if (const QString note = plan->labNoteLine(); !note.isEmpty())
        model.notes << note; // what the lab could not reproduce: a reader must not miss it
    QStringList ends;        // several ends at once: all of them
    for (const TargetSpec &end : plan->spec().targets())
        ends << end.describe();
    model.target = ends.join(QStringLiteral(" + "));
    model.axisName = plan->axes().isEmpty() ? ReportBuilder::tr("experiment") : axesHeading(*plan);
    return *plan;
}

// The whole sweep in plan order (a point without runs yet included), or the one run asked for.
SweepTable resultsOf(const ExperimentRecord &experiment, const std::optional<SweepPlan> &plan,
                     const QList<RunRecord> &runs, qint64 runId)
{
    if (runId <= 0 && plan)
        return buildSweepTable(experiment, *plan, runs);
    QList<RunRecord> chosen;
    for (const RunRecord &r : runs)
        if (runId <= 0 || r.id == runId)
            chosen << r;
    SweepTable table = tableOfRuns(experiment, chosen, 1);
    if (plan)
        table.plan = *plan; // for the swept parameters' columns
    return table;
}

void loadSamples(ReportModel &model, const ResultStore &store)
{
    for (const RunRecord *r : model.runs())
        if (auto samples = store.samples(r->id))
            model.samples.insert(r->id, *samples);
}

} // namespace

Result<ReportSubject> ReportSubject::parse(const QString &text)
{
    const QString t = text.trimmed();
    ReportSubject s;
    bool ok = false;
    QString number = t;
    bool isRun = false;
    for (const QString &prefix : {QStringLiteral("run:"), QStringLiteral("r")}) {
        if (t.startsWith(prefix)) {
            number = t.mid(prefix.size());
            isRun = true;
            break;
        }
    }
    if (!isRun) {
        for (const QString &prefix : {QStringLiteral("sweep:"), QStringLiteral("experiment:")}) {
            if (t.startsWith(prefix)) {
                number = t.mid(prefix.size());
                break;
            }
        }
    }
    const qint64 id = number.toLongLong(&ok);
    if (!ok || id <= 0)
        return fail(ReportBuilder::tr("'%1' is not a result id. Use an experiment id (e.g. 12) or a run id as run:34; "
                                      "`tcptune results list` shows them.")
                        .arg(text));
    (isRun ? s.runId : s.experimentId) = id;
    return s;
}

Result<ReportModel> buildReport(const ResultStore &store, const ReportSubject &subject, const ReportOptions &options)
{
    ReportModel model;
    model.date = QDateTime::currentDateTime();
    model.runId = subject.runId;
    qint64 experimentId = subject.experimentId;
    if (subject.runId > 0) {
        auto run = store.run(subject.runId);
        if (!run)
            return std::unexpected(run.error());
        experimentId = run->experimentId;
    }
    auto experiment = store.experiment(experimentId);
    if (!experiment)
        return std::unexpected(experiment.error());
    auto runs = store.runs(experimentId);
    if (!runs)
        return std::unexpected(runs.error());

    describeExperiment(model, *experiment);
    const std::optional<SweepPlan> plan = readPlan(model, experiment->plan);
    model.results = resultsOf(*experiment, plan, *runs, model.runId);
    if (options.withSamples)
        loadSamples(model, store);
    if (options.withHostFacts)
        model.host = hostfacts::collect();
    addKnobs(model, store, plan);
    addNotes(model);
    if (plan)
        addHandSetKnobs(model, experiment->plan);
    model.rerunCommand =
        QStringLiteral("tcptune sweep %1.json").arg(reportformat::slug(model.title.section(QLatin1Char(','), 0, 0)));
    return model;
}

} // namespace tcptune
