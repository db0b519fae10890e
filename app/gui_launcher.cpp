#include "gui_launcher.h"

#include "cli/command.h"
#include "cli/console.h"
#include "default_job.h"
#include "main_window.h"
#include "offscreen_platform.h"
#include "panels/target_panel.h"
#include "translations.h"

#include <QApplication>
#include <QScreen>
#include <QSettings>

namespace tcptune {

namespace {

// Shows WINDOW. On a screen smaller than the window would like (1400 x 860) and with no size of
// the user's saved: maximized, so that the window manager fits the frame (title bar, borders)
// on the screen too; a window as large as the screen hung its status bar off the bottom.
void showFitted(MainWindow &window)
{
    const QScreen *screen = window.screen();
    const bool saved = QSettings().contains(QStringLiteral("window/geometry"));
    if (!saved && screen && (screen->availableSize().width() < 1400 || screen->availableSize().height() < 860))
        window.showMaximized();
    else
        window.show();
}

// No display: `tcptune --default-job` or `tcptune --lab NAME` runs the default experiment
// headless, so that `scripts/run` still does the work; bare `tcptune` only says so, for a lab
// and a sweep are more than a user who typed the program's name on a server expects.
int runHeadless(int argc, char **argv)
{
    // The report draws charts, which needs a QApplication: offscreen, set before it exists.
    useOffscreenPlatform();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("tcptune"));
    QApplication::setOrganizationName(QStringLiteral("tcptune")); // the workbench's settings
    installTranslations();
    const QStringList args = QCoreApplication::arguments().mid(1);
    if (!args.contains(QStringLiteral("--default-job")) && !args.contains(QStringLiteral("--lab")))
        return cli::failWith(defaultJobDescription(), 2);
    const auto options = parseDefaultJobArguments(args);
    if (!options)
        return 2;
    return runDefaultJob(defaultJobDirectory(), *options);
}

} // namespace

bool hasDisplay()
{
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY") ||
           qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
}

int runWorkbench(int argc, char **argv)
{
    if (!hasDisplay())
        return runHeadless(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("tcptune"));
    QApplication::setOrganizationName(QStringLiteral("tcptune"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tcptune.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("org.tcptune.tcptune")); // the installed menu entry
    installTranslations();
    MainWindow window;
    // `tcptune --lab NAME`: the workbench's lab has another name than "lab" (walkthroughs and
    // tests use their own, so that they never touch the user's lab).
    const QStringList args = QCoreApplication::arguments();
    if (const qsizetype at = args.indexOf(QStringLiteral("--lab")); at > 0 && at + 1 < args.size())
        window.targetPanel()->setLabName(args.at(at + 1));
    showFitted(window);
    return app.exec();
}

} // namespace tcptune
