#include "team_store_fixture.h"

#include "experiment/spec/sweep_plan.h"
#include "experiment/store/result_store.h"

#include <QDebug>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

#include <algorithm>

namespace tcptune::testing {
namespace {

bool writeRuns(ResultStore &store, qint64 experimentId)
{
    for (int i = 0; i < 2; ++i) {
        RunRecord run;
        run.experimentId = experimentId;
        run.runIndex = i;
        run.repeat = i;
        run.status = RunStatus::Running;
        run.started = QDateTime::currentDateTimeUtc();
        auto id = store.beginRun(run);
        if (!id)
            return false;
        run.id = *id;
        run.status = RunStatus::Ok;
        run.ended = run.started.addSecs(3);
        run.durationS = 3;
        run.throughputBps = 40e6 + 1e6 * i;
        run.rttMedianMs = 2 + i;
        if (!store.finishRun(run, {}))
            return false;
    }
    return true;
}

// Gives the experiment and its runs E's origin, as its own host's workbench would have recorded it.
bool setOrigin(const QString &path, qint64 experimentId, const TeamExperiment &e)
{
    const QString connection = QUuid::createUuid().toString();
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        QSqlQuery q(db);
        ok = db.open() &&
             q.prepare(QStringLiteral("UPDATE experiments SET host = ?, \"user\" = ?, kernel = ? WHERE id = ?"));
        for (const QString &v : {e.host, e.user, e.kernel})
            q.addBindValue(v);
        q.addBindValue(experimentId);
        ok = ok && q.exec() &&
             q.prepare(QStringLiteral("UPDATE runs SET host = ?, \"user\" = ?, kernel = ? WHERE experiment_id = ?"));
        for (const QString &v : {e.host, e.user, e.kernel})
            q.addBindValue(v);
        q.addBindValue(experimentId);
        ok = ok && q.exec();
        if (!ok)
            qWarning() << "cannot set the origin:" << q.lastError().text() << db.lastError().text();
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

// The ids FILTER lists, newest first, or a line saying why none could be listed.
QString listed(const ResultStore &store, const ExperimentFilter &filter, QList<qint64> &ids)
{
    auto list = store.experimentList(filter);
    if (!list)
        return list.error().message;
    ids.clear();
    for (const ExperimentRecord &e : *list)
        ids.append(e.id);
    return {};
}

struct Expected {
    const char *what;
    ExperimentFilter filter;
    QList<int> team; // indexes into the team, newest first
};

ExperimentFilter filterOf(const char *host, const char *user = "", const char *kernel = "", const char *tag = "")
{
    ExperimentFilter f;
    f.host = QLatin1String(host);
    f.user = QLatin1String(user);
    f.kernel = QLatin1String(kernel);
    f.tag = QLatin1String(tag);
    return f;
}

QList<Expected> expectations()
{
    ExperimentFilter page;
    page.limit = 2;
    return {
        {"everything", {}, {2, 1, 0}},
        {"host lab2, another case", filterOf("lab2"), {1}},
        {"host lab1", filterOf("lab1"), {2, 0}},
        {"user bob", filterOf("", "bob"), {2, 1}},
        {"kernel 6.1 (not 6.12)", filterOf("", "", "6.1"), {0}},
        {"kernel 6. (any 6.x)", filterOf("", "", "6."), {1, 0}},
        {"kernel 6.12.9 whole", filterOf("", "", "6.12.9"), {1}},
        {"tag nightly", filterOf("", "", "", "nightly"), {0}},
        {"host lab1 and user bob", filterOf("lab1", "bob"), {2}},
        {"an unknown host", filterOf("lab9"), {}},
        {"the first page of two", page, {2, 1}},
    };
}

} // namespace

QString checkTeamFilters(const ResultStore &store, const QList<TeamExperiment> &team)
{
    QList<qint64> ids;
    for (const Expected &e : expectations()) {
        QList<qint64> want;
        for (int i : e.team)
            want.append(team.at(i).id);
        if (const QString error = listed(store, e.filter, ids); !error.isEmpty())
            return QStringLiteral("%1: %2").arg(QLatin1String(e.what), error);
        // Not ids != want: Qt 6.4 compares two empty lists with memcmp(p, nullptr, 0), which the
        // sanitizers' build stops at.
        if (ids.size() != want.size() || !std::equal(ids.cbegin(), ids.cend(), want.cbegin()))
            return QStringLiteral("%1: listed %2, expected %3")
                .arg(QLatin1String(e.what))
                .arg(QDebug::toString(ids), QDebug::toString(want));
    }
    // The next page starts below the last id listed; the runs of a page are its experiments' only.
    ExperimentFilter next;
    next.limit = 2;
    next.beforeId = team.at(1).id;
    if (const QString error = listed(store, next, ids); !error.isEmpty() || ids != QList<qint64>{team.at(0).id})
        return QStringLiteral("the second page: listed %1 %2").arg(QDebug::toString(ids), error);
    const auto runs = store.runList({team.at(2).id, team.at(0).id});
    if (!runs || runs->size() != 4 || runs->first().experimentId != team.at(2).id ||
        runs->last().experimentId != team.at(0).id || runs->first().kernel != team.at(2).kernel)
        return QStringLiteral("the runs of a page are not the page's experiments' runs");
    const auto all = store.experimentList();
    if (!all || all->first().kernel != team.at(2).kernel || all->last().host != team.at(0).host)
        return QStringLiteral("the list does not carry each experiment's host and kernel");
    return {};
}

QList<TeamExperiment> teamExperiments()
{
    return {
        {QStringLiteral("lab1"), QStringLiteral("alice"), QStringLiteral("6.1.0-18-amd64"), QStringLiteral("nightly")},
        {QStringLiteral("LAB2"), QStringLiteral("bob"), QStringLiteral("6.12.9"), QString()},
        {QStringLiteral("lab1"), QStringLiteral("bob"), QStringLiteral("5.10.0-30-amd64"), QString()}};
}

QList<TeamExperiment> copyTeamExperimentsInto(ResultStore &target, const QString &sourcePath)
{
    QList<TeamExperiment> team = teamExperiments();
    QList<qint64> sourceIds;
    {
        ResultStore source;
        if (!source.open(sourcePath))
            return {};
        ExperimentSpec spec;
        for (const TeamExperiment &e : team) {
            spec.name = QStringLiteral("team %1 %2").arg(e.host, e.user);
            auto id = source.createExperiment(SweepPlan{spec});
            if (!id || !writeRuns(source, *id) ||
                !source.setExperimentStatus(*id, ExperimentStatus::Finished).has_value())
                return {};
            sourceIds.append(*id);
        }
    }
    for (qsizetype i = 0; i < team.size(); ++i)
        if (!setOrigin(sourcePath, sourceIds.at(i), team.at(i)))
            return {};
    ResultStore source;
    if (!source.open(sourcePath))
        return {};
    for (qsizetype i = 0; i < team.size(); ++i) {
        auto copied = source.copyExperimentTo(sourceIds.at(i), target);
        if (!copied)
            return {};
        team[i].id = copied->targetExperimentId;
        if (!team.at(i).tag.isEmpty() && !target.tagExperiment(team.at(i).id, team.at(i).tag))
            return {};
    }
    return team;
}

} // namespace tcptune::testing
