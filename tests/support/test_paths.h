#pragma once
// Where a test finds the checkout and the build tree. The folders are compiled into
// test_paths.cpp alone, so every other test object is the same in any checkout and ccache serves
// a fresh clone's tests as it serves its libraries.

#include <QString>

namespace tcptune::test {

// RELATIVE below the checkout's root; the root itself when RELATIVE is empty.
QString sourcePath(const QString &relative = QString());
// RELATIVE below the build tree's root (build/); the root itself when RELATIVE is empty.
QString buildPath(const QString &relative = QString());
// The built program NAME (build/bin/NAME); build/bin itself when NAME is empty.
QString binPath(const QString &name = QString());
// RELATIVE below build/screenshots, where tests save what a user would look at.
QString screenshotPath(const QString &relative = QString());

} // namespace tcptune::test
