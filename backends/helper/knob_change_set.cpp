#include "helper/knob_change_set.h"

#include "helper/helper_connection.h"
#include "knobs/knob_catalogue.h"

namespace tcptune {

KnobChangeSet::KnobChangeSet(HelperConnection &helper)
    : m_helper(helper)
{
}

Result<void> KnobChangeSet::apply(const QMap<QString, QString> &sysctls, const QString &netns, bool confirmed)
{
    for (auto it = sysctls.begin(); it != sysctls.end(); ++it) {
        const KnobInfo *knob = KnobCatalogue::instance().find(it.key());
        // Global knobs (net.core.*) have no per-namespace copy: they change on the host.
        const QString where = knob && knob->perNetns ? netns : QString();
        auto changed = m_helper.set(it.key(), it.value(), where, confirmed);
        if (!changed)
            return fail(tr("Could not set %1 = %2%3: %4")
                            .arg(it.key(), it.value(), where.isEmpty() ? QString() : tr(" in %1").arg(where),
                                 changed.error().message));
        m_changes.append(*changed);
    }
    return {};
}

Result<void> KnobChangeSet::restore()
{
    if (m_changes.isEmpty())
        return {};
    auto report = m_helper.restore(m_changes);
    if (!report)
        return fail(tr("Restoring the knobs failed: %1. 'tcptune knobs restore' rolls back what is left.")
                        .arg(report.error().message));
    m_changes.clear();
    if (!report->warnings.isEmpty())
        return fail(tr("Knobs restored with warnings: %1").arg(report->warnings.join(QStringLiteral("; "))));
    return {};
}

} // namespace tcptune
