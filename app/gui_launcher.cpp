#include "gui_launcher.h"

#include "cli/command.h"
#include "cli/console.h"
#include "common/install_layout.h"
#include "default_job.h"
#include "main_window.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace tcptune {

namespace {

// Free tr() helpers call QCoreApplication::translate with their own context ("KnobsCommand"),
// while lupdate files their strings under the enclosing namespace ("tcptune::cli"). When the
// exact context has no translation, this translator looks the text up under those namespaces.
class NamespaceFallbackTranslator final : public QTranslator {
public:
    using QTranslator::QTranslator;

    QString translate(const char *context, const char *sourceText, const char *disambiguation, int n) const override
    {
        QString text = QTranslator::translate(context, sourceText, disambiguation, n);
        if (!text.isEmpty())
            return text;
        static constexpr const char *namespaces[] = {"tcptune",
                                                     "tcptune::cli",
                                                     "tcptune::agentproto",
                                                     "tcptune::helperprotocol",
                                                     "tcptune::knobvalue",
                                                     "tcptune::reporttables",
                                                     "tcptune::sock",
                                                     "tcptune::sysctlwriter",
                                                     "tcptune::Analysis",
                                                     "main",
                                                     "netns",
                                                     "procsys"};
        for (const char *fallback : namespaces) {
            if (qstrcmp(fallback, context) == 0)
                continue;
            text = QTranslator::translate(fallback, sourceText, disambiguation, n);
            if (!text.isEmpty())
                return text;
        }
        return {};
    }
};

} // namespace

QString loadTranslations(const QStringList &arguments)
{
    QString language = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    const qsizetype flag = arguments.indexOf(QStringLiteral("--lang"));
    if (flag >= 0 && flag + 1 < arguments.size())
        language = arguments.at(flag + 1);
    if (language == QLatin1String("en") || language == QLatin1String("C"))
        return QStringLiteral("en");

    auto *ours = new NamespaceFallbackTranslator(QCoreApplication::instance());
    if (ours->load(QStringLiteral("tcptune_%1.qm").arg(language), installlayout::translationDir()))
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
        // No display: run the default experiment headless, so `scripts/run` still does the work.
        // Its report draws charts, which needs a QApplication: offscreen, set before it exists.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        QApplication::setApplicationName(QStringLiteral("tcptune"));
        loadTranslations(QApplication::arguments());
        return runDefaultJob(defaultJobDirectory());
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("tcptune"));
    QApplication::setOrganizationName(QStringLiteral("tcptune"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tcptune.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("org.tcptune.tcptune")); // the installed menu entry
    loadTranslations(QApplication::arguments());
    MainWindow window;
    window.show();
    return app.exec();
}

} // namespace tcptune
