#include "common/saved_store.h"

#include <QSettings>

namespace tcptune::savedstore {

QString key()
{
    return QStringLiteral("store/location");
}

QString location()
{
    return QSettings().value(key()).toString().trimmed();
}

void save(const QString &location)
{
    QSettings settings;
    if (location.trimmed().isEmpty())
        settings.remove(key());
    else
        settings.setValue(key(), location.trimmed());
    settings.sync();
}

} // namespace tcptune::savedstore
