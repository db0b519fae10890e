#pragma once
// --store (and its older name --db) of the commands that read or write results (sweep, check,
// results, report, chart): a SQLite file or a team's postgresql://USER@HOST[:PORT]/DB address.

#include <QCommandLineOption>
#include <QCoreApplication>

class QCommandLineParser;

namespace tcptune::cli {

class StoreOption final {
    Q_DECLARE_TR_FUNCTIONS(StoreOption)
public:
    static QCommandLineOption option();
    // The store given, else ResultStore::defaultPath() ($TCPTUNE_STORE, Settings, the user's file).
    static QString from(const QCommandLineParser &parser);
};

} // namespace tcptune::cli
