#pragma once
// Sysctls made permanent: the tuner's "Make permanent" has tcptune-helper write
// /etc/sysctl.d/90-tcptune-NAME.conf, which systemd-sysctl (or `sysctl --system`) loads at every
// boot, and `tcptune tune --undo NAME` has it remove the file again. The file is its own record:
// its first line marks it as tcptune's, so the helper never overwrites or removes a file it did
// not write, and the values it holds are listed back from it. Only sysctls of the catalogue, with
// values it accepts; one that turns a core TCP feature off needs the same confirmation as a set.
// Writing the file changes nothing now: the values take effect at the next boot, or at once
// through "Apply until I quit" (the journalled set) or `sysctl --system`.
//
//   sysctl_file_write  {"name": "web", "sysctls": {"net.ipv4.tcp_rmem": "4096 131072 8388608"},
//                       "confirm": false} -> {"name", "path", "sysctls"}
//   sysctl_file_remove {"name": "web"} -> {"name", "path", "sysctls": what it held}
//   sysctl_file_list   {} -> {"files": [{"name", "path", "sysctls"}, ...]}

#include "common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMap>
#include <QString>

#include <functional>

namespace tcptune {

class HelperOperations;

class SysctlFiles final {
    Q_DECLARE_TR_FUNCTIONS(SysctlFiles)
public:
    static constexpr const char *kDirectory = "/etc/sysctl.d";
    static constexpr int kMaxSysctls = 64;

    // Receives one line per file written or removed, for syslog (priority as in <syslog.h>).
    using Logger = std::function<void(int priority, const QString &message)>;
    // Registers the three operations; REQUESTER_UID is named in the file and the log.
    static void addOperations(HelperOperations &ops, int requesterUid, Logger logger);

    // The file of NAME in DIRECTORY; NAME: a lower-case letter or digit, then up to 39 of those,
    // '-' and '_'.
    [[nodiscard]] static Result<QString> pathFor(const QString &name,
                                                 const QString &directory = QString::fromLatin1(kDirectory));
    // What a file of ours holds (key -> value as written), or an error when it is not ours.
    [[nodiscard]] static Result<QMap<QString, QString>> parse(const QByteArray &content, const QString &name);
    static QByteArray render(const QString &name, const QMap<QString, QString> &sysctls, int requesterUid);
};

} // namespace tcptune
