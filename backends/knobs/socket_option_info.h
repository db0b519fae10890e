#pragma once
// What a socket option of the catalogue does, beside its value's type: at which end of a run it
// acts, which setsockopt carries it, how the helper sets it past a limit of the host's, which
// field of the traffic engine's spec holds it, and how the workbench shows it. Every part that
// treats socket options alike (the bridge to the engine, sweep headings, the workload panel) reads
// these; none lists the options by name (docs/architecture.md, "Adding a socket option").

#include <QString>

#include <cstdint>

namespace tcptune {

// The end of a run whose data sockets carry the option.
enum class SocketEnd {
    Sender,   // the end that sends the workload's data (the far one when the target sends)
    Receiver, // the end that receives it
    Both,     // every data socket
};

// How an option goes past a limit a user's process cannot lift (tcptune-helper sets it instead,
// on the lab socket passed to it: common/socket_tuning, docs/privileges.md).
enum class HelperForce {
    None,
    SendBufferForce, // SO_SNDBUFFORCE: a send buffer above net.core.wmem_max, the host's cap
    Congestion,      // TCP_CONGESTION outside net.ipv4.tcp_allowed_congestion_control
};

struct SocketOptionInfo {
    SocketEnd end = SocketEnd::Sender;
    int level = 0; // setsockopt level: SOL_SOCKET, IPPROTO_TCP
    int name = 0;  // setsockopt name: SO_SNDBUF, TCP_NODELAY, ...
    HelperForce force = HelperForce::None;
    // The TrafficSpec field that holds it (its JSON name, "sndbuf"); empty when the engine does
    // not set the option (the bridge refuses it) - then it acts at no end of tcptune's runs.
    QString engineField;
    // Engine units per catalogue unit: the catalogue counts a pacing rate in bytes per second as
    // the kernel does, the engine in bits per second.
    std::int64_t engineScale = 1;
    // The workload panel's row: its widget's object name and settings key ("sndbuf"); empty when
    // the panel does not show the option (sweeps and specs still set it).
    QString panelField;
    // The English sources (QT_TRANSLATE_NOOP("KnobCatalogue", ...) in the table): the heading of
    // its row or check box, the tool tip, and what an empty field means ("autotuned").
    QString heading;
    QString hint;
    QString unsetText;
    // The sysctl whose value it replaces on its socket ("net.ipv4.tcp_wmem" for SO_SNDBUF): a run
    // that sets the option does not read that sysctl, so moving it there changes nothing.
    QString overrides;

    bool setByEngine() const { return !engineField.isEmpty(); }
    // Whether the engine sets it on the sending end's data sockets only (a run the target sends
    // has it set by the far end).
    bool actsAtSenderOnly() const { return setByEngine() && end == SocketEnd::Sender; }
    bool actsAtReceiver() const { return setByEngine() && end != SocketEnd::Sender; }
    bool actsAtSender() const { return setByEngine() && end != SocketEnd::Receiver; }

    // The texts above in the user's language.
    QString translatedHeading() const;
    QString translatedHint() const;
    QString translatedUnsetText() const;
};

} // namespace tcptune
