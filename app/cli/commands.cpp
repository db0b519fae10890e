#include "cli/command.h"

#include <algorithm>
#include <cstring>

namespace tcptune::cli {
namespace {

QList<Command> &registry()
{
    static QList<Command> all;
    return all;
}

} // namespace

bool registerCommand(const Command &command)
{
    registry().append(command);
    return true;
}

QList<Command> commands()
{
    QList<Command> sorted = registry();
    std::sort(sorted.begin(), sorted.end(),
              [](const Command &a, const Command &b) { return std::strcmp(a.name, b.name) < 0; });
    return sorted;
}

const Command *findCommand(const QString &name)
{
    for (const Command &c : registry())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

} // namespace tcptune::cli
