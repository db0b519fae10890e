#pragma once
// Starting the workbench: the main window, or the headless default job when the machine has no
// display.

namespace tcptune {

// True when a window can be shown: X11 or Wayland, or an explicit QT_QPA_PLATFORM.
bool hasDisplay();

int runWorkbench(int argc, char **argv);

} // namespace tcptune
