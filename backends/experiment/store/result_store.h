#pragma once
// ResultStore: every experiment, run, sample series, knob snapshot and capture in SQLite (WAL),
// by default $XDG_DATA_HOME/tcptune/results.db, or in a PostgreSQL database a team shares
// (StoreLocation). Both have one schema and one migration path. Each run is committed when it
// ends, so a process killed with SIGKILL loses at most the run in progress; resuming skips every
// finished run.
//
// A QSqlDatabase connection belongs to the thread that opened it: create one ResultStore per
// thread (the Runner opens its own on its worker thread; the GUI and reports open theirs).
// SQLite's WAL, and PostgreSQL itself, let them read while a runner writes.

#include "common/error.h"
#include "experiment/record/run_record.h"
#include "experiment/store/experiment_filter.h"
#include "experiment/store/result_store_sql.h"
#include "knobs/knob_reader.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QSet>
#include <QString>
#include <QStringList>

class QSqlDatabase;
class QSqlRecord;

namespace tcptune {

class SweepPlan;
struct StoreLocation;

// What ResultStore::copyExperimentTo added to the target.
struct CopyCount {
    int experiments = 0; // 1 when the target did not hold the experiment yet
    int runs = 0;
    qint64 targetExperimentId = 0;
    // Capture files the copy embedded in the target (CaptureFiles::Embed), or wrote out of a
    // bundle into the target's capturesFolder().
    int captureFiles = 0;
    // CaptureFiles::Embed: capture records whose file was missing or unreadable; the target holds
    // their path and summary alone.
    int missingCaptureFiles = 0;
};

class ResultStore final {
    Q_DECLARE_TR_FUNCTIONS(ResultStore)
public:
    static constexpr int kSchemaVersion = 11;

    ResultStore() = default;
    ~ResultStore();
    ResultStore(const ResultStore &) = delete;
    ResultStore &operator=(const ResultStore &) = delete;

    // $TCPTUNE_STORE if set (a file or a postgresql:// address), else $TCPTUNE_RESULTS_DB (a
    // file), else the store chosen in the workbench's Settings (the application's QSettings,
    // "store/location": common/saved_store.h), else $XDG_DATA_HOME/tcptune/results.db
    // (XDG_DATA_HOME defaults to ~/.local/share). Read on every call: a new choice takes effect
    // at the next open.
    static QString defaultPath();
    // $XDG_DATA_HOME/tcptune (~/.local/share/tcptune): this user's files on this host.
    static QString localDataFolder();
    // The outbox: a SQLite store in localDataFolder() that keeps the runs a server could not take
    // until `tcptune results sync` uploads them.
    static QString outboxPath();
    // The account running tcptune (its login name; the number where it has none).
    static QString currentUserName();

    // Opens LOCATION (a file, or an address StoreLocation reads) on the calling thread, creating
    // the file, its folder and the schema, and migrating older schemas. Fails with one message
    // that names the store and says what to fix.
    [[nodiscard]] Result<void> open(const QString &location = defaultPath());
    bool isOpen() const;
    void close();
    // The file, or the PostgreSQL address (without a password).
    QString path() const { return m_path; }
    bool isPostgres() const { return m_dialect == storesql::Dialect::Postgres; }
    // Where this host keeps the capture files of the store's runs: beside a SQLite file, or in
    // localDataFolder() for a server (the files stay on the host that captured them).
    QString capturesFolder() const;
    int schemaVersion() const;

    // Experiments
    // PLAN_FIELDS go into the stored plan JSON beside the plan's own (a tune's "tune" object).
    [[nodiscard]] Result<qint64> createExperiment(const SweepPlan &plan, const QJsonObject &planFields = {});
    // The runs an experiment plans (a session's: its most, then the runs it made).
    [[nodiscard]] Result<void> setPlannedRuns(qint64 experimentId, int runs);
    [[nodiscard]] Result<void> setExperimentStatus(qint64 experimentId, ExperimentStatus status,
                                                   const QString &error = {});
    [[nodiscard]] Result<ExperimentRecord> experiment(qint64 experimentId) const;
    [[nodiscard]] Result<QList<ExperimentRecord>> experiments() const; // newest first
    // For list views: the experiments FILTER takes (all by default) without their plans (no JSON
    // parsed), newest first. One query.
    [[nodiscard]] Result<QList<ExperimentRecord>> experimentList(const ExperimentFilter &filter = {}) const;
    [[nodiscard]] Result<void> deleteExperiment(qint64 experimentId);

    // Tags: names for experiments (a check's baseline). Tagging with a name another experiment
    // holds moves it; the experiment that held it before is returned (0: none).
    [[nodiscard]] Result<qint64> tagExperiment(qint64 experimentId, const QString &name);
    // The experiment TAG_OR_ID names: a number is an experiment id, anything else a tag.
    [[nodiscard]] Result<qint64> resolveExperiment(const QString &tagOrId) const;
    // Every tagged experiment's tags, sorted, in one query (for list views).
    [[nodiscard]] Result<QHash<qint64, QStringList>> tags() const;

    // Runs. beginRun inserts the run as Running (replacing an interrupted one of the same index);
    // finishRun stores its outcome, samples, figures, limiter breakdown and end records (counters,
    // queue series) in one transaction. runs() and run() give the end records back with each
    // end's knob snapshots.
    [[nodiscard]] Result<qint64> beginRun(const RunRecord &run);
    [[nodiscard]] Result<void> finishRun(const RunRecord &run, const QList<RunSample> &samples = {});
    [[nodiscard]] Result<QList<RunRecord>> runs(qint64 experimentId) const; // by run index
    // For list views: every run of every experiment with its summary figures only (no settings,
    // intervals or details parsed but a run in direction both's "directions"), by experiment
    // (newest first), then run index. One query.
    [[nodiscard]] Result<QList<RunRecord>> runList() const;
    // The same for the runs of EXPERIMENT_IDS only (a page of experimentList()).
    [[nodiscard]] Result<QList<RunRecord>> runList(const QList<qint64> &experimentIds) const;
    [[nodiscard]] Result<RunRecord> run(qint64 runId) const;
    // Marks the runs of EXPERIMENT_ID still "running" as interrupted (their process died), with
    // ERROR; returns their run indexes.
    [[nodiscard]] Result<QList<int>> markRunningRunsInterrupted(qint64 experimentId, const QString &error);
    // Run indexes already done (Ok or Failed): a resumed sweep skips these.
    [[nodiscard]] Result<QSet<int>> finishedRunIndexes(qint64 experimentId) const;

    [[nodiscard]] Result<void> addSamples(qint64 runId, const QList<RunSample> &samples);
    [[nodiscard]] Result<QList<RunSample>> samples(qint64 runId) const;
    // The run's aggregate series only (stream -1), for overlays. A run in direction both has one
    // per sender, told apart by RunSample::farSender.
    [[nodiscard]] Result<QList<RunSample>> aggregateSamples(qint64 runId) const;

    // Knob snapshots: SIDE "local" or "remote", PHASE "before" or "after".
    [[nodiscard]] Result<void> addKnobSnapshot(qint64 runId, const QString &side, const QString &phase,
                                               const KnobSnapshot &knobs);
    [[nodiscard]] Result<KnobSnapshot> knobSnapshot(qint64 runId, const QString &side, const QString &phase) const;

    [[nodiscard]] Result<void> addCapture(qint64 runId, const CaptureRecord &capture);

    // Copies experiment EXPERIMENT_ID with its ended runs and all their rows into TARGET (either
    // database), in one transaction of TARGET's. What TARGET holds already (by UUID) is skipped,
    // so a second copy adds nothing; an experiment that has ended here brings TARGET's status up
    // to date. Bundles, the outbox and `results sync` are this copy.
    // The capture files: CaptureFiles::Embed puts each one that is there into TARGET (a bundle);
    // otherwise a file this store embeds is written into TARGET's capturesFolder() under a new
    // name and TARGET's capture record points at it, and a record without one keeps its path.
    enum class CopyRuns { Ended, None };
    enum class CaptureFiles { Paths, Embed };
    [[nodiscard]] Result<CopyCount> copyExperimentTo(qint64 experimentId, ResultStore &target,
                                                     CopyRuns runs = CopyRuns::Ended,
                                                     CaptureFiles files = CaptureFiles::Paths) const;
    // Whether the database still answers (a server may have gone away since open()).
    bool ping() const;
    [[nodiscard]] Result<QList<CaptureRecord>> captures(qint64 runId) const;
    // Every capture file's path with its run, newest experiment first, in one query.
    [[nodiscard]] Result<QList<QPair<qint64, QString>>> capturePaths() const;
    // How many runs the store holds, in one query.
    [[nodiscard]] Result<int> runCount() const;

private:
    [[nodiscard]] Result<void> openSqlite(const QString &file);
    [[nodiscard]] Result<void> openPostgres(const StoreLocation &location);
    [[nodiscard]] Result<void> enableWal() const;
    [[nodiscard]] Result<void> migrate();
    [[nodiscard]] Result<void> storeEnds(const RunRecord &run);
    [[nodiscard]] Result<void> loadEnds(QList<RunRecord> &runs, const QString &runFilter, qint64 key) const;
    [[nodiscard]] Result<void> loadCaptureFiles(const QHash<qint64, RunRecord *> &byId, const QString &runFilter,
                                                qint64 key) const;
    [[nodiscard]] Result<void> exec(const QString &sql) const;
    [[nodiscard]] Result<qint64> copyExperimentRow(const QSqlRecord &experiment, ResultStore &target, int &added) const;
    struct CaptureCopy; // result_store_copy.cpp
    [[nodiscard]] Result<bool> copyRunRows(const QSqlRecord &run, qint64 targetExperiment, ResultStore &target,
                                           CaptureCopy &captures) const;
    [[nodiscard]] Result<void> copyCaptureRows(qint64 sourceRun, qint64 targetRun, ResultStore &target,
                                               CaptureCopy &captures) const;
    QSqlDatabase database() const;

    QString m_connection;
    QString m_path;
    storesql::Dialect m_dialect = storesql::Dialect::Sqlite;
};

} // namespace tcptune
