#pragma once
// The lab as a list of commands: pure functions from a spec to the `ip`/`tc` argv lists (and
// the one sysctl the router needs) that build, reshape or remove it. Nothing here runs anything,
// so the exact commands are unit-tested; LabStepRunner executes them without a shell.

#include "lab/lab_spec.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace tcptune {

struct LabStep {
    enum class Tool {
        Ip,     // /usr/sbin/ip ARGS
        Tc,     // /usr/sbin/tc ARGS
        Sysctl, // write ARGS[1] to /proc/sys key ARGS[0] inside NETNS (no sysctl binary needed)
    };
    Tool tool = Tool::Ip;
    QStringList args;
    QString netns;        // Sysctl only
    bool mayFail = false; // clean-up steps whose target may already be gone

    bool operator==(const LabStep &) const = default;
    // "ip -n tcptune-lab-client link set lo up", for logs and error messages.
    QString toString() const;
};

// tbf's bucket: about 2 ms at the rate, never below two full frames (tbf drops, or segments
// GSO packets, larger than its bucket).
std::int64_t tbfBurstBytes(std::int64_t rateBitsPerSecond, int mtu);

// Creates the namespaces, veth pairs (created directly inside the namespaces, never in the
// host's), addresses, routes and forwarding, then applies configureSteps().
QList<LabStep> buildUpSteps(const LabSpec &spec);

// MTU on every link, the rate limit and queue at the bottleneck, and the delay (netem) where
// asked. Replaces what is there, so it also reshapes a running lab of the same topology; with
// RESHAPING it also removes a rate limit or delay that the new spec no longer has.
QList<LabStep> buildConfigureSteps(const LabSpec &spec, bool reshaping = true);

// Deletes the lab's namespaces; the veths inside them go with them.
QList<LabStep> buildDownSteps(const QString &labName);

} // namespace tcptune
