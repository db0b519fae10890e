#pragma once
// Requests for the lab, the unprivileged side: asks tcptune-helper (through the process's
// HelperConnection) to bring a lab up or down, and gives a traffic run what it needs to use the
// lab (ensureLabUp). Part of tcptune_core, not of the helper.

#include "common/error.h"
#include "lab/lab_layout.h"
#include "lab/lab_manager.h"
#include "lab/lab_spec.h"

#include <QJsonObject>

namespace tcptune {

class HelperConnection;

// Builds or reshapes the lab through the helper; returns its status afterwards.
[[nodiscard]] Result<LabStatus> requestLabUp(HelperConnection &helper, const LabSpec &spec);
// Removes the lab through the helper.
[[nodiscard]] Result<void> requestLabDown(HelperConnection &helper, const QString &labName);

// Makes sure lab NAME is up, starting it with the catalogue's defaults (routed, unshaped) when
// it is down, and returns where a run finds it. A leftover lab is an error that says how to
// remove it. AGENT_PORT is the port the LabAgent will listen on inside the server namespace.
// HELPER builds it; the helper starts only if the lab must be built.
[[nodiscard]] Result<LabEndpoints> ensureLabUp(HelperConnection &helper,
                                               const QString &labName = QString::fromLatin1(kDefaultLabName),
                                               quint16 agentPort = kLabAgentPort);

// Reads a LabStatus back from the helper's JSON answer (for callers that cannot read the
// lab records themselves).
LabStatus labStatusFromJson(const QJsonObject &object);

} // namespace tcptune
