#pragma once
// Where an agent's token comes from, on both ends: a file only its owner reads, or the
// TCPTUNE_TOKEN environment variable. Never the command line (every user of the host reads
// /proc/PID/cmdline) and never a stored spec, sweep plan or result: those keep the file's path.
// As ssh checks a private key, a token file must belong to the user and be closed to group and
// others, and a token must hold at least 128 bits (`tcptune serve --new-token FILE` makes one).

#include "common/error.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class AgentToken final {
    Q_DECLARE_TR_FUNCTIONS(AgentToken)

public:
    static constexpr int kMinimumBits = 128;

    // The token in PATH (first line, at most 4 KiB, surrounding white space dropped), if the file
    // is the user's own, closed to group and others, and the token strong enough.
    [[nodiscard]] static Result<QString> readFile(const QString &path);
    // The token in PATH when one is given, else TCPTUNE_TOKEN; empty when neither holds one.
    [[nodiscard]] static Result<QString> resolve(const QString &path);
    // Why a token on the command line is refused, and what to give instead.
    static QString commandLineRefusal();
    // A fresh token of 256 bits from the system's CSPRNG, written to PATH (mode 0600, a new file
    // only: an existing one is never overwritten).
    [[nodiscard]] static Result<QString> createFile(const QString &path);
    // Bits a guesser must cover at most for TOKEN: its length times the bits of the character
    // classes it uses (digits, lower, upper, other printable).
    static double estimatedBits(const QString &token);
    // TCPTUNE_TOKEN's name, removed from the environment of every child process tcptune starts.
    static constexpr const char *kEnvironmentVariable = "TCPTUNE_TOKEN";

private:
    [[nodiscard]] static Result<void> checkStrength(const QString &token, const QString &where);
};

} // namespace tcptune
