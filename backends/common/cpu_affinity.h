#pragma once
// Pinning a whole process to some CPUs, as `iperf3 -A` and `taskset -c` do: `tcptune run
// --affinity` and `tcptune serve --affinity` keep one end of a run off the CPUs the other end,
// its interrupts or other work use, so that a comparison on one machine is repeatable.

#include "common/error.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace tcptune {

class CpuAffinity final {
    Q_DECLARE_TR_FUNCTIONS(CpuAffinity)
public:
    // CPUS as taskset -c takes them ("1", "0,2", "0-3", "0,2-3"), each one this process may run
    // on; sorted, without repeats.
    [[nodiscard]] static Result<QList<int>> parse(const QString &cpus);
    // Pins every thread of this process to CPUS; threads started later inherit it.
    [[nodiscard]] static Result<void> pinProcess(const QList<int> &cpus);
    // The CPUs this process may run on now (the calling thread's mask), sorted.
    static QList<int> allowed();
    // "0-1,3" for {0, 1, 3}.
    static QString describe(const QList<int> &cpus);
};

} // namespace tcptune
