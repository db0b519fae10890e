#include "report/report_tables.h"

#include "report/report_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace tcptune {
namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("ReportTables", text, disambiguation, n);
}

QString dash(const QString &s)
{
    return s.isEmpty() ? QStringLiteral("-") : s;
}

} // namespace

bool ReportTable::numericColumn(int column) const
{
    return numericColumns.contains(column);
}

namespace reporttables {

Headings headings(const ReportModel &model)
{
    Headings h;
    h.notes = tr("Flags and failures");
    h.failures = tr("FAILED runs: %1 of %2. Their errors are listed below and in the table of every run.")
                     .arg(model.failedRunCount())
                     .arg(model.runs.size());
    h.noFailures = tr("No run failed.");
    h.results = tr("Results");
    h.charts = tr("Charts");
    h.runs = tr("Every run");
    h.host = tr("Host");
    h.knobs = tr("Knobs of both ends");
    h.spec = tr("Experiment spec");
    h.rerun = tr("Run it again");
    h.rerunHint = tr("Save the spec below as the file named in the command, then run:");
    return h;
}

QList<QPair<QString, QString>> facts(const ReportModel &model)
{
    const QLocale c = QLocale::c();
    QList<QPair<QString, QString>> out;
    out.append({tr("Report written"), c.toString(model.date, QStringLiteral("yyyy-MM-dd HH:mm:ss t"))});
    out.append({tr("Experiment"), QStringLiteral("%1 (%2)").arg(model.experimentId).arg(model.status)});
    if (model.runId > 0)
        out.append({tr("Run"), QString::number(model.runId)});
    if (model.started.isValid())
        out.append({tr("Started"), c.toString(model.started, QStringLiteral("yyyy-MM-dd HH:mm:ss t"))});
    if (!model.target.isEmpty())
        out.append({tr("Target"), model.target});
    out.append({tr("Host"), dash(model.host.hostname)});
    out.append({tr("Kernel"), QStringLiteral("%1 %2").arg(model.host.kernel, model.host.machine).trimmed()});
    QStringList nics;
    for (const NicFacts &n : model.host.nics)
        if (n.driver != QLatin1String("virtual"))
            nics << QStringLiteral("%1 (%2)").arg(n.name, n.driver);
    out.append({tr("NICs with a driver"), nics.isEmpty() ? tr("none (only virtual interfaces)") : nics.join(", ")});
    out.append({tr("Runs"), tr("%1, %2 failed").arg(model.runs.size()).arg(model.failedRunCount())});
    return out;
}

ReportTable results(const ReportModel &model)
{
    ReportTable t;
    t.title = tr("Results");
    t.header = {model.axisName,      tr("throughput Mbit/s (mean ± sd)"),
                tr("runs"),          tr("min .. max Mbit/s"),
                tr("RTT median ms"), tr("RTT p95 ms"),
                tr("flags")};
    t.numericColumns = {1, 2, 3, 4, 5};
    for (const ReportRow &r : model.rows) {
        const bool any = r.okRuns > 0;
        t.rows << QStringList{
            r.value,
            any ? reportformat::meanSd(r.meanBps, r.sdBps) : tr("no result"),
            QStringLiteral("%1/%2").arg(r.okRuns).arg(r.plannedRuns),
            any ? QStringLiteral("%1 .. %2").arg(reportformat::mbps(r.minBps), reportformat::mbps(r.maxBps))
                : QStringLiteral("-"),
            reportformat::ms(r.rttMedianMs),
            reportformat::ms(r.rttP95Ms),
            r.flags().join(QStringLiteral("; "))};
        t.alert << (r.failedRuns > 0 || r.collapsedRuns > 0 || r.highVariance || !any);
    }
    return t;
}

ReportTable runs(const ReportModel &model)
{
    ReportTable t;
    t.title = tr("Every run");
    t.header = {tr("run"),           tr("point"),      tr("repeat"),   tr("status"), tr("throughput Mbit/s"),
                tr("RTT median ms"), tr("RTT p95 ms"), tr("retrans."), tr("note")};
    t.numericColumns = {0, 2, 4, 5, 6, 7};
    for (const ReportRun &r : model.runs) {
        const bool ok = r.status == runStatusName(RunStatus::Ok);
        QString note = r.error;
        if (r.collapsed)
            note = tr("collapsed mid-run");
        t.rows << QStringList{QString::number(r.runIndex + 1),
                              r.point,
                              QString::number(r.repeat + 1),
                              r.status,
                              ok ? reportformat::mbps(r.throughputBps) : QStringLiteral("-"),
                              reportformat::ms(r.rttMedianMs),
                              reportformat::ms(r.rttP95Ms),
                              ok ? QString::number(r.retransmits) : QStringLiteral("-"),
                              note};
        t.alert << (!ok || r.collapsed);
    }
    return t;
}

ReportTable nics(const ReportModel &model)
{
    ReportTable t;
    t.title = tr("Network interfaces");
    t.header = {tr("interface"), tr("driver"), tr("MTU"), tr("speed"), tr("state"), tr("root qdisc")};
    t.numericColumns = {2};
    for (const NicFacts &n : model.host.nics) {
        t.rows << QStringList{n.name,        dash(n.driver),    QString::number(n.mtu),
                              dash(n.speed), dash(n.operState), dash(n.qdisc)};
        t.alert << false;
    }
    return t;
}

ReportTable knobs(const ReportModel &model)
{
    ReportTable t;
    t.title = tr("Knobs (both ends, before the first run)");
    t.header = {tr("knob"), tr("local before"), tr("remote before"), tr("set by the experiment")};
    for (const ReportKnob &k : model.knobs) {
        QString set = k.setTo;
        if (k.swept)
            set = tr("swept: %1").arg(set);
        t.rows << QStringList{k.key, dash(k.localBefore), dash(k.remoteBefore), dash(set)};
        t.alert << k.changed();
    }
    return t;
}

} // namespace reporttables
} // namespace tcptune
