#pragma once
// Folders only root may look into: /run/tcptune and every folder below it (journals, lab
// records, caches). Each level is created 0700; an existing level must be a real folder owned
// by us that no group or other user can write (a planted file there would be trusted by root),
// and one that others may still read is narrowed to 0700. Nothing here ever widens a mode.

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class PrivateDirectory final {
    Q_DECLARE_TR_FUNCTIONS(PrivateDirectory)
public:
    static QString runRoot(); // /run/tcptune

    // Makes ROOT and each level of RELATIVE below it ("labs", "cache/x") private as described
    // above; ROOT's parent must exist. Returns the full path.
    [[nodiscard]] static Result<QString> ensure(const QString &root, const QString &relative = {});
    // ensure(runRoot(), RELATIVE).
    [[nodiscard]] static Result<QString> ensureUnderRun(const QString &relative = {});
};

} // namespace tcptune
