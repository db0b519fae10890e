#include "experiment/tune/tune_environment.h"

#include "common/netns.h"
#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "lab/lab_layout.h"
#include "lab/lab_spec.h"

#include <unistd.h>

namespace tcptune {
namespace {

const QString kCongestionKey = QStringLiteral("net.ipv4.tcp_congestion_control");
const QString kAvailableKey = QStringLiteral("net.ipv4.tcp_available_congestion_control");
// Outside the init namespace the kernel lets a namespace's default be only one of these (it
// refuses the others with EPERM: tcp_set_default_congestion_control), so a lab's choices are them.
const QString kAllowedKey = QStringLiteral("net.ipv4.tcp_allowed_congestion_control");

QStringList congestionList(const QString &text)
{
    return procsys::normalise(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QStringList readCongestionControls(const QString &netns)
{
    const QString path = procsys::pathForKey(netns.isEmpty() ? kAvailableKey : kAllowedKey);
    QString text;
    const auto readIt = [&] { text = procsys::read(path).value_or(QString()); };
    if (netns.isEmpty() || ::geteuid() != 0 || !netns::runIn(netns, readIt))
        readIt();
    return congestionList(text);
}

// The refusals that do not depend on the ends: one target, one direction.
Result<void> checkShape(const ExperimentSpec &spec)
{
    if (spec.severalEnds())
        return fail(TuneTarget::tr("tcptune tune tunes one path, and this spec names %1 targets: give one target "
                                   "(--target) and tune each end in a run of its own.")
                        .arg(spec.targets().size()));
    if (spec.workload.direction != QLatin1String("up") && spec.workload.direction != QLatin1String("down"))
        return fail(TuneTarget::tr("tcptune tune needs one direction, and this spec's is '%1': with both, each end "
                                   "sends and receives, so no knob has one role. Set workload.direction to up or "
                                   "down.")
                        .arg(spec.workload.direction));
    return {};
}

} // namespace

QStringList TuneTarget::localCongestionControls(const ExperimentSpec &spec)
{
    if (spec.target.kind != TargetSpec::Kind::Lab)
        return readCongestionControls({});
    const QString lab = spec.target.labName.isEmpty() ? QString::fromLatin1(kDefaultLabName) : spec.target.labName;
    return readCongestionControls(layoutFor(lab, LabTopology::Routed).clientNetns);
}

Result<TuneEnvironment> TuneTarget::environmentOf(const ExperimentSpec &spec, const TuneSpec &tune,
                                                  const KnobSnapshot &farKnobs)
{
    if (auto shape = checkShape(spec); !shape)
        return std::unexpected(shape.error());
    if (!tune.localEnd && !tune.remoteEnd)
        return fail(
            tr("The spec's tune lets no end change (tune.ends.local and tune.ends.remote are both false): let one "
               "of them change."));
    const TargetSpec::Kind kind = spec.target.kind;
    if (kind == TargetSpec::Kind::Iperf3 && !tune.localEnd)
        return fail(tr("An iperf3 server's knobs cannot change, and this tune may change only the far end's: tune "
                       "this end (--ends local, with --host for this host's knobs) or use an ssh:// target."));
    TuneEnvironment environment;
    environment.direction = spec.workload.direction;
    environment.localKnobs = tune.localEnd && (kind == TargetSpec::Kind::Lab || tune.allowHost);
    environment.remoteKnobs = tune.remoteEnd && kind == TargetSpec::Kind::Ssh;
    if (!environment.localKnobs && !environment.remoteKnobs)
        return fail(tr("Nothing can change in this tune: against %1 only this host's own knobs could, and they "
                       "change only with --host (tune.ends.host); or use a lab or an ssh:// target.")
                        .arg(spec.target.describe()));
    const QStringList local = localCongestionControls(spec);
    if (environment.localKnobs && !local.isEmpty())
        environment.choices.insert(kCongestionKey, local);
    const QStringList far = congestionList(farKnobs.value(kAvailableKey));
    if (environment.remoteKnobs)
        environment.choices.insert(QString(ExperimentSpec::kRemotePrefix) + kCongestionKey,
                                   far.isEmpty() ? local : far);
    for (const QString &key : spec.knobsOfKind(KnobKind::SocketOption).keys())
        environment.socketOptions.insert(key);
    // The socket's congestion control acts at the sending end: its kernel's list (the far one's
    // when it is known).
    const bool farSends = spec.workload.direction == QLatin1String("down") && kind == TargetSpec::Kind::Ssh;
    const QStringList sender = farSends && !far.isEmpty() ? far : local;
    if (const KnobInfo *option = KnobCatalogue::instance().socketOptionReplacing(kCongestionKey);
        option && !sender.isEmpty())
        environment.choices.insert(option->key, sender);
    return environment;
}

} // namespace tcptune
