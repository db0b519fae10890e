#pragma once
// The compiled-in whitelist of knobs. Nothing outside it is ever read or written: the helper
// builds /proc/sys paths from these entries only, never from its input.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QList>

namespace tcptune {

class KnobCatalogue final {
public:
    static const KnobCatalogue &instance();

    const QList<KnobInfo> &all() const { return m_knobs; }
    QList<KnobInfo> ofKind(KnobKind kind) const;
    // nullptr when KEY is not in the catalogue (exact, case-sensitive match).
    const KnobInfo *find(const QString &key) const;
    // The entry for KEY, or an error naming the problem (unknown key, characters no key has).
    [[nodiscard]] Result<const KnobInfo *> lookup(const QString &key) const;

private:
    KnobCatalogue();
    QList<KnobInfo> m_knobs;
};

} // namespace tcptune
