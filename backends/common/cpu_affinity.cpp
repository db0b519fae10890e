#include "common/cpu_affinity.h"

#include <QDir>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sched.h>
#include <sys/types.h>

namespace tcptune {
namespace {

// One "N" or "N-M" of a list; false when it is not one.
bool parseRange(const QString &part, int &first, int &last)
{
    const QStringList ends = part.split(QLatin1Char('-'));
    if (ends.size() > 2)
        return false;
    bool ok = false;
    first = ends.constFirst().trimmed().toInt(&ok);
    if (!ok || first < 0)
        return false;
    last = first;
    if (ends.size() == 2) {
        last = ends.constLast().trimmed().toInt(&ok);
        if (!ok || last < first)
            return false;
    }
    return last < CPU_SETSIZE;
}

} // namespace

QList<int> CpuAffinity::allowed()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    QList<int> cpus;
    if (::sched_getaffinity(0, sizeof set, &set) != 0)
        return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.append(cpu);
    return cpus;
}

QString CpuAffinity::describe(const QList<int> &cpus)
{
    QStringList parts;
    for (qsizetype i = 0; i < cpus.size();) {
        qsizetype j = i;
        while (j + 1 < cpus.size() && cpus.at(j + 1) == cpus.at(j) + 1)
            ++j;
        parts.append(j == i ? QString::number(cpus.at(i)) : QStringLiteral("%1-%2").arg(cpus.at(i)).arg(cpus.at(j)));
        i = j + 1;
    }
    return parts.join(QLatin1Char(','));
}

Result<QList<int>> CpuAffinity::parse(const QString &cpus)
{
    const QList<int> available = allowed();
    QList<int> chosen;
    for (const QString &part : cpus.split(QLatin1Char(','))) {
        int first = 0, last = 0;
        if (!parseRange(part, first, last))
            return fail(
                tr("'%1' is not a CPU list; give CPU numbers as taskset -c takes them, e.g. 1, 0,2 or 0-3.").arg(cpus));
        for (int cpu = first; cpu <= last; ++cpu) {
            if (!available.contains(cpu))
                return fail(
                    tr("CPU %1 is not one this process may run on; choose from %2.").arg(cpu).arg(describe(available)));
            if (!chosen.contains(cpu))
                chosen.append(cpu);
        }
    }
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

Result<void> CpuAffinity::pinProcess(const QList<int> &cpus)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu : cpus)
        CPU_SET(cpu, &set);
    // The calling thread first: a thread it starts while the others are pinned inherits its mask.
    if (::sched_setaffinity(0, sizeof set, &set) != 0)
        return fail(tr("Cannot run on CPUs %1: %2.").arg(describe(cpus), QString::fromLocal8Bit(std::strerror(errno))));
    // Threads started before (Qt's, the C library's) follow; one that has ended meanwhile is gone.
    const QStringList tasks = QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &task : tasks) {
        bool ok = false;
        const pid_t tid = pid_t(task.toInt(&ok));
        if (ok && ::sched_setaffinity(tid, sizeof set, &set) != 0 && errno != ESRCH)
            return fail(tr("Cannot run thread %1 on CPUs %2: %3.")
                            .arg(tid)
                            .arg(describe(cpus), QString::fromLocal8Bit(std::strerror(errno))));
    }
    return {};
}

} // namespace tcptune
