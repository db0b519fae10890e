#pragma once
// The test user of tests/support/nonroot_fixture.sh, for tests that run inside it (NONROOT in
// tcptune_add_test): commands as that user, and its grants for tcptune-helper turned on or off.

#include <QString>
#include <QStringList>

class QProcess;

namespace tcptune::test {

// The fixture's variable NAME (TCPTUNE_NONROOT_USER, _HOME, _FIXTURE); empty outside it.
QString nonrootVariable(const char *name);

// runuser arguments that run ARGS as the test user, in a clean environment (its HOME, a plain
// PATH, C.UTF-8) plus ENVIRONMENT ("NAME=value" each).
QStringList asNonrootUser(const QStringList &args, const QStringList &environment = {});

// What ps shows of tcptune now: "user comm" for every process whose name starts with tcptune.
QStringList tcptuneProcesses();
// Waits (at most TIMEOUT_MS) for PROCESS to end, meanwhile collecting what tcptuneProcesses()
// shows every 200 ms: who ran what while it ran (sorted, each once).
QStringList tcptuneProcessesWhileRunning(QProcess &process, int timeoutMs);
// Of SEEN (as above), what ran as root other than tcptune-helper: empty when only the helper did.
QStringList rootButTheHelper(const QStringList &seen);

// Turns the fixture's grant WHAT ("polkit" or "sudo") on or off; an error message, or empty.
QString grantToNonrootUser(const QString &what, bool on);
// pkexec only: the sudo drop-in off and the polkit grant on, so everything privileged goes
// through polkit. An error message, or empty.
QString grantPkexecOnly();

} // namespace tcptune::test
