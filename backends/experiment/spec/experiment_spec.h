#pragma once
// ExperimentSpec: everything one experiment needs to run, as a JSON-serialisable value type.
// Target, knobs (sysctls, socket options, lab parameters, all validated against the knob
// catalogue), workload, capture, timing and repeats. The JSON format is versioned and documented
// in docs/experiment-spec.md; parsing names the offending field in every error.

#include "common/error.h"
#include "knobs/knob_info.h"
#include "traffic/traffic_spec.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace tcptune {

struct TargetSpec {
    enum class Kind {
        Lab,    // the local lab of network namespaces (default)
        Agent,  // a host running `tcptune serve`
        Iperf3, // a stock `iperf3 -s`
        Ssh,    // a host ssh logs in to, running `tcptune serve --stdio` (far knobs possible)
    };
    Kind kind = Kind::Lab;
    QString host;      // Agent/Iperf3: host name or address
    int port = 0;      // Agent/Iperf3: 0 = the default port of the kind
    QString labName;   // Lab: the lab's name (empty: the lab backend's default)
    QString user;      // Ssh: the login (empty: ssh's own choice)
    QString sshConfig; // Ssh: a config file for `ssh -F` (empty: the user's own)

    QString describe() const;
    static QString kindName(Kind kind);
    // Two ends are the same when they reach the same agent or server: kind, host and port (the
    // kind's default port when none is given). The login does not matter.
    bool sameEndAs(const TargetSpec &other) const;
};

// The traffic a run drives. Workload parameters can be swept as "workload.<field>".
struct WorkloadSpec {
    Workload type = Workload::Bulk;           // JSON: its name (workloadName)
    QString direction = QStringLiteral("up"); // up (this host sends) | down (the target sends)
    int streams = 1;
    qint64 writeSize = 131072; // bulk/split-write data part, bytes
    qint64 requestSize = 64;   // rr
    qint64 responseSize = 64;  // rr
    qint64 headerSize = 48;    // split-write header, bytes (an iSCSI BHS is 48)
    bool latencyProbe = false; // a small request/response flow beside the workload
    double idleS = 5;          // rrul: probing alone before the streams start (the idle baseline)
};

struct ExperimentSpec {
    Q_DECLARE_TR_FUNCTIONS(ExperimentSpec)
public:
    static constexpr int kFormatVersion = 1;

    QString name;
    QString description;
    // What the local lab can and cannot reproduce of this experiment, from measurement (a
    // preset's honest note); shown when it runs in the lab.
    QString labNote;
    // The end the traffic goes to. A spec may name several ends at once ("target" as a JSON list,
    // docs/experiment-spec.md): TARGET is the first of them, MORE_TARGETS the others, in order.
    // Every end runs the same workload at the same instant; targets() gives them all.
    TargetSpec target;
    QList<TargetSpec> moreTargets;
    static constexpr int kMaxTargets = 8; // ends one run drives at once
    // Limits of a run, the same for specs, the commands and the workbench's fields.
    static constexpr double kMinDurationS = TrafficLimits::kMinDurationS;
    static constexpr double kMaxDurationS = TrafficLimits::kMaxDurationS;
    static constexpr int kMaxStreams = TrafficLimits::kMaxStreams;
    static constexpr int kMaxSampleMs = TrafficLimits::kMaxSampleMs;
    // Catalogue key -> canonical value (knobvalue::parse). Sysctls, socket.* and lab.* together;
    // "remote:<sysctl>" names a sysctl of the far host (ssh targets).
    QMap<QString, QString> knobs;
    WorkloadSpec workload;
    bool capture = false;
    double durationS = 10.0;
    double omitS = 0.0; // seconds at the start left out of the figures (slow start)
    int repeats = 1;    // runs per point; with a precision target the least
    // Repeat until precise (docs/experiment-spec.md): with ciTargetPct > 0 each point gets more
    // runs, up to maxRepeats, until its throughput's 95 % interval is within ciTargetPct % of the
    // mean. 0: a fixed number of runs.
    int maxRepeats = 0;
    double ciTargetPct = 0;
    double pauseS = 0.0;                            // idle time between runs
    int sampleMs = TrafficLimits::kDefaultSampleMs; // TCP_INFO sampling interval

    bool untilPrecise() const { return ciTargetPct > 0; }
    // Repeat until precise: at least MIN_RUNS (2 or more: one run has no interval), at most MAX_RUNS.
    void setUntilPrecise(int minRuns, int maxRuns, double ciPct);
    // "repeats" as the spec writes it: a number, or {"min", "max", "ci_pct"}.
    QJsonValue repeatsJson() const;

    QList<TargetSpec> targets() const;
    void setTargets(const QList<TargetSpec> &ends); // ENDS must not be empty
    bool severalEnds() const { return !moreTargets.isEmpty(); }
    // A list of ends that can run together: one to kMaxTargets of them, no end twice, the lab
    // only alone. What is wrong, with the index of the end it is about (-1: the whole list).
    struct TargetListProblem {
        qsizetype index = -1;
        QString problem; // a sentence that says what to do
    };
    static std::optional<TargetListProblem> targetListProblem(const QList<TargetSpec> &ends);
    // The same as a spec error naming the field ("target[1]").
    [[nodiscard]] static Result<void> checkTargets(const QList<TargetSpec> &ends);
    // With several ends, far knobs ("remote:" keys) apply to every end, so every end must be ssh.
    [[nodiscard]] Result<void> checkRemoteKnobs() const;

    // Knobs of one kind only (sysctls for the helper, socket options for the traffic spec, lab
    // parameters for the lab).
    QMap<QString, QString> knobsOfKind(KnobKind kind) const;
    // The knobs tcptune-helper changes on this end for the run: sysctls and link knobs.
    QMap<QString, QString> helperKnobs() const;
    // The far host's sysctls ("remote:" keys, without the prefix).
    QMap<QString, QString> remoteSysctls() const;
    static constexpr QLatin1StringView kRemotePrefix{"remote:"};
    // The catalogue entry of a knob key: a catalogue key, or "remote:" and a sysctl's key.
    [[nodiscard]] static Result<const KnobInfo *> lookupKnob(const QString &key);

    QJsonObject toJson() const;
    QByteArray toJsonText() const;
    // Fails naming the field: unknown fields, wrong types, unknown knobs, out-of-range values,
    // a newer format version. IGNORED lists top-level fields another parser owns ("sweep").
    [[nodiscard]] static Result<ExperimentSpec> fromJson(const QJsonObject &json, const QStringList &ignored = {});
    [[nodiscard]] static Result<ExperimentSpec> fromJsonText(const QByteArray &text);
    // The JSON object of a spec or plan file, or an error saying where the text is broken.
    [[nodiscard]] static Result<QJsonObject> objectFromJsonText(const QByteArray &text);

    // The value word that leaves a knob unset (the kernel's own behaviour, e.g. autotuning).
    static constexpr const char *kDefaultValue = "default";
    // A knob value as spec and plan files write it: a string ("256K"), a whole number (262144)
    // or a boolean (1/0); nothing for other JSON.
    static std::optional<QString> valueTextOf(const QJsonValue &value);

    // Sets one sweepable parameter: a catalogue key or "workload.<field>". VALUE is what a person
    // types ("256K", "cubic", "2"); it is validated and stored canonically. "default" removes a
    // knob from the spec.
    [[nodiscard]] Result<void> setParameter(const QString &parameter, const QString &value);
    // The canonical text of VALUE for PARAMETER (empty for "default"), or an error naming both.
    [[nodiscard]] static Result<QString> canonicalValue(const QString &parameter, const QString &value);
    // The parameter's current value (empty when unset).
    QString parameter(const QString &parameter) const;
    // Short human form of a canonical VALUE ("256 KiB", "50 Mbit/s", "2").
    static QString formatValue(const QString &parameter, const QString &value);
};

// The sweepable workload fields, as "workload.streams" etc.
QStringList workloadParameters();

} // namespace tcptune
