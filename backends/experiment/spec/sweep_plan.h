#pragma once
// SweepPlan: an ExperimentSpec plus up to two axes, each turning one parameter (a catalogue
// knob or "workload.<field>"), or a few parameters together, through a list of values or a
// range. It expands into points and runs (repeats, optionally shuffled with a seed as Flent does
// to spread drift over the sweep), estimates the duration for a dry run, and refuses bad plans
// (unknown knob, value out of range, empty axis, two axes on the same knob) before anything runs.

#include "common/error.h"
#include "experiment/spec/experiment_spec.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace tcptune {

struct SweepAxis {
    // Usually one parameter; several when one axis sets them together (e.g. MTU with MSS).
    QStringList parameters;
    // Canonical values, one list per axis position, in the order of PARAMETERS.
    QList<QStringList> values;
    // As written in the JSON (for a faithful round trip): "values" or "range".
    QJsonObject source;

    int size() const { return int(values.size()); }
    QString name() const { return parameters.join(QStringLiteral(" + ")); }
    // Human label of position I ("256 KiB", "9000 + 2").
    QString label(int i) const;
};

// One combination of axis positions.
struct SweepPoint {
    int index = 0;
    QList<int> positions;            // position on each axis
    QMap<QString, QString> settings; // parameter -> canonical value
    QStringList labels;              // per axis, human form
    QString label() const { return labels.join(QStringLiteral(" x ")); }
};

struct PlannedRun {
    int index = 0; // position in the (possibly shuffled) run order; the key for resuming
    int point = 0;
    int repeat = 0; // 0-based
};

class SweepPlan final {
    Q_DECLARE_TR_FUNCTIONS(SweepPlan)
public:
    static constexpr int kMaxAxes = 2;
    static constexpr int kMaxRuns = 10000;

    SweepPlan() = default;
    // A plan of one point (no axes): an A/B is a one-axis plan of two values.
    explicit SweepPlan(ExperimentSpec spec);

    const ExperimentSpec &spec() const { return m_spec; }
    const QList<SweepAxis> &axes() const { return m_axes; }
    int repeats() const { return m_spec.repeats; }
    bool shuffled() const { return m_shuffle; }
    quint32 seed() const { return m_seed; }

    // Adds an axis of values as people write them; validates each value and the axis.
    [[nodiscard]] Result<void> addAxis(const QStringList &parameters, const QList<QStringList> &values);
    [[nodiscard]] Result<void> addAxis(const QString &parameter, const QStringList &values);
    void setRepeats(int repeats) { m_spec.repeats = qMax(1, repeats); }
    void setShuffle(bool shuffle, quint32 seed)
    {
        m_shuffle = shuffle;
        m_seed = seed;
    }

    QList<SweepPoint> points() const;
    QList<PlannedRun> runs() const;
    // The spec of point INDEX: the base spec with the point's settings applied.
    ExperimentSpec specForPoint(int index) const;
    // Seconds the whole plan takes: runs x (omit + duration + overhead) + pauses + lab reshapes.
    double expectedDurationS() const;
    // A few lines for --dry-run: axes, points, runs, order, expected duration, and what the plan
    // makes this host execute.
    QString describe() const;
    // The programs a run of this plan starts on this host with their arguments (the ssh command of
    // each ssh end), so a spec's effect is seen before it runs.
    QList<QStringList> executedCommands() const;
    // "In the lab: ..." when the plan runs in the local lab and its spec has a lab note, else
    // empty: the sweep's output, --dry-run and the report show it.
    QString labNoteLine() const;

    // The whole document: the spec fields plus "sweep": {"axes": [...], "shuffle", "seed"}.
    QJsonObject toJson() const;
    QByteArray toJsonText() const;
    [[nodiscard]] static Result<SweepPlan> fromJson(const QJsonObject &json);
    [[nodiscard]] static Result<SweepPlan> fromJsonText(const QByteArray &text);

    // Per-run overhead the estimate assumes (connection set-up, knob apply/restore, storing).
    static constexpr double kRunOverheadS = 0.6;
    // Extra time when a point changes a lab parameter (the lab is reshaped).
    static constexpr double kLabReshapeS = 1.0;

private:
    [[nodiscard]] Result<void> checkAxis(const SweepAxis &axis, const QString &field) const;

    ExperimentSpec m_spec;
    QList<SweepAxis> m_axes;
    bool m_shuffle = false;
    quint32 m_seed = 1;
};

// How tables, charts and the dry run head axis A of PLAN ("a + b" for an axis of several
// parameters, each as parameterHeading() names it), and all its axes joined with " x ".
QString axisHeading(const SweepPlan &plan, int a);
QString axesHeading(const SweepPlan &plan);

} // namespace tcptune
