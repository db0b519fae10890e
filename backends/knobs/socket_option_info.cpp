#include "knobs/socket_option_info.h"

#include "knobs/knob_catalogue.h"

namespace tcptune {
namespace {

// The catalogue marks these texts with QT_TRANSLATE_NOOP("KnobCatalogue", ...).
QString translated(const QString &source)
{
    return source.isEmpty() ? QString() : KnobCatalogue::tr(source.toUtf8().constData());
}

} // namespace

QString SocketOptionInfo::translatedHeading() const
{
    return translated(heading);
}

QString SocketOptionInfo::translatedHint() const
{
    return translated(hint);
}

QString SocketOptionInfo::translatedUnsetText() const
{
    return translated(unsetText);
}

} // namespace tcptune
