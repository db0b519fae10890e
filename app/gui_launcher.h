#pragma once
// Starting the workbench: translations, the main window, or the headless default job when the
// machine has no display.

#include <QStringList>

namespace tcptune {

// Installs the translator for --lang LANG, or for the system locale. Returns the language used.
QString loadTranslations(const QStringList &arguments);

// True when a window can be shown: X11 or Wayland, or an explicit QT_QPA_PLATFORM.
bool hasDisplay();

int runWorkbench(int argc, char **argv);

} // namespace tcptune
