#pragma once
// Where tcptune finds its own parts — tcptune-helper, the presets and the translations — both
// in the build tree (build/bin, build/share/tcptune) and installed (bin, libexec/tcptune,
// share/tcptune). Every place is found relative to the running executable, so neither an
// environment variable nor an absolute build path compiled into an installed binary decides
// which helper runs as root. The relative paths come from GNUInstallDirs at configure time.

#include <QString>
#include <QStringList>

namespace tcptune::installlayout {

// The folder of the running executable (/proc/self/exe, symlinks resolved).
QString executableDir();

// tcptune-helper: installed in libexec/tcptune/ (preferred, so an installed tcptune never picks
// up a stray helper on PATH), else beside the executable (build/bin), else in ../bin (test
// executables live in build/tests). When none exists, the installed path, so that an error
// names where the helper should be.
QString helperExecutable(const QString &exeDir = executableDir());

// share/tcptune installed, build/share/tcptune in the build tree; when neither exists, the
// installed path (a missing folder then lists nothing rather than the working directory).
QString dataDir(const QString &exeDir = executableDir());
QString presetDir(const QString &exeDir = executableDir());      // dataDir()/presets
QString translationDir(const QString &exeDir = executableDir()); // dataDir()/translations

// The candidates helperExecutable() tries, in order (for messages and tests).
QStringList helperCandidates(const QString &exeDir = executableDir());

} // namespace tcptune::installlayout
