#pragma once
// Bringing labs up and down and saying what is there. labUp/labDown change the system and run
// inside tcptune-helper (root); labStatus, listLabs and detectLeftoverLabs only read
// /run/netns and the lab records, so the GUI and CLI call them directly.

#include "common/error.h"
#include "lab/lab_layout.h"
#include "lab/lab_spec.h"
#include "lab/lab_state.h"
#include "lab/lab_step_runner.h"
#include "lab/qdisc_support.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

namespace tcptune {

struct LabStatus {
    enum class State {
        Down,     // no namespace of the lab exists
        Up,       // every namespace exists and the record says building finished
        Leftover, // namespaces without a finished record (a crash), or a record missing some
    };
    QString name;
    State state = State::Down;
    std::optional<LabState> record;
    QStringList presentNamespaces;
    QString problem; // Leftover: what is wrong, in words
    // False when the caller may not read the records (/run/tcptune is root's): the state then
    // rests on the namespaces alone and the spec is unknown; ask the helper's lab_status instead.
    bool recordReadable = true;

    bool isUp() const { return state == State::Up; }
    // Up only: where a traffic run finds the lab.
    std::optional<LabEndpoints> endpoints(quint16 agentPort = kLabAgentPort) const;
};

QString stateName(LabStatus::State state);
QJsonObject toJson(const LabStatus &status);

// Checks SPEC against what the kernel offers: a rate needs tbf, a delay netem.
[[nodiscard]] Result<void> checkLabSupported(const LabSpec &spec, const QdiscSupport &support);

// Builds the lab, or reshapes it in place when a lab of that name and topology is up (a lab of
// the other topology is rebuilt). A failure removes what was made. A leftover lab is refused:
// it must be removed with labDown first.
[[nodiscard]] Result<LabStatus> labUp(const LabSpec &spec, const LabStepExecutor &executor = runLabStep);

// Removes every namespace of the lab (its links go with them) and its record. Removing a lab
// that is down succeeds. Fails if a namespace is still there afterwards.
[[nodiscard]] Result<void> labDown(const QString &labName, const LabStepExecutor &executor = runLabStep);

LabStatus labStatus(const QString &labName);

// Root only: the counters of the up lab's bottleneck qdisc (kind, bytes, packets, drops,
// overlimits, requeues, backlog, qlen, and where: netns, interface), read with QdiscStatsReader.
// Fails for an unshaped or down lab.
[[nodiscard]] Result<QJsonObject> bottleneckStatistics(const LabStatus &status);

// Every lab whose namespaces or record exist, sorted by name.
QList<LabStatus> listLabs();

// The labs left behind by a crash, for the GUI to offer removal at start.
QList<LabStatus> detectLeftoverLabs();

} // namespace tcptune
