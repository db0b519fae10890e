#pragma once
// For integration tests that run sweeps: whether a lab's namespaces exist, and removing a lab a
// failed test left behind (through `tcptune lab down`, so its records go too).

#include "command_runner.h"

#include <QDir>
#include <QString>
#include <QStringList>

namespace tcptune::test {

inline QStringList labNamespaces(const QString &labName)
{
    QStringList out;
    const QString prefix = QStringLiteral("tcptune-%1-").arg(labName);
    for (const QString &name : QDir(QStringLiteral("/run/netns")).entryList(QDir::Files | QDir::System))
        if (name.startsWith(prefix))
            out << name;
    return out;
}

inline void removeLab(const QString &labName)
{
    if (!labNamespaces(labName).isEmpty())
        runTcptune({QStringLiteral("lab"), QStringLiteral("down"), QStringLiteral("--name"), labName}, 60000);
}

} // namespace tcptune::test
