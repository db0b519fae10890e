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

// Levenshtein distance: letters to insert, delete or replace to turn A into B.
qsizetype editDistance(const QString &a, const QString &b)
{
    QList<qsizetype> row(b.size() + 1);
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (qsizetype i = 1; i <= a.size(); ++i) {
        qsizetype diagonal = row[0];
        row[0] = i;
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const qsizetype above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
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

namespace tcptune::cli {

const Command *nearestCommand(const QString &name)
{
    const Command *best = nullptr;
    qsizetype bestDistance = 3; // more than two letters off is another word, not a typo
    for (const Command &c : registry()) {
        const qsizetype d = editDistance(name.toLower(), QString::fromLatin1(c.name));
        if (d < bestDistance) {
            best = &c;
            bestDistance = d;
        }
    }
    return best;
}

} // namespace tcptune::cli
