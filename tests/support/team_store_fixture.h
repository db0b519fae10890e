#pragma once
// A team's store as it looks after other machines synced into it: three experiments of two
// runs each, run on other hosts, by other users, on other kernels, one tagged. They are written
// through ResultStore into a SQLite store, given their origins there (a store records the host
// it runs on; these stand for other hosts' workbenches), and copied into the store under test as
// `results sync` and `results import` copy.

#include <QList>
#include <QString>

namespace tcptune {
class ResultStore;
}

namespace tcptune::testing {

struct TeamExperiment {
    QString host;
    QString user;
    QString kernel;
    QString tag;   // empty: none
    qint64 id = 0; // in the store they were copied to
};

// Oldest first: lab1/alice/6.1.0-18-amd64 [nightly], LAB2/bob/6.12.9, lab1/bob/5.10.0-30-amd64.
QList<TeamExperiment> teamExperiments();

// Writes teamExperiments() into a SQLite store at SOURCE_PATH and copies them into TARGET; the
// experiments with their ids in TARGET, or an empty list (with a warning) on failure.
QList<TeamExperiment> copyTeamExperimentsInto(ResultStore &target, const QString &sourcePath);

// Lists STORE (holding TEAM and nothing else) by host, user, kernel and tag, alone and together,
// and in pages, against what TEAM says each should list; the first difference, or empty.
QString checkTeamFilters(const ResultStore &store, const QList<TeamExperiment> &team);

} // namespace tcptune::testing
