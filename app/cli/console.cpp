#include "cli/console.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace tcptune::cli {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

int failWith(const QString &message, int exitCode)
{
    err() << "tcptune: " << message << Qt::endl;
    return exitCode;
}

std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &args, const QString &command)
{
    if (!parser.parse(args))
        return failWith(parser.errorText() + QLatin1Char('\n') +
                            QCoreApplication::translate("cli", "Try 'tcptune %1 --help'.").arg(command),
                        2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << parser.helpText();
        return 0;
    }
    return std::nullopt;
}

} // namespace tcptune::cli
