#pragma once
// The unprivileged side of sysctls made permanent (helper/sysctl_files.h): the tuner's "Make
// permanent" and `tcptune tune --undo NAME`, through the process's one helper connection.

#include "common/error.h"

#include <QList>
#include <QMap>
#include <QString>

namespace tcptune {

class HelperConnection;

struct PermanentSysctls {
    QString name;
    QString path;                   // /etc/sysctl.d/90-tcptune-NAME.conf
    QMap<QString, QString> sysctls; // key -> value, as the file holds them
};

// Writes SYSCTLS as the permanent setting NAME (replacing an earlier one of that name). CONFIRMED:
// the user agreed to a value that turns a core TCP feature off.
[[nodiscard]] Result<PermanentSysctls> makePermanent(HelperConnection &helper, const QString &name,
                                                     const QMap<QString, QString> &sysctls, bool confirmed = false);
// Removes the permanent setting NAME; what it held.
[[nodiscard]] Result<PermanentSysctls> undoPermanent(HelperConnection &helper, const QString &name);
// Every permanent setting tcptune wrote on this host.
[[nodiscard]] Result<QList<PermanentSysctls>> listPermanent(HelperConnection &helper);

} // namespace tcptune
