#pragma once
// WorkbenchSession: what a workbench window holds that a person wants back later, or on a
// colleague's machine: the form (target and workload, as the panels describe them, in the
// ExperimentSpec format), the knobs set by hand at each end (their values, not a whole snapshot),
// the sweep's setup, and the runs on the charts (their result store ids, and the points the charts
// draw, so the charts come back where the store does not have the runs). JSON with `kind`
// "tcptune-session" and a `schema_version` (docs/json.md, docs/json/session.schema.json).

#include "common/error.h"
#include "experiment/spec/experiment_spec.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QPointF>
#include <QString>

#include <optional>

namespace tcptune {

// Knobs the user set by hand in the Knobs tab: catalogue key -> canonical value.
struct SessionKnobs {
    QString netns;                 // where the local ones were set ("" = this host)
    QMap<QString, QString> local;  // sysctls of this end (or the lab's client namespace)
    QMap<QString, QString> remote; // sysctls of the far end (ssh targets)
    bool isEmpty() const { return local.isEmpty() && remote.isEmpty(); }
    friend bool operator==(const SessionKnobs &, const SessionKnobs &) = default;
};

// The Sweep tab's fields as typed.
struct SessionSweep {
    QString parameter; // a catalogue key or "workload.<field>"
    QString values;    // the values as typed ("16K 32K 64K")
    int repeats = 1;
    double ciTargetPct = 0; // repeat until precise (0: off)
    int maxRepeats = 0;
    friend bool operator==(const SessionSweep &, const SessionSweep &) = default;
};

// One line on the charts: its legend name and what it was drawn from.
struct SessionChartRun {
    QString label;
    QString toolTip;
    qint64 runId = 0;        // the result store's run (0: not a stored run, e.g. a capture's flow)
    qint64 experimentId = 0; // its experiment (0: unknown)
    // Whether the line is drawn: a capture's smaller flows are listed but hidden until ticked, and
    // drawn on reopening they turned the RTT axis logarithmic.
    bool visible = true;
    // Series name (sessionSeriesNames()) -> points as the charts hold them (t in seconds, value);
    // a value the source lacked is NaN (null in the file).
    QMap<QString, QList<QPointF>> series;
};

struct WorkbenchSession {
    Q_DECLARE_TR_FUNCTIONS(WorkbenchSession)
public:
    static constexpr int kSchemaVersion = 1;
    static constexpr QLatin1StringView kKind{"tcptune-session"};
    static constexpr QLatin1StringView kSuffix{"tcptune"}; // file name suffix, without the dot
    // Bounds a file must keep (a session is a few runs, not an archive).
    static constexpr int kMaxChartRuns = 64;
    static constexpr qsizetype kMaxPoints = 4'000'000; // all series together

    ExperimentSpec form;
    SessionKnobs knobs;
    std::optional<SessionSweep> sweep;
    QList<SessionChartRun> charts;

    QJsonObject toJson() const;
    QByteArray toJsonText() const;
    // Fails with a sentence saying what is wrong and what to do: not a session, a newer
    // schema_version, a field of the wrong type, a knob outside the catalogue.
    [[nodiscard]] static Result<WorkbenchSession> fromJson(const QJsonObject &json);
    [[nodiscard]] static Result<WorkbenchSession> fromJsonText(const QByteArray &text);
    // The sweep's part alone (the workbench keeps it in its settings between starts).
    static QJsonObject sweepToJson(const SessionSweep &sweep);
    [[nodiscard]] static Result<std::optional<SessionSweep>> sweepFromJson(const QJsonValue &json);
};

} // namespace tcptune
