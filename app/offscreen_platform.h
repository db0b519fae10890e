#pragma once
// Headless drawing (reports, charts, the default job where there is no display): Qt's offscreen
// platform, with a private runtime folder when the session has none, so that Qt does not warn
// "XDG_RUNTIME_DIR not set" on every command run from cron, ssh or a container.

namespace tcptune {

// Both must be called before the QGuiApplication exists. The runtime folder they may make is
// removed when the program ends.
void useOffscreenPlatform();
// Only the runtime folder, for a platform that is given (QT_QPA_PLATFORM, a display).
void ensureRuntimeDirectory();

} // namespace tcptune
