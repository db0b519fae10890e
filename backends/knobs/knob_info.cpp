#include "knobs/knob_info.h"

#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_enum_names.h"

namespace tcptune {

QString KnobInfo::procPath() const
{
    return kind == KnobKind::Sysctl ? procsys::pathForKey(key) : QString();
}

QString KnobInfo::translatedDescription() const
{
    // The catalogue marks each description with QT_TRANSLATE_NOOP("KnobCatalogue", ...).
    return KnobCatalogue::tr(description.toUtf8().constData());
}

QString kindName(KnobKind kind)
{
    return nameOf(kKnobKindNames, kind);
}

QString typeName(ValueType type)
{
    return nameOf(kValueTypeNames, type);
}

QString unitName(Unit unit)
{
    return nameOf(kUnitNames, unit);
}

} // namespace tcptune
