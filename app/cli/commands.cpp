#include "cli/command.h"

#include "cli/knobs_command.h"

namespace tcptune::cli {

const QList<Command> &commands()
{
    static const QList<Command> all = {
        {"knobs", QT_TRANSLATE_NOOP("cli", "List kernel knobs with current and default values"), &runKnobsCommand},
    };
    return all;
}

const Command *findCommand(const QString &name)
{
    for (const Command &c : commands())
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

} // namespace tcptune::cli
