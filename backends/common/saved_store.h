#pragma once
// The result store a user chose in the workbench's Settings (File > Settings...), kept in the
// application's QSettings under "store/location": a SQLite file or a postgresql:// address, as
// StoreLocation reads it (never a password). The workbench and the commands set the organisation
// and application "tcptune", so both read ~/.config/tcptune/tcptune.conf.
// ResultStore::defaultPath() takes it after $TCPTUNE_STORE and $TCPTUNE_RESULTS_DB.

#include <QString>

namespace tcptune::savedstore {

// The QSettings key.
QString key();
// The saved location; empty when none is saved (the default file).
QString location();
// Saves LOCATION; an empty one removes the setting (back to the default file).
void save(const QString &location);

} // namespace tcptune::savedstore
