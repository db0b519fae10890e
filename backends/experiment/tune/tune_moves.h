#pragma once
// Which knobs a verdict points at: for each rule of the diagnosis, the knobs the tuner tries and
// which way, as data beside the rules. docs/diagnosis.md ("What the tuner tries") holds the same
// table; this file and that page change together.

#include "experiment/diagnosis/run_diagnosis.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

// The end of the flow whose knob it is; resolved to this end or the far one ("remote:") by the
// run's direction: up, this end sends; down, the far end does.
enum class KnobRole {
    Sender,
    Receiver,
    Socket, // a socket option: the engine sets it at the end where it acts (SocketOptionInfo)
};

enum class MoveKind {
    Up,     // a number (a triple's maximum) doubles until it stops helping, then is bisected
    Down,   // it halves, then is bisected
    Choice, // every other value of a set is tried (CHOICES; empty: the catalogue's or kernel's list)
};

struct KnobMove {
    QString knob; // catalogue key without "remote:"
    KnobRole role = KnobRole::Sender;
    MoveKind kind = MoveKind::Up;
    QStringList choices;
};

struct RuleMoves {
    Finding::Rule rule = Finding::Rule::NoLimiter;
    QList<KnobMove> moves;
    // The verdict says there is nothing to win for a throughput goal (the path is full).
    bool stopsThroughput = false;
};

// The table, in the diagnosis' rule order.
const QList<RuleMoves> &tuneMoves();
// The moves for RULE (empty for a rule with none).
QList<KnobMove> movesFor(Finding::Rule rule);
bool stopsThroughput(Finding::Rule rule);

} // namespace tcptune
