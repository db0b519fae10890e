#pragma once
// KnobChangeSet: the sysctls one run changed through the process's HelperConnection, put back
// together at its end. Only these are restored (each to the value it had before, unless someone
// else changed it since), so changes made meanwhile elsewhere (the knob panel) stay. The
// Runner's backend uses it on the workstation and `tcptune serve --stdio` for far knobs.

#include "common/error.h"
#include "helper/helper_client.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QString>

namespace tcptune {

class HelperConnection;

class KnobChangeSet final {
    Q_DECLARE_TR_FUNCTIONS(KnobChangeSet)
public:
    // HELPER must outlive the set; it must be started already (its start is the caller's to word).
    explicit KnobChangeSet(HelperConnection &helper);

    // Sets SYSCTLS (catalogue key -> value), journalled by the helper: per-namespace knobs in
    // NETNS (empty: the helper's own), global ones (net.core.*) where they exist, on the host.
    // Stops at the first refusal; what was set so far stays recorded for restore(). CONFIRMED:
    // the user agreed to change host devices and turn core TCP features off (--force).
    [[nodiscard]] Result<void> apply(const QMap<QString, QString> &sysctls, const QString &netns = {},
                                     bool confirmed = false);
    // Puts back every recorded change; a warning for each one someone else changed since.
    [[nodiscard]] Result<void> restore();

    bool isEmpty() const { return m_changes.isEmpty(); }

private:
    HelperConnection &m_helper;
    QList<KnobChange> m_changes; // applied and not restored yet, in order
};

} // namespace tcptune
