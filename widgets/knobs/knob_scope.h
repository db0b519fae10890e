#pragma once
// Where the knob panel's changes land for a target: the namespace its traffic starts in first,
// then the other places a user may want to look at (a lab's receiver and router). "Host" is
// offered only for a target on a real host, and only the current lab's namespaces are listed,
// so a change never silently goes where the traffic is not. The far end of an ssh target is not
// a place here: the knob panel shows it as its own column beside these (Local | Remote).

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune {

struct TargetSpec;

struct KnobPlace {
    Q_DECLARE_TR_FUNCTIONS(KnobPlace)
public:
    QString netns;         // empty: this host's own namespace
    QString label;         // for people: "lab t1: client (sender)"
    QString shortLabel;    // for the tab title: "lab client", "host"
    bool sender = false;   // the traffic of the target starts here
    bool receiver = false; // the target's far end (the lab's server), shown beside the sender's
    // The devices of the target's link here (the lab's veth); empty: every device of the place.
    QStringList linkDevices;
};

struct KnobScope {
    Q_DECLARE_TR_FUNCTIONS(KnobScope)
public:
    QString target;          // "lab t1", "iperf3 server 198.18.40.2:5201"
    QString labName;         // set for a lab target
    QList<KnobPlace> places; // the sender's place first

    const KnobPlace *find(const QString &netns) const;
    // The place of the target's far end inside this host (the lab's server), or nullptr.
    const KnobPlace *receiver() const;
};

KnobScope knobScopeFor(const TargetSpec &target);

} // namespace tcptune
