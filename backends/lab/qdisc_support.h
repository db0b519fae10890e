#pragma once
// Which queueing disciplines this kernel offers. Kernels differ (this project's CI has tbf, htb
// and pfifo but no netem, fq or fq_codel), so the lab probes instead of assuming: it tries each
// qdisc on the loopback device of a scratch namespace and remembers the answer for this boot.

#include "common/error.h"
#include "lab/lab_step_runner.h"

#include <QJsonObject>
#include <QStringList>

namespace tcptune {

struct QdiscSupport {
    QStringList available;
    QStringList missing;

    bool has(const QString &kind) const { return available.contains(kind); }
};

// The qdiscs the lab cares about, in probing order.
QStringList probedQdiscs();

// Probes with EXECUTOR in a scratch namespace (tcptune-qdisc-probe), deleted afterwards.
[[nodiscard]] Result<QdiscSupport> probeQdiscs(const LabStepExecutor &executor);

// The answer cached for this boot under /run/tcptune/qdiscs.json, probing when there is none.
[[nodiscard]] Result<QdiscSupport> qdiscSupport(const LabStepExecutor &executor = runLabStep);

// The cached answer only (readable without privileges); empty lists when none is cached.
QdiscSupport cachedQdiscSupport();

QJsonObject toJson(const QdiscSupport &support);

// The kernel's boot id, to tell this boot's files from a previous one's.
QString currentBootId();

} // namespace tcptune
