#pragma once
// The moves of a verdict made concrete for one target (private to the tune floor): which key a
// role is at this end or the far one, whether the search may touch it, where a number starts and
// within which bounds it moves, which values a choice offers. Plain functions of the spec, the
// environment and the incumbent's runs, so the search stays a function of the runs it is given.

#include "experiment/tune/tune_moves.h"
#include "experiment/tune/tuner_search.h"
#include "knobs/knob_info.h"

#include <QList>
#include <QString>

#include <optional>

namespace tcptune {

// A move of the table for this target: its key ("remote:net.ipv4.tcp_rmem") and catalogue entry.
struct ResolvedMove {
    KnobMove move;
    QString key;
    const KnobInfo *knob = nullptr;
    Finding::Rule rule = Finding::Rule::NoLimiter; // the finding that pointed at it
};

// The key of KNOB for ROLE: up, this end sends (plain key) and the far end receives ("remote:");
// down the reverse. Socket options keep their key (the engine sets them where they act).
QString tuneRoleKey(KnobRole role, const QString &knob, const QString &direction);

// The moves of VERDICT's findings in order (dominant first), those the search may make: in the
// catalogue, at an end the spec and the environment allow, not left alone; each key once. The
// path-full finding is skipped (a throughput search stops on it before asking). A sysctl that a
// socket option of the spec replaces is moved as that option.
QList<ResolvedMove> tuneCandidates(const QList<Finding> &verdict, const TuneSpec &spec,
                                   const TuneEnvironment &environment);

// The value of KEY in the incumbent: its configuration's, else what its runs ran with, else the
// catalogue's default; empty when none is known.
QString tuneCurrentValue(const QString &key, const TuneConfig &config, const QList<TrialRun> &runs);

// Where a numeric move starts: the number it moves from (-1: unset) and the first it tries.
struct NumberStart {
    qint64 from = -1;
    qint64 first = -1;
};
std::optional<NumberStart> tuneNumberStart(const ResolvedMove &move, const TuneConfig &config,
                                           const QList<TrialRun> &runs, const TuneEnvironment &environment);

// The inclusive bounds a numeric move stays in: the catalogue's, the spec's range, and for a
// triple at least its own minimum.
struct NumberBounds {
    qint64 low = 0;
    qint64 high = 0;
};
NumberBounds tuneNumberBounds(const ResolvedMove &move, const TuneSpec &spec, const TuneConfig &config,
                              const QList<TrialRun> &runs);

// The canonical value that sets MOVE's number to N: the number, or for a triple its min and
// default kept (the default lowered to N when above it) and N as its maximum.
QString tuneNumberValue(const ResolvedMove &move, qint64 n, const TuneConfig &config, const QList<TrialRun> &runs);

// The step after N: doubled (Up) or halved (Down).
qint64 tuneNextNumber(const ResolvedMove &move, qint64 n);
// Between the last accepted A and the refused B: their geometric mean, a multiple of 4096 for
// byte counts (B when either is not positive).
qint64 tuneBisect(const ResolvedMove &move, qint64 a, qint64 b);

// The values a choice offers: the environment's list for its key, else the table's, else the
// catalogue's fixed list.
QStringList tuneChoiceValues(const ResolvedMove &move, const TuneEnvironment &environment);

} // namespace tcptune
