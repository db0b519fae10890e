#pragma once
// What a stored run's row needs beyond the run list: the point's settings (from the experiment's
// plan) and its configuration (from the knob snapshots). A list of ten thousand runs cannot read
// all of that before it shows (seconds of queries and plan parsing), so rows ask here when they
// are first drawn, filtered or compared; each plan is parsed once and each answer is kept.

#include "experiment/record/run_configuration.h"
#include "experiment/record/run_record.h"
#include "experiment/spec/sweep_plan.h"

#include <QHash>

#include <functional>
#include <optional>

namespace tcptune {

class ResultStore;

// The configuration of stored RUN of an experiment with PLAN, from the store's snapshots.
RunConfiguration storedConfiguration(const ResultStore &store, const SweepPlan &plan, const RunRecord &run);

class StoredRunDetails final {
public:
    // STORE gives the store when asked (null: none open), so a row never holds a closed one.
    explicit StoredRunDetails(std::function<const ResultStore *()> store);

    // RUN with its point's settings from the plan (the run list leaves them out).
    RunRecord withSettings(RunRecord run);
    // What RUN ran with; only what the spec says when a snapshot cannot be read.
    const RunConfiguration &configuration(const RunRecord &run);

private:
    const SweepPlan *planOf(qint64 experimentId);

    std::function<const ResultStore *()> m_store;
    QHash<qint64, std::optional<SweepPlan>> m_plans;
    QHash<qint64, RunConfiguration> m_configurations;
};

} // namespace tcptune
