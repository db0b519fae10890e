#include "store_bench_options.h"

#include <QCoreApplication>

namespace tcptune::bench {
namespace {

// 100 runs in stores of their own, to see that the bench runs; options after it override.
void quick(StoreBenchOptions &o)
{
    o.db = QStringLiteral("/tmp/tcptune-bench-store/quick.db");
    o.postgresFolder = QStringLiteral("/tmp/tcptune-bench-store/pg-quick");
    o.experiments = 20;
    o.runs = 5;
    o.repeats = 3;
}

bool isPostgresAddress(const QString &text)
{
    return text.startsWith(QLatin1String("postgresql://")) || text.startsWith(QLatin1String("postgres://"));
}

// The options that take a value; false when NAME is none of them.
bool takeValue(StoreBenchOptions &o, const QString &name, const QString &value)
{
    if (name == QLatin1String("--db"))
        o.db = value;
    else if (name == QLatin1String("--store")) // as the CLI's --store: a file or an address
        (isPostgresAddress(value) ? o.postgresStore : o.db) = value;
    else if (name == QLatin1String("--postgres-folder"))
        o.postgresFolder = value;
    else if (name == QLatin1String("--experiments"))
        o.experiments = value.toInt();
    else if (name == QLatin1String("--runs"))
        o.runs = value.toInt();
    else if (name == QLatin1String("--samples"))
        o.samples = value.toInt();
    else if (name == QLatin1String("--repeats"))
        o.repeats = value.toInt();
    else if (name == QLatin1String("--tcptune"))
        o.tcptune = value;
    else
        return false;
    return true;
}

} // namespace

StoreBenchOptions parseStoreBenchOptions(const QStringList &args)
{
    StoreBenchOptions o;
    o.tcptune = QCoreApplication::applicationDirPath() + QStringLiteral("/../bin/tcptune");
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--regenerate"))
            o.regenerate = true;
        else if (a == QLatin1String("--generate-only"))
            o.generateOnly = true;
        else if (a == QLatin1String("--postgres"))
            o.privatePostgres = true;
        else if (a == QLatin1String("--quick"))
            quick(o);
        else if (takeValue(o, a, args.value(i + 1)))
            ++i;
    }
    return o;
}

} // namespace tcptune::bench
