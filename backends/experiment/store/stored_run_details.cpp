#include "experiment/store/stored_run_details.h"

#include "experiment/store/result_store.h"

namespace tcptune {

RunConfiguration storedConfiguration(const ResultStore &store, const SweepPlan &plan, const RunRecord &run)
{
    // A snapshot that cannot be read leaves only what the spec says.
    const KnobSnapshot local =
        store.knobSnapshot(run.id, QStringLiteral("local"), QStringLiteral("before")).value_or(KnobSnapshot{});
    const KnobSnapshot remote =
        store.knobSnapshot(run.id, QStringLiteral("remote"), QStringLiteral("before")).value_or(KnobSnapshot{});
    const bool known = run.pointIndex >= 0 && run.pointIndex < plan.points().size();
    return configurationOf(known ? plan.specForPoint(run.pointIndex) : plan.spec(), local, remote);
}

StoredRunDetails::StoredRunDetails(std::function<const ResultStore *()> store)
    : m_store(std::move(store))
{
}

const SweepPlan *StoredRunDetails::planOf(qint64 experimentId)
{
    auto plan = m_plans.find(experimentId);
    if (plan == m_plans.end()) {
        std::optional<SweepPlan> parsed;
        if (const ResultStore *store = m_store())
            if (const auto experiment = store->experiment(experimentId))
                if (auto p = SweepPlan::fromJson(experiment->plan))
                    parsed = std::move(*p);
        plan = m_plans.insert(experimentId, std::move(parsed));
    }
    return *plan ? &**plan : nullptr;
}

RunRecord StoredRunDetails::withSettings(RunRecord run)
{
    if (const SweepPlan *plan = planOf(run.experimentId);
        plan && run.pointIndex >= 0 && run.pointIndex < plan->points().size())
        run.settings = plan->points()[run.pointIndex].settings;
    return run;
}

const RunConfiguration &StoredRunDetails::configuration(const RunRecord &run)
{
    auto known = m_configurations.find(run.id);
    if (known != m_configurations.end())
        return *known;
    RunConfiguration configuration;
    const ResultStore *store = m_store();
    if (const SweepPlan *plan = planOf(run.experimentId); plan && store)
        configuration = storedConfiguration(*store, *plan, run);
    return *m_configurations.insert(run.id, std::move(configuration));
}

} // namespace tcptune
