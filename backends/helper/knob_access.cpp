#include "helper/knob_access.h"

#include "helper/link_writer.h"
#include "helper/sysctl_writer.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"
#include "knobs/link_knobs.h"

namespace tcptune::knobaccess {

Result<const KnobInfo *> knobFor(const QString &key)
{
    if (!linkknobs::isLinkKey(key))
        return sysctlwriter::knobFor(key);
    return KnobCatalogue::instance().lookup(key);
}

Result<void> checkScope(const KnobInfo &knob, const QString &netns)
{
    return sysctlwriter::checkScope(knob, netns);
}

Result<QString> read(const KnobInfo &knob)
{
    return knob.kind == KnobKind::Link ? linkwriter::read(knob) : sysctlwriter::read(knob);
}

Result<QString> parseForKernel(const KnobInfo &knob, const QString &input)
{
    return knob.kind == KnobKind::Link ? linkwriter::parseForKernel(knob, input)
                                       : sysctlwriter::parseForKernel(knob, input);
}

Result<void> checkWritable(const KnobInfo &knob)
{
    return knob.kind == KnobKind::Link ? linkwriter::checkWritable(knob) : Result<void>{};
}

Result<void> write(const KnobInfo &knob, const QString &canonical)
{
    return knob.kind == KnobKind::Link ? linkwriter::write(knob, canonical) : sysctlwriter::write(knob, canonical);
}

} // namespace tcptune::knobaccess
