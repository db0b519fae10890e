#pragma once
// The Knobs tab's Links group: the target's link at each end side by side (Local | Remote), each
// with its device, the device's facts and its link knobs. Local is the place the knob panel
// shows (the lab's client veth, or this host's devices); Remote is the lab's server veth (shown
// for comparison: a lab run sets link knobs at the client only) or, for an ssh target, the far
// host's links as its connection test read them. Edits are the runs' knobs, link.DEV.x and
// remote:link.DEV.x, applied, journalled and put back by each run as on the command line.

#include "common/error.h"
#include "knobs/knob_reader.h"
#include "knobs/knob_scope.h"

#include <QGroupBox>

namespace tcptune {

struct ExperimentSpec;
class LinkEndView;

class LinkGroup final : public QGroupBox {
    Q_OBJECT
public:
    explicit LinkGroup(QWidget *parent = nullptr);

    LinkEndView *localEnd() const { return m_local; }
    LinkEndView *remoteEnd() const { return m_remote; }

    // The knob panel shows NETNS of SCOPE: its devices at the local end, the scope's far end
    // (the lab's server) at the remote one unless a far host is shown.
    void showScope(const KnobScope &scope, const QString &netns);
    // An ssh target's far host: its link values, EDITABLE when its helper can set knobs, else WHY
    // NOT; SHOWN false: no far host (the remote end follows the scope again).
    void showFarHost(bool shown, const KnobSnapshot &values, bool editable, const QString &whyNot);
    void refresh();

    // Adds the edits to SPEC: link.DEV.x at the local end, remote:link.DEV.x at the far one.
    [[nodiscard]] Result<void> applyTo(ExperimentSpec &spec) const;
    // True when an edit changes a host device and the user said Yes to it.
    bool hostChangesConfirmed() const;

Q_SIGNALS:
    void runValuesChanged();

private:
    void showLabFar(const KnobScope &scope);

    LinkEndView *m_local;
    LinkEndView *m_remote;
    bool m_farHost = false;
    KnobScope m_scope;
};

} // namespace tcptune
