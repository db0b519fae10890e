#pragma once
// The one way tcptune picks its language, for the commands and the workbench alike: the system
// locale's UI languages (LANGUAGE, then LC_ALL, LC_MESSAGES, LANG), as every Qt program does.

namespace tcptune {

// Installs tcptune's and Qt's own translations for the system locale on the running application.
void installTranslations();

} // namespace tcptune
