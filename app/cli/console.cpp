#include "cli/console.h"

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

} // namespace tcptune::cli
