#include "report/report_tables.h"

#include "experiment/diagnosis/limiter_breakdown.h"

#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/detail_figures.h"
#include "report/report_format.h"

#include <QCoreApplication>
#include <QLocale>

namespace tcptune {
namespace {

// ReportTables::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ReportTables final {
    Q_DECLARE_TR_FUNCTIONS(ReportTables)
};

// A run's retransmissions as both "Every run" and "Why" show them: the sender's retransmitted
// segments over the run and their share of its segments ("3 (0.01 %)"), which the diagnosis
// reads; the sampled socket's own count where the sender's counters were not read.
QString retransmitText(const RunRecord &r)
{
    const DiagnosisFacts f = factsOf(r);
    if (f.segmentsOut > 0 && f.segmentsRetransmitted >= 0)
        return QStringLiteral("%1 (%2 %)")
            .arg(f.segmentsRetransmitted)
            .arg(100.0 * double(f.segmentsRetransmitted) / double(f.segmentsOut), 0, 'f', 2);
    return QString::number(r.retransmits);
}

QString dash(const QString &s)
{
    return s.isEmpty() ? QStringLiteral("-") : s;
}

// Which end sent, so that a reader knows whose counters the next columns are.
QString senderOf(const RunRecord &run)
{
    const EndRecord *sender = run.senderEnd();
    if (!sender)
        return QStringLiteral("-");
    return sender->end == RunEnd::Remote ? ReportTables::tr("far end: %1").arg(sender->where)
                                         : ReportTables::tr("this end: %1").arg(sender->where);
}

// Mean ± sd, but one run measured no spread: "47.10 ± – (1 run)", never "± 0.00".
QString throughputCell(const PointResult &p, ThroughputUnit unit)
{
    if (!p.hasResult())
        return ReportTables::tr("no result");
    if (!p.stats.hasInterval())
        return ReportTables::tr("%1 ± – (1 run)").arg(reportformat::throughput(p.stats.mean, unit));
    return reportformat::meanSd(p.stats.mean, p.stats.sd, unit);
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
    h.notes = ReportTables::tr("Flags and failures");
    h.failures = ReportTables::tr("FAILED runs: %1 of %2. Their errors are listed below and in the table of every run.")
                     .arg(model.failedRunCount())
                     .arg(model.runs().size());
    h.noFailures = ReportTables::tr("No run failed.");
    h.results = ReportTables::tr("Results");
    h.charts = ReportTables::tr("Charts");
    h.runs = ReportTables::tr("Every run");
    h.diagnosis = ReportTables::tr("Why: limiters, queue and counters");
    h.diagnosisHint = ReportTables::tr(
        "Shares of the sender's time from its TCP_INFO (busy, receive-window, send-buffer and congestion-window "
        "limited, application-limited), the bottleneck's average queue and the RTT it adds, its drops, and the "
        "sender's MIB counters over the run (the sender column says which end sent: with direction down the far "
        "end). The send-buffer column is the share the verdict names: for a bulk writer the larger of the "
        "kernel's send-buffer limited and application-limited time, since a writer that always has data and "
        "finds its send buffer empty waited on that buffer (app-lim. shows the kernel's own figure). "
        "docs/diagnosis.md lists the rules behind each verdict.");
    h.captures = ReportTables::tr("Captures");
    h.capturesHint = ReportTables::tr("The packets of these runs were captured to the files below; 'tcptune analyze "
                                      "FILE' or Wireshark opens each.");
    h.underLoad = ReportTables::tr("Latency under load");
    h.underLoadHint = ReportTables::tr(
        "The UDP echo's round trips while the link was idle and while the streams loaded it both ways; the "
        "increase is the loaded median over the idle one, the loss that of the probes sent under load.");
    h.host = ReportTables::tr("Host");
    h.knobs = ReportTables::tr("Knobs of both ends");
    h.spec = ReportTables::tr("Experiment spec");
    h.rerun = ReportTables::tr("Run it again");
    h.rerunHint = ReportTables::tr("Save the spec below as the file named in the command, then run:");
    return h;
}

QList<QPair<QString, QString>> facts(const ReportModel &model)
{
    const QLocale c = QLocale::c();
    QList<QPair<QString, QString>> out;
    out.append({ReportTables::tr("Report written"), c.toString(model.date, QStringLiteral("yyyy-MM-dd HH:mm:ss t"))});
    out.append({ReportTables::tr("Experiment"), QStringLiteral("%1 (%2)").arg(model.experimentId).arg(model.status)});
    if (model.runId > 0)
        out.append({ReportTables::tr("Run"), QString::number(model.runId)});
    if (model.started.isValid())
        out.append({ReportTables::tr("Started"), c.toString(model.started, QStringLiteral("yyyy-MM-dd HH:mm:ss t"))});
    if (!model.target.isEmpty())
        out.append({ReportTables::tr("Target"), model.target});
    out.append({ReportTables::tr("Host"), dash(model.host.hostname)});
    out.append(
        {ReportTables::tr("Kernel"), QStringLiteral("%1 %2").arg(model.host.kernel, model.host.machine).trimmed()});
    QStringList nics;
    for (const NicFacts &n : model.host.nics)
        if (n.driver != QLatin1String("virtual"))
            nics << QStringLiteral("%1 (%2)").arg(n.name, n.driver);
    out.append({ReportTables::tr("NICs with a driver"),
                nics.isEmpty() ? ReportTables::tr("none (only virtual interfaces)") : nics.join(QStringLiteral(", "))});
    out.append({ReportTables::tr("Runs"),
                ReportTables::tr("%1, %2 failed").arg(model.runs().size()).arg(model.failedRunCount())});
    return out;
}

ReportTable results(const ReportModel &model)
{
    ReportTable t;
    t.title = ReportTables::tr("Results");
    const ThroughputUnit unit = model.throughputUnit;
    t.header = {model.axisName,
                ReportTables::tr("throughput %1 (mean ± sd)").arg(unit.label()),
                ReportTables::tr("95 % CI %1").arg(unit.label()),
                ReportTables::tr("runs"),
                ReportTables::tr("min .. max %1").arg(unit.label()),
                ReportTables::tr("RTT median ms"),
                ReportTables::tr("RTT p95 ms"),
                ReportTables::tr("p vs first"),
                ReportTables::tr("flags"),
                ReportTables::tr("verdict")};
    t.numericColumns = {1, 2, 3, 4, 5, 6, 7};
    // Eight figure columns leave the verdict, a sentence, a column a word wide on A4.
    t.textColumns = 2; // flags, verdict
    for (const PointResult &p : model.results.points) {
        const PointStatistics &st = p.stats;
        const bool any = p.hasResult();
        t.rows << QStringList{
            model.pointLabel(p),
            throughputCell(p, unit),
            reportformat::interval(st.ciLow, st.ciHigh, unit),
            QStringLiteral("%1/%2").arg(p.okRuns()).arg(p.plannedRuns),
            any ? QStringLiteral("%1 .. %2")
                      .arg(reportformat::throughput(st.min, unit), reportformat::throughput(st.max, unit))
                : QStringLiteral("-"),
            reportformat::ms(st.rttMedianMs),
            reportformat::ms(st.rttP95Ms),
            reportformat::pValue(st.pVsBaseline),
            p.flags().join(QStringLiteral("; ")),
            p.verdict()};
        t.alert << (p.failedRuns > 0 || p.cancelledRuns > 0 || st.collapsedRuns > 0 || st.highVariance || !any);
    }
    return t;
}

ReportTable runs(const ReportModel &model)
{
    ReportTable t;
    t.title = ReportTables::tr("Every run");
    t.header = {ReportTables::tr("run"),
                ReportTables::tr("point"),
                ReportTables::tr("repeat"),
                ReportTables::tr("status"),
                ReportTables::tr("throughput %1").arg(model.throughputUnit.label()),
                ReportTables::tr("RTT median ms"),
                ReportTables::tr("RTT p95 ms"),
                ReportTables::tr("retrans."),
                ReportTables::tr("note")};
    t.numericColumns = {0, 2, 4, 5, 6, 7};
    for (const RunRecord *r : model.runs()) {
        const bool ok = r->status == RunStatus::Ok;
        QString note = r->error;
        if (r->collapsed)
            note = ReportTables::tr("collapsed mid-run");
        // Direction both: the throughput is the two directions' sum; the note has each.
        if (const QList<DirectionFigure> each = directionFigures(*r); ok && each.size() == 2) {
            const QString both = ReportTables::tr("up %1 / down %2 %3")
                                     .arg(reportformat::throughput(each[0].throughputBps, model.throughputUnit),
                                          reportformat::throughput(each[1].throughputBps, model.throughputUnit),
                                          model.throughputUnit.label());
            note = note.isEmpty() ? both : both + QStringLiteral("; ") + note;
        }
        t.rows << QStringList{QString::number(r->runIndex + 1),
                              model.pointLabel(*r),
                              QString::number(r->repeat + 1),
                              runStatusName(r->status),
                              ok ? reportformat::throughput(r->throughputBps, model.throughputUnit)
                                 : QStringLiteral("-"),
                              ok ? reportformat::ms(r->rttMedianMs) : QStringLiteral("-"),
                              ok ? reportformat::ms(r->rttP95Ms) : QStringLiteral("-"),
                              ok ? retransmitText(*r) : QStringLiteral("-"),
                              note};
        t.alert << (!ok || r->collapsed);
    }
    return t;
}

ReportTable diagnosis(const ReportModel &model)
{
    ReportTable t;
    t.title = ReportTables::tr("Why");
    t.header = {ReportTables::tr("run"),         ReportTables::tr("point"),         ReportTables::tr("busy %"),
                ReportTables::tr("rwnd-lim. %"), ReportTables::tr("sndbuf-lim. %"), ReportTables::tr("cwnd-lim. %"),
                ReportTables::tr("app-lim. %"),  ReportTables::tr("queue avg KB"),  ReportTables::tr("queue +ms"),
                ReportTables::tr("drops"),       ReportTables::tr("sender"),        ReportTables::tr("retrans."),
                ReportTables::tr("autocorked"),  ReportTables::tr("verdict")};
    t.textColumns = 4; // sender, retrans., autocorked, verdict
    t.numericColumns = {0, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12};
    for (const RunRecord *r : model.runs()) {
        if (r->status != RunStatus::Ok)
            continue;
        const DiagnosisFacts f = factsOf(*r);
        const auto share = [](double v) { return v < 0 ? QStringLiteral("-") : QString::number(qRound(v * 100)); };
        const auto count = [](qint64 v) { return v < 0 ? QStringLiteral("-") : QString::number(v); };
        const bool queue = f.queueAverageBytes >= 0;
        const bool delay = queue && f.queueRateBps > 0;
        t.rows << QStringList{QString::number(r->runIndex + 1),
                              model.pointLabel(*r),
                              share(f.limiters.busy),
                              share(f.limiters.rwndLimited),
                              share(sendBufferShare(f.limiters, f.alwaysHasData)), // the verdict's (rule 4)
                              share(f.limiters.cwndLimited),
                              share(f.limiters.applicationLimited),
                              queue ? QString::number(f.queueAverageBytes / 1000.0, 'f', 1) : QStringLiteral("-"),
                              delay ? QString::number(qRound(f.queueAverageBytes * 8000.0 / double(f.queueRateBps)))
                                    : QStringLiteral("-"),
                              count(f.queueDrops),
                              senderOf(*r),
                              retransmitText(*r),
                              count(f.autocorkings),
                              r->verdict};
        t.alert << false;
    }
    return t;
}

ReportTable underLoad(const ReportModel &model)
{
    ReportTable t;
    t.title = ReportTables::tr("Latency under load");
    t.header = {ReportTables::tr("run"),
                ReportTables::tr("point"),
                ReportTables::tr("idle median ms"),
                ReportTables::tr("loaded median ms"),
                ReportTables::tr("loaded p95 ms"),
                ReportTables::tr("loaded p99 ms"),
                ReportTables::tr("increase ms"),
                ReportTables::tr("probes lost"),
                ReportTables::tr("up Mbit/s"),
                ReportTables::tr("down Mbit/s")};
    t.numericColumns = {0, 2, 3, 4, 5, 6, 8, 9};
    const auto ms = [](double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); };
    for (const RunRecord *r : model.runs()) {
        const LatencyUnderLoad u = r->underLoad();
        if (r->status != RunStatus::Ok || !u.measured)
            continue;
        QString up = QStringLiteral("-");
        QString down = QStringLiteral("-");
        for (const DirectionFigure &d : directionFigures(*r))
            (d.direction == Direction::Down ? down : up) = QString::number(d.throughputBps / 1e6, 'f', 1);
        t.rows << QStringList{QString::number(r->runIndex + 1),
                              model.pointLabel(*r),
                              ms(u.idleMs.median),
                              ms(u.loadedMs.median),
                              ms(u.loadedMs.p95),
                              ms(u.loadedMs.p99),
                              (u.increaseMs() >= 0 ? QStringLiteral("+") : QString()) + ms(u.increaseMs()),
                              ReportTables::tr("%1 of %2").arg(u.udpLoadedLost).arg(u.udpLoadedSent),
                              up,
                              down};
        t.alert << (u.udpLoadedLost > 0);
    }
    return t;
}

ReportTable captures(const ReportModel &model)
{
    ReportTable t;
    t.title = ReportTables::tr("Captures");
    t.header = {ReportTables::tr("run"),       ReportTables::tr("point"),   ReportTables::tr("file"),
                ReportTables::tr("interface"), ReportTables::tr("packets"), ReportTables::tr("dropped")};
    t.numericColumns = {0, 4, 5};
    const auto count = [](qint64 v) { return v < 0 ? QStringLiteral("-") : QString::number(v); };
    for (const RunRecord *r : model.runs())
        for (const CaptureRecord &c : r->captures) {
            t.rows << QStringList{QString::number(r->runIndex + 1), model.pointLabel(*r),   c.path, dash(c.interface),
                                  count(c.packetsReceived),         count(c.packetsDropped)};
            t.alert << (c.packetsDropped > 0);
        }
    return t;
}

ReportTable nics(const ReportModel &model)
{
    ReportTable t;
    t.title = ReportTables::tr("Network interfaces");
    t.header = {ReportTables::tr("interface"), ReportTables::tr("driver"), ReportTables::tr("MTU"),
                ReportTables::tr("speed"),     ReportTables::tr("state"),  ReportTables::tr("root qdisc")};
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
    t.title = ReportTables::tr("Knobs (both ends, before the first run)");
    t.header = {ReportTables::tr("knob"), ReportTables::tr("local before"), ReportTables::tr("remote before"),
                ReportTables::tr("set by the experiment")};
    for (const ReportKnob &k : model.knobs) {
        QString set = k.setTo;
        if (k.swept)
            set = ReportTables::tr("swept: %1").arg(set);
        t.rows << QStringList{k.key, dash(k.localBefore), dash(k.remoteBefore), dash(set)};
        t.alert << k.changed();
    }
    return t;
}

} // namespace reporttables
} // namespace tcptune
