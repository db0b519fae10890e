// tcptune: one binary. With a subcommand it works headless ("tcptune knobs", "tcptune run", ...);
// without one it opens the workbench, or, where there is no display, runs the default job.

#include "cli/command.h"
#include "cli/console.h"
#include "gui_launcher.h"
#include "offscreen_platform.h"
#include "translations.h"

#include <QApplication>
#include <QCoreApplication>

#include <memory>

namespace {

// TcptuneProgram::tr(): lupdate files this file's text under the context that tr() looks it up in.
class TcptuneProgram final {
    Q_DECLARE_TR_FUNCTIONS(TcptuneProgram)
};

void printUsage()
{
    using namespace tcptune::cli;
    out() << TcptuneProgram::tr("Usage: tcptune [COMMAND] [OPTIONS]") << "\n\n"
          << TcptuneProgram::tr("Without a command tcptune opens the workbench; without a display, "
                                "'tcptune --default-job [--lab NAME]' runs the default experiment "
                                "headless and writes its report.")
          << "\n\n"
          << TcptuneProgram::tr("Commands:") << '\n';
    for (const Command &c : commands())
        out() << QStringLiteral("  %1 %2").arg(QString::fromLatin1(c.name), -10).arg(CommandSummary::tr(c.summary))
              << '\n';
    out() << '\n'
          << TcptuneProgram::tr("'tcptune COMMAND --help' describes a command; 'tcptune --version' "
                                "prints the version.")
          << Qt::endl;
}

} // namespace

int main(int argc, char **argv)
{
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (const tcptune::cli::Command *command = tcptune::cli::findCommand(first)) {
        if (command->needsGui && !tcptune::hasDisplay())
            tcptune::useOffscreenPlatform(); // before the application exists
        else if (command->needsGui)
            tcptune::ensureRuntimeDirectory();
        const std::unique_ptr<QCoreApplication> app(command->needsGui ? new QApplication(argc, argv)
                                                                      : new QCoreApplication(argc, argv));
        QCoreApplication::setApplicationName(QStringLiteral("tcptune"));
        // The workbench's settings (the store chosen in Settings: ResultStore::defaultPath()).
        QCoreApplication::setOrganizationName(QStringLiteral("tcptune"));
        tcptune::installTranslations();
        return command->run(QCoreApplication::arguments());
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        QCoreApplication app(argc, argv);
        tcptune::cli::out() << QStringLiteral("tcptune %1").arg(QStringLiteral(TCPTUNE_VERSION)) << Qt::endl;
        return 0;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        QCoreApplication app(argc, argv);
        tcptune::installTranslations();
        printUsage();
        return 0;
    }
    if (!first.isEmpty() && !first.startsWith(QLatin1Char('-'))) {
        QCoreApplication app(argc, argv);
        tcptune::installTranslations();
        const tcptune::cli::Command *nearest = tcptune::cli::nearestCommand(first);
        const QString hint =
            nearest ? TcptuneProgram::tr("Did you mean 'tcptune %1'?").arg(QString::fromLatin1(nearest->name))
                    : TcptuneProgram::tr("'tcptune --help' lists the commands.");
        return tcptune::cli::failWith(TcptuneProgram::tr("Unknown command '%1'.").arg(first) + QLatin1Char(' ') + hint,
                                      2);
    }
    return tcptune::runWorkbench(argc, argv);
}
