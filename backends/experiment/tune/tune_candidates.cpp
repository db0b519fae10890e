#include "experiment/tune/tune_candidates.h"

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_catalogue.h"

#include <QSet>

#include <algorithm>
#include <cmath>

#include <sys/socket.h>

namespace tcptune {

namespace {

constexpr qint64 kPage = 4096;
constexpr qint64 kSocketBufferStart = 256 * 1024;
// tcp_notsent_lowat unset is the kernel's "no limit" (UINT_MAX): halving that would take 15
// steps to matter, so the search starts at 128 KiB, a limit that already holds data back.
constexpr qint64 kNotsentStart = 128 * 1024;
constexpr qint64 kNotsentUnlimited = 4294967295LL;

const QString kNotsent = QStringLiteral("net.ipv4.tcp_notsent_lowat");

bool isRemote(const QString &key)
{
    return key.startsWith(ExperimentSpec::kRemotePrefix);
}

QString plainKey(const QString &key)
{
    return isRemote(key) ? key.mid(ExperimentSpec::kRemotePrefix.size()) : key;
}

// The three numbers of a triple's text; empty when it is not one.
QList<qint64> tripleOf(const QString &text)
{
    const QStringList parts = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QList<qint64> numbers;
    for (const QString &part : parts) {
        bool ok = false;
        numbers.append(part.toLongLong(&ok));
        if (!ok)
            return {};
    }
    return numbers.size() == 3 ? numbers : QList<qint64>{};
}

// The number a value text moves: a triple's maximum, else the number itself; -1 when none.
qint64 movedNumber(const KnobInfo &knob, const QString &text)
{
    if (knob.type == ValueType::Triple) {
        const QList<qint64> triple = tripleOf(text);
        return triple.isEmpty() ? -1 : triple.at(2);
    }
    bool ok = false;
    const qint64 n = text.trimmed().toLongLong(&ok);
    return ok ? n : -1;
}

// The value in effect without the catalogue's default: the configuration's, else the runs'.
QString setOrInEffect(const QString &key, const TuneConfig &config, const QList<TrialRun> &runs)
{
    if (const QString value = config.value(key); !value.isEmpty())
        return value;
    for (const TrialRun &run : runs)
        if (run.ok && !run.knobsInEffect.value(key).isEmpty())
            return run.knobsInEffect.value(key);
    return QString();
}

bool mayTouch(const QString &key, const KnobInfo &knob, const TuneSpec &spec, const TuneEnvironment &environment)
{
    if (spec.leaveAlone.contains(key))
        return false;
    if (knob.kind == KnobKind::SocketOption)
        return true;
    if (knob.kind != KnobKind::Sysctl)
        return false;
    return isRemote(key) ? spec.remoteEnd && environment.remoteKnobs : spec.localEnd && environment.localKnobs;
}

// SO_RCVBUF and SO_SNDBUF left to autotuning start from the autotuning's limit at their end.
qint64 socketBufferFrom(const ResolvedMove &move, const TuneConfig &config, const QList<TrialRun> &runs,
                        const TuneEnvironment &environment)
{
    const bool receive = move.knob->socket.level == SOL_SOCKET && move.knob->socket.name == SO_RCVBUF;
    const QString triple = receive ? QStringLiteral("net.ipv4.tcp_rmem") : QStringLiteral("net.ipv4.tcp_wmem");
    const QString key = tuneRoleKey(receive ? KnobRole::Receiver : KnobRole::Sender, triple, environment.direction);
    const QList<qint64> numbers = tripleOf(setOrInEffect(key, config, runs));
    return numbers.isEmpty() ? kSocketBufferStart : numbers.at(2);
}

// MOVE as the spec's socket option that replaces its sysctl on the run's sockets, when there is
// one: TCP_CONGESTION pinned makes net.ipv4.tcp_congestion_control a knob the run never reads.
KnobMove throughSocketOption(const KnobMove &move, const TuneEnvironment &environment)
{
    if (move.role == KnobRole::Socket)
        return move;
    const KnobInfo *option = KnobCatalogue::instance().socketOptionReplacing(move.knob);
    if (!option || !environment.socketOptions.contains(option->key))
        return move;
    return KnobMove{option->key, KnobRole::Socket, move.kind, move.choices};
}

} // namespace

QString tuneRoleKey(KnobRole role, const QString &knob, const QString &direction)
{
    if (role == KnobRole::Socket)
        return knob;
    // Direction both judges this end's sending, as the diagnosis does.
    const bool thisEndSends = direction != QLatin1String("down");
    const bool atThisEnd = (role == KnobRole::Sender) == thisEndSends;
    return atThisEnd ? knob : QString(ExperimentSpec::kRemotePrefix) + knob;
}

QList<ResolvedMove> tuneCandidates(const QList<Finding> &verdict, const TuneSpec &spec,
                                   const TuneEnvironment &environment)
{
    QList<ResolvedMove> moves;
    QSet<QString> seen;
    for (const Finding &finding : verdict) {
        if (finding.rule == Finding::Rule::PathFull)
            continue;
        for (const KnobMove &tableMove : movesFor(finding.rule)) {
            const KnobMove move = throughSocketOption(tableMove, environment);
            const QString key = tuneRoleKey(move.role, move.knob, environment.direction);
            auto knob = ExperimentSpec::lookupKnob(key);
            if (seen.contains(key) || !knob || !mayTouch(key, **knob, spec, environment))
                continue;
            seen.insert(key);
            moves.append(ResolvedMove{move, key, *knob, finding.rule});
        }
    }
    return moves;
}

QString tuneCurrentValue(const QString &key, const TuneConfig &config, const QList<TrialRun> &runs)
{
    if (const QString value = setOrInEffect(key, config, runs); !value.isEmpty())
        return value;
    auto knob = ExperimentSpec::lookupKnob(key);
    return knob ? (*knob)->defaultValue : QString();
}

std::optional<NumberStart> tuneNumberStart(const ResolvedMove &move, const TuneConfig &config,
                                           const QList<TrialRun> &runs, const TuneEnvironment &environment)
{
    const bool down = move.move.kind == MoveKind::Down;
    if (plainKey(move.key) == kNotsent && down) {
        const qint64 n = movedNumber(*move.knob, setOrInEffect(move.key, config, runs));
        if (n < 0 || n >= kNotsentUnlimited)
            return NumberStart{-1, kNotsentStart};
    }
    qint64 from = movedNumber(*move.knob, tuneCurrentValue(move.key, config, runs));
    if (from < 0 && move.knob->kind == KnobKind::SocketOption)
        from = socketBufferFrom(move, config, runs, environment);
    if (from <= 0)
        return std::nullopt;
    return NumberStart{from, tuneNextNumber(move, from)};
}

NumberBounds tuneNumberBounds(const ResolvedMove &move, const TuneSpec &spec, const TuneConfig &config,
                              const QList<TrialRun> &runs)
{
    NumberBounds bounds{move.knob->minimum, move.knob->maximum};
    if (move.knob->type == ValueType::Triple) {
        const QList<qint64> triple = tripleOf(tuneCurrentValue(move.key, config, runs));
        if (!triple.isEmpty())
            bounds.low = std::max(bounds.low, triple.at(0));
    }
    const auto range = spec.ranges.constFind(move.key);
    if (range != spec.ranges.constEnd()) {
        if (!range->minimum.isEmpty())
            bounds.low = std::max(bounds.low, range->minimum.toLongLong());
        if (!range->maximum.isEmpty())
            bounds.high = std::min(bounds.high, range->maximum.toLongLong());
    }
    return bounds;
}

QString tuneNumberValue(const ResolvedMove &move, qint64 n, const TuneConfig &config, const QList<TrialRun> &runs)
{
    if (move.knob->type != ValueType::Triple)
        return QString::number(n);
    QList<qint64> triple = tripleOf(tuneCurrentValue(move.key, config, runs));
    if (triple.isEmpty())
        triple = {kPage, std::min<qint64>(n, 131072), n};
    return QStringLiteral("%1 %2 %3").arg(triple.at(0)).arg(std::min(triple.at(1), n)).arg(n);
}

qint64 tuneNextNumber(const ResolvedMove &move, qint64 n)
{
    return move.move.kind == MoveKind::Down ? n / 2 : n * 2;
}

qint64 tuneBisect(const ResolvedMove &move, qint64 a, qint64 b)
{
    if (a <= 0 || b <= 0)
        return b; // no geometric mean: nothing between them to try
    const double mid = std::sqrt(double(a) * double(b));
    if (move.knob->unit != Unit::Bytes)
        return qint64(std::llround(mid));
    return std::max(kPage, qint64(std::llround(mid / double(kPage))) * kPage);
}

QStringList tuneChoiceValues(const ResolvedMove &move, const TuneEnvironment &environment)
{
    if (const auto it = environment.choices.constFind(move.key); it != environment.choices.constEnd())
        return *it;
    if (!move.move.choices.isEmpty())
        return move.move.choices;
    return move.knob->enumValues;
}

} // namespace tcptune
