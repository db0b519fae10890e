#pragma once
// Where an agent's token comes from, on both ends: a file only its owner reads, or the
// TCPTUNE_TOKEN environment variable. Never the command line (every user of the host reads
// /proc/PID/cmdline) and never a stored spec, sweep plan or result: those keep the file's path.

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class AgentToken final {
    Q_DECLARE_TR_FUNCTIONS(AgentToken)

public:
    // The token in PATH (first line, at most 4 KiB, surrounding white space dropped).
    [[nodiscard]] static Result<QString> readFile(const QString &path);
    // The token in PATH when one is given, else TCPTUNE_TOKEN; empty when neither holds one.
    [[nodiscard]] static Result<QString> resolve(const QString &path);
    // Why a token on the command line is refused, and what to give instead.
    static QString commandLineRefusal();
};

} // namespace tcptune
