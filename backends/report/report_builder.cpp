#include "report/report_builder.h"

#include "experiment/result_store.h"
#include "experiment/sweep_plan.h"
#include "experiment/sweep_statistics.h"
#include "report/host_facts.h"
#include "report/report_format.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSet>

namespace tcptune {
namespace {

// ReportBuilder::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ReportBuilder final {
    Q_DECLARE_TR_FUNCTIONS(ReportBuilder)
};

ReportRun toReportRun(const RunRecord &r)
{
    ReportRun out;
    out.id = r.id;
    out.runIndex = r.runIndex;
    out.pointIndex = r.pointIndex;
    out.repeat = r.repeat;
    out.point = r.pointLabel;
    out.status = runStatusName(r.status);
    out.error = r.error;
    out.throughputBps = r.throughputBps;
    out.rttMedianMs = r.rttMedianMs;
    out.rttP95Ms = r.rttP95Ms;
    out.retransmits = r.retransmits;
    out.collapsed = r.collapsed;
    out.durationS = r.durationS;
    out.started = r.started;
    out.intervalThroughputBps = r.intervalThroughputBps;
    out.intervalS = r.intervalS;
    return out;
}

// The story 5 row of one point from its runs.
ReportRow rowOf(const QString &label, int plannedRuns, const QList<const ReportRun *> &runs)
{
    ReportRow row;
    row.value = label;
    row.plannedRuns = plannedRuns;
    QList<RunFigures> figures;
    for (const ReportRun *r : runs) {
        if (r->status == runStatusName(RunStatus::Failed)) {
            ++row.failedRuns;
            row.errors << r->error;
            continue;
        }
        if (r->status != runStatusName(RunStatus::Ok))
            continue;
        RunFigures f;
        f.throughputBps = r->throughputBps;
        f.rttMedianMs = r->rttMedianMs;
        f.rttP95Ms = r->rttP95Ms;
        f.intervalThroughputBps = r->intervalThroughputBps;
        // The runs' own RTT figures (after the omitted start), as `tcptune sweep` and the GUI
        // table use, so every table of the same sweep shows the same numbers.
        figures << f;
    }
    row.okRuns = int(figures.size());
    if (figures.isEmpty())
        return row;
    const PointStatistics st = sweepstats::summarize(figures);
    row.meanBps = st.mean;
    row.sdBps = st.sd;
    row.medianBps = st.median;
    row.minBps = st.min;
    row.maxBps = st.max;
    row.cv = st.cv;
    row.rttMedianMs = st.rttMedianMs;
    row.rttP95Ms = st.rttP95Ms;
    row.runValuesBps = st.values;
    // A run the engine already flagged counts too (it may know more intervals than we keep).
    int collapsed = 0;
    int i = 0;
    for (const ReportRun *r : runs) {
        if (r->status != runStatusName(RunStatus::Ok))
            continue;
        if (r->collapsed || (i < st.collapsed.size() && st.collapsed.at(i)))
            ++collapsed;
        ++i;
    }
    row.collapsedRuns = collapsed;
    row.highVariance = st.highVariance;
    return row;
}

void addKnobs(ReportModel &model, const ResultStore &store, const std::optional<SweepPlan> &plan)
{
    KnobSnapshot local;
    KnobSnapshot remote;
    for (const ReportRun &r : model.runs) {
        if (local.isEmpty())
            local =
                store.knobSnapshot(r.id, QStringLiteral("local"), QStringLiteral("before")).value_or(KnobSnapshot{});
        if (remote.isEmpty())
            remote =
                store.knobSnapshot(r.id, QStringLiteral("remote"), QStringLiteral("before")).value_or(KnobSnapshot{});
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

void addNotes(ReportModel &model)
{
    if (model.status != experimentStatusName(ExperimentStatus::Finished))
        model.notes << ReportBuilder::tr(
                           "The experiment is %1, not finished%2: the table shows only the runs that ended.")
                           .arg(model.status, model.statusError.isEmpty()
                                                  ? QString()
                                                  : QStringLiteral(" (%1)").arg(model.statusError));
    for (const ReportRun *r : model.failedRuns())
        model.notes << ReportBuilder::tr("Run %1 (%2, repeat %3) FAILED: %4")
                           .arg(r->runIndex + 1)
                           .arg(r->point)
                           .arg(r->repeat + 1)
                           .arg(r->error.isEmpty() ? ReportBuilder::tr("no error was recorded") : r->error);
    for (const ReportRow &row : model.rows) {
        if (row.collapsedRuns > 0)
            model.notes
                << ReportBuilder::tr(
                       "%1: throughput collapsed mid-run in %2 of %3 runs (last third below half of the first).")
                       .arg(row.value)
                       .arg(row.collapsedRuns)
                       .arg(row.okRuns);
        if (row.highVariance)
            model.notes << ReportBuilder::tr("%1: high run-to-run variance (coefficient of variation %2 %).")
                               .arg(row.value)
                               .arg(row.cv * 100.0, 0, 'f', 0);
    }
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
    qint64 experimentId = subject.experimentId;
    if (subject.runId > 0) {
        auto run = store.run(subject.runId);
        if (!run)
            return std::unexpected(run.error());
        experimentId = run->experimentId;
        model.runId = subject.runId;
    }
    auto experiment = store.experiment(experimentId);
    if (!experiment)
        return std::unexpected(experiment.error());
    auto runs = store.runs(experimentId);
    if (!runs)
        return std::unexpected(runs.error());

    model.experimentId = experimentId;
    model.title = experiment->name.isEmpty() ? ReportBuilder::tr("Experiment %1").arg(experimentId) : experiment->name;
    if (model.runId > 0)
        model.title += ReportBuilder::tr(", run %1").arg(model.runId);
    model.started = experiment->created;
    model.status = experimentStatusName(experiment->status);
    model.statusError = experiment->error;
    model.specJson = QJsonDocument(experiment->plan).toJson(QJsonDocument::Indented);

    auto plan = SweepPlan::fromJson(experiment->plan);
    std::optional<SweepPlan> planValue;
    if (plan) {
        planValue = *plan;
        model.description = plan->spec().description;
        model.target = plan->spec().target.describe();
        QStringList axisNames;
        for (const SweepAxis &a : plan->axes())
            axisNames << a.name();
        model.axisName = axisNames.join(QStringLiteral(" x "));
    } else {
        model.notes << ReportBuilder::tr("The stored spec no longer parses (%1); it is shown as stored.")
                           .arg(plan.error().message);
    }
    if (model.axisName.isEmpty())
        model.axisName = ReportBuilder::tr("experiment");

    for (const RunRecord &r : *runs) {
        if (model.runId > 0 && r.id != model.runId)
            continue;
        ReportRun rr = toReportRun(r);
        if (options.withSamples) {
            auto samples = store.samples(r.id);
            if (samples)
                rr.samples = *samples;
        }
        model.runs << rr;
    }

    // Rows in point order; a point with no run yet still gets its row (with "incomplete").
    const int repeats = planValue ? planValue->repeats() : 1;
    QList<QPair<int, QString>> points;
    if (planValue && model.runId == 0) {
        for (const SweepPoint &p : planValue->points())
            points.append({p.index, p.label().isEmpty() ? model.title : p.label()});
    } else {
        for (const ReportRun &r : model.runs) {
            const bool known = std::any_of(points.cbegin(), points.cend(),
                                           [&](const QPair<int, QString> &p) { return p.first == r.pointIndex; });
            if (!known)
                points.append({r.pointIndex, r.point.isEmpty() ? model.title : r.point});
        }
    }
    for (const auto &[index, label] : points) {
        QList<const ReportRun *> mine;
        for (const ReportRun &r : model.runs)
            if (r.pointIndex == index)
                mine << &r;
        model.rows << rowOf(label, model.runId > 0 ? 1 : repeats, mine);
    }

    if (options.withHostFacts)
        model.host = hostfacts::collect();
    addKnobs(model, store, planValue);
    addNotes(model);
    model.rerunCommand =
        QStringLiteral("tcptune sweep %1.json").arg(reportformat::slug(model.title.section(QLatin1Char(','), 0, 0)));
    return model;
}

} // namespace tcptune
