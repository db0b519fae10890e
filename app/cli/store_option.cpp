#include "cli/store_option.h"

#include "experiment/store/result_store.h"

#include <QCommandLineParser>

namespace tcptune::cli {

QCommandLineOption StoreOption::option()
{
    return QCommandLineOption(
        {QStringLiteral("store"), QStringLiteral("db")},
        tr("The result store: a file, or a PostgreSQL server as postgresql://USER@HOST[:PORT]/DB "
           "(its password from ~/.pgpass). Default: $TCPTUNE_STORE, else the workbench's Settings, "
           "else $XDG_DATA_HOME/tcptune/results.db."),
        QStringLiteral("FILE|URL"));
}

QString StoreOption::from(const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("store")) ? parser.value(QStringLiteral("store")) : ResultStore::defaultPath();
}

} // namespace tcptune::cli
