#include "cli/throughput_unit_option.h"

#include <QCommandLineParser>

namespace tcptune::cli {

QCommandLineOption ThroughputUnitOption::option()
{
    return QCommandLineOption(
        QStringLiteral("unit"),
        tr("Throughput in mbit (Mbit/s, the default), gbit (Gbit/s) or MB (MB/s); iperf3's m, g and M work too. "
           "JSON stays in bit/s."),
        QStringLiteral("UNIT"));
}

Result<std::optional<ThroughputUnit>> ThroughputUnitOption::from(const QCommandLineParser &parser)
{
    if (!parser.isSet(QStringLiteral("unit")))
        return std::optional<ThroughputUnit>();
    auto unit = ThroughputUnit::parse(parser.value(QStringLiteral("unit")));
    if (!unit)
        return std::unexpected(unit.error());
    return std::optional<ThroughputUnit>(*unit);
}

} // namespace tcptune::cli
