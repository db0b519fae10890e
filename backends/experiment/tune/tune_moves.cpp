#include "experiment/tune/tune_moves.h"

#include "knobs/knob_catalogue.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace tcptune {

namespace {

using Rule = Finding::Rule;

// The catalogue's key of a socket option (the catalogue is the only list of them); empty when it
// has none, and a move on an empty key is never made.
QString socketKey(int level, int name)
{
    for (const KnobInfo &knob : KnobCatalogue::instance().ofKind(KnobKind::SocketOption))
        if (knob.socket.level == level && knob.socket.name == name)
            return knob.key;
    return QString();
}

KnobMove socketMove(int level, int name, MoveKind kind, QStringList choices = {})
{
    return KnobMove{socketKey(level, name), KnobRole::Socket, kind, std::move(choices)};
}

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
        {Rule::NagleStall, {socketMove(IPPROTO_TCP, TCP_NODELAY, MoveKind::Choice, {QStringLiteral("1")})}, false},
        {Rule::ReceiverWindow,
         {move("net.ipv4.tcp_rmem", KnobRole::Receiver, MoveKind::Up), socketMove(SOL_SOCKET, SO_RCVBUF, MoveKind::Up)},
         false},
        {Rule::SendBuffer,
         {move("net.ipv4.tcp_wmem", KnobRole::Sender, MoveKind::Up), socketMove(SOL_SOCKET, SO_SNDBUF, MoveKind::Up)},
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
