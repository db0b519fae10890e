#include "cli/console.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

#include <cstdio>

namespace tcptune::cli {

namespace {

// CommandLine::tr(): lupdate files this file's text under the context that tr() looks it up in.
class CommandLine final {
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};

} // namespace

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
        return failWith(
            parser.errorText() + QLatin1Char('\n') + CommandLine::tr("Try 'tcptune %1 --help'.").arg(command), 2);
    if (parser.isSet(QStringLiteral("help"))) {
        out() << helpText(parser, command);
        return 0;
    }
    return std::nullopt;
}

QString helpText(const QCommandLineParser &parser, const QString &command)
{
    const QString text = parser.helpText();
    const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
    QString usage = text.left(lineEnd);
    // Qt writes "Usage: PROGRAM [options] COMMAND ..." with PROGRAM as started (often an absolute
    // path) and the command as the first positional argument, which it lists under "Arguments:".
    const QString program = QCoreApplication::arguments().value(0);
    const qsizetype at = program.isEmpty() ? -1 : usage.indexOf(program);
    if (at < 0)
        return text;
    usage.replace(at, program.size(), QStringLiteral("tcptune ") + command);
    const QRegularExpression again(QStringLiteral(" %1(?= |$)").arg(QRegularExpression::escape(command)));
    const qsizetype afterHead = at + QStringLiteral("tcptune ").size() + command.size();
    if (const QRegularExpressionMatch m = again.match(usage, afterHead); m.hasMatch())
        usage.remove(m.capturedStart(), m.capturedLength());
    QString rest = text.mid(lineEnd);
    const QRegularExpression listed(QStringLiteral("\n  %1 +[^\n]*").arg(QRegularExpression::escape(command)));
    if (const QRegularExpressionMatch m = listed.match(rest); m.hasMatch())
        rest.remove(m.capturedStart(), m.capturedLength());
    return usage + rest;
}

} // namespace tcptune::cli
