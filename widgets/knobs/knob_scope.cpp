#include "knobs/knob_scope.h"

#include "experiment/spec/experiment_spec.h"
#include "lab/lab_layout.h"

namespace tcptune {

const KnobPlace *KnobScope::find(const QString &netns) const
{
    for (const KnobPlace &place : places)
        if (place.netns == netns)
            return &place;
    return nullptr;
}

const KnobPlace *KnobScope::receiver() const
{
    for (const KnobPlace &place : places)
        if (place.receiver)
            return &place;
    return nullptr;
}

namespace {

KnobPlace place(const QString &netns, const QString &label, const QString &shortLabel, bool sender,
                const QStringList &linkDevices = {})
{
    KnobPlace p;
    p.netns = netns;
    p.label = label;
    p.shortLabel = shortLabel;
    p.sender = sender;
    p.linkDevices = linkDevices;
    return p;
}

} // namespace

KnobScope knobScopeFor(const TargetSpec &target)
{
    KnobScope scope;
    if (target.kind != TargetSpec::Kind::Lab) {
        // An agent or an iperf3 server elsewhere: the sending sockets are this host's.
        scope.target = target.describe();
        scope.places.append(place(QString(), KnobPlace::tr("this host (sender)"), KnobPlace::tr("host"), true));
        return scope;
    }
    const QString name = target.labName.isEmpty() ? QString::fromLatin1(kDefaultLabName) : target.labName;
    scope.labName = name;
    scope.target = KnobScope::tr("lab %1").arg(name);
    // The router exists only in the routed topology; listing it for both costs nothing when
    // it is missing (the panel says the namespace is not there).
    const LabLayout layout = layoutFor(name, LabTopology::Routed);
    scope.places.append(place(layout.clientNetns, KnobPlace::tr("lab %1: client (sender)").arg(name),
                              KnobPlace::tr("lab client"), true, {layout.clientInterface}));
    scope.places.append(place(layout.serverNetns, KnobPlace::tr("lab %1: server (receiver)").arg(name),
                              KnobPlace::tr("lab server"), false, {layout.serverInterface}));
    scope.places.last().receiver = true;
    scope.places.append(place(layout.routerNetns, KnobPlace::tr("lab %1: router").arg(name),
                              KnobPlace::tr("lab router"), false,
                              {layout.routerClientInterface, layout.routerServerInterface}));
    return scope;
}

} // namespace tcptune
