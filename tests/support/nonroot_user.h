#pragma once
// The test user of tests/support/nonroot_fixture.sh, for tests that run inside it (NONROOT in
// tcptune_add_test): commands as that user, and its grants for tcptune-helper turned on or off.

#include <QString>
#include <QStringList>

namespace tcptune::test {

// The fixture's variable NAME (TCPTUNE_NONROOT_USER, _HOME, _FIXTURE); empty outside it.
QString nonrootVariable(const char *name);

// runuser arguments that run ARGS as the test user, in a clean environment (its HOME, a plain
// PATH, C.UTF-8) plus ENVIRONMENT ("NAME=value" each).
QStringList asNonrootUser(const QStringList &args, const QStringList &environment = {});

// Turns the fixture's grant WHAT ("polkit" or "sudo") on or off; an error message, or empty.
QString grantToNonrootUser(const QString &what, bool on);

} // namespace tcptune::test
