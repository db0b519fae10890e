#include "cli/affinity_option.h"

#include "common/cpu_affinity.h"

#include <QCommandLineParser>

namespace tcptune::cli {

QCommandLineOption AffinityOption::option(const QString &who)
{
    return QCommandLineOption(
        QStringLiteral("affinity"),
        tr("Run %1 on CPUS only (as taskset -c takes them: 1, 0,2 or 0-3), as iperf3 -A does.").arg(who),
        QStringLiteral("CPUS"));
}

Result<void> AffinityOption::apply(const QCommandLineParser &parser)
{
    if (!parser.isSet(QStringLiteral("affinity")))
        return {};
    auto cpus = CpuAffinity::parse(parser.value(QStringLiteral("affinity")));
    if (!cpus)
        return std::unexpected(cpus.error());
    return CpuAffinity::pinProcess(*cpus);
}

} // namespace tcptune::cli
