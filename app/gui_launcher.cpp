#include "gui_launcher.h"

#include "cli/command.h"
#include "cli/console.h"
#include "main_window.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace tcptune {

QString loadTranslations(const QStringList &arguments)
{
    QString language = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    const qsizetype flag = arguments.indexOf(QStringLiteral("--lang"));
    if (flag >= 0 && flag + 1 < arguments.size())
        language = arguments.at(flag + 1);
    if (language == QLatin1String("en") || language == QLatin1String("C"))
        return QStringLiteral("en");

    auto *ours = new QTranslator(QCoreApplication::instance());
    if (ours->load(QStringLiteral(":/i18n/tcptune_%1.qm").arg(language)))
        QCoreApplication::installTranslator(ours);
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    return language;
}

bool hasDisplay()
{
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY") ||
           qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
}

int runWorkbench(int argc, char **argv)
{
    if (!hasDisplay()) {
        // No display: run the default job headless, so `scripts/run` still does useful work.
        QCoreApplication app(argc, argv);
        loadTranslations(QCoreApplication::arguments());
        cli::out() << QCoreApplication::translate("main", "No display found: running the default job headless.")
                   << Qt::endl;
        const cli::Command *job = cli::findCommand(QStringLiteral("knobs"));
        return job->run({QCoreApplication::applicationFilePath(), QStringLiteral("knobs")});
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("tcptune"));
    QApplication::setOrganizationName(QStringLiteral("tcptune"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tcptune.svg")));
    loadTranslations(QApplication::arguments());
    MainWindow window;
    window.show();
    return app.exec();
}

} // namespace tcptune
