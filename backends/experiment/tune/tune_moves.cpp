#include "experiment/tune/tune_moves.h"

namespace tcptune {

namespace {

using Rule = Finding::Rule;

KnobMove move(const char *knob, KnobRole role, MoveKind kind, QStringList choices = {})
{
    return KnobMove{QLatin1StringView(knob), role, kind, std::move(choices)};
}

// A standing queue: less data in flight (a smaller send buffer, less unsent data in the socket),
// or a congestion control that does not fill the queue (the kernel's list of them).
QList<KnobMove> queueMoves()
{
    return {move("net.ipv4.tcp_wmem", KnobRole::Sender, MoveKind::Down),
            move("net.ipv4.tcp_notsent_lowat", KnobRole::Sender, MoveKind::Down),
            move("net.ipv4.tcp_congestion_control", KnobRole::Sender, MoveKind::Choice)};
}

QList<RuleMoves> table()
{
    const KnobMove congestion = move("net.ipv4.tcp_congestion_control", KnobRole::Sender, MoveKind::Choice);
    const KnobMove autocorking = move("net.ipv4.tcp_autocorking", KnobRole::Sender, MoveKind::Choice,
                                      {QStringLiteral("0"), QStringLiteral("1")});
    // In the diagnosis' rule order (Finding::Rule); a rule without moves is listed all the same,
    // so the table says that the tuner has nothing for it.
    return {
        {Rule::PathFull, {}, true},
        {Rule::Queue, queueMoves(), false},
        {Rule::DeviceQueue, queueMoves(), false},
        {Rule::Loss, {congestion}, false},
        {Rule::NagleStall,
         {move("socket.TCP_NODELAY", KnobRole::Socket, MoveKind::Choice, {QStringLiteral("1")})},
         false},
        {Rule::ReceiverWindow,
         {move("net.ipv4.tcp_rmem", KnobRole::Receiver, MoveKind::Up),
          move("socket.SO_RCVBUF", KnobRole::Socket, MoveKind::Up)},
         false},
        {Rule::SendBuffer,
         {move("net.ipv4.tcp_wmem", KnobRole::Sender, MoveKind::Up),
          move("socket.SO_SNDBUF", KnobRole::Socket, MoveKind::Up)},
         false},
        {Rule::Application, {}, false},
        {Rule::CongestionWindow, {congestion}, false},
        {Rule::Autocorking, {autocorking}, false},
        {Rule::AutocorkingIdle, {autocorking}, false},
        {Rule::NoLimiter, {}, false},
        {Rule::OffloadsOff, {}, false},
        {Rule::SenderCounters, {}, false},
        {Rule::SenderUnobserved, {}, false},
    };
}

} // namespace

const QList<RuleMoves> &tuneMoves()
{
    static const QList<RuleMoves> moves = table();
    return moves;
}

QList<KnobMove> movesFor(Finding::Rule rule)
{
    for (const RuleMoves &r : tuneMoves())
        if (r.rule == rule)
            return r.moves;
    return {};
}

bool stopsThroughput(Finding::Rule rule)
{
    for (const RuleMoves &r : tuneMoves())
        if (r.rule == rule)
            return r.stopsThroughput;
    return false;
}

} // namespace tcptune
