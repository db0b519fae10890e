#include "knobs/crash_recovery.h"

#include "experiment/record/experiment_name.h"
#include "experiment/run/runner_thread.h"
#include "experiment/store/experiment_lock.h"
#include "experiment/store/result_store.h"
#include "helper/helper_connection.h"
#include "history/stored_run_names.h"
#include "knobs/knob_panel.h"
#include "knobs/knob_table_model.h"
#include "panels/message_banner.h"

#include <QFileInfo>

#include <algorithm>

#include <unistd.h>

namespace tcptune {

CrashRecovery::CrashRecovery(HelperConnection *helper, KnobPanel *knobs, MessageBanner *banner, RunnerThread *runner,
                             QObject *parent)
    : QObject(parent)
    , m_helper(helper)
    , m_knobs(knobs)
    , m_banner(banner)
    , m_runner(runner)
{
    connect(m_runner, &RunnerThread::refused, this, [this] {
        if (isPending())
            showBanner();
    });
}

QList<JournalEntry> CrashRecovery::leftovers(const QString &dir)
{
    // Claiming locks a journal only while it is read: the helper that restores it claims it again.
    QList<JournalEntry> entries;
    const QString boot = HelperJournal::currentBootId();
    for (HelperJournal::Orphan &orphan : HelperJournal::claimOrphans(dir)) {
        if (orphan.bootId == boot)
            entries += orphan.entries;
        if (orphan.lockFd >= 0)
            ::close(orphan.lockFd);
    }
    return entries;
}

QString CrashRecovery::settleInterruptedExperiments(const QString &storePath)
{
    if (!QFileInfo::exists(storePath)) // nothing ran yet: no store to create here
        return {};
    ResultStore store;
    if (!store.open(storePath))
        return {}; // History says why when it is opened
    const auto interrupted = ExperimentLock::settleAbandoned(store);
    if (!interrupted || interrupted->isEmpty())
        return {};
    QStringList parts;
    for (const ExperimentRecord &e : *interrupted) {
        const auto done = store.finishedRunIndexes(e.id);
        const auto runs = store.runs(e.id);
        const auto cut = runs ? std::count_if(runs->begin(), runs->end(),
                                              [](const RunRecord &r) { return r.status == RunStatus::Interrupted; })
                              : 0;
        parts.append(tr("%1 (%2 of %3 runs done, %n cut off)", nullptr, int(cut))
                         .arg(experimentName(e, ExperimentNameForm::WithId))
                         .arg(done ? done->size() : 0)
                         .arg(e.plannedRuns));
    }
    return tr("The last tcptune session ended while it ran %1: History now shows it and the runs it cut off as "
              "interrupted, with its finished runs kept ('tcptune sweep --resume ID' runs the rest).")
        .arg(parts.join(QStringLiteral("; ")));
}

bool CrashRecovery::check(const QString &dir)
{
    m_interruptedNote = settleInterruptedExperiments(ResultStore::defaultPath());
    m_entries = leftovers(dir);
    if (m_entries.isEmpty()) {
        // The session's helper saw it end and rolled its journal back: nothing is left changed.
        if (!m_interruptedNote.isEmpty())
            m_banner->showMessage(m_interruptedNote + QLatin1Char(' ') +
                                      tr("Its knobs were restored: tcptune-helper put back every knob the session "
                                         "had changed, by hand or by a run, when it ended; none is left changed."),
                                  MessageBanner::Level::Warning);
        Q_EMIT settled();
        return false;
    }
    QMap<QString, QMap<QString, QString>> originals;
    for (const JournalEntry &e : m_entries)
        originals[e.netns].insert(e.key, e.oldValue);
    m_knobs->model()->adoptOriginals(originals);
    m_runner->setBlockedReason(tr("Restore the knobs a crashed session left changed before running."));
    showBanner();
    return true;
}

void CrashRecovery::showBanner()
{
    QStringList changes;
    for (const JournalEntry &e : m_entries)
        changes.append(tr("%1 = %2 (was %3) in %4")
                           .arg(e.key, e.newValue, e.oldValue, e.netns.isEmpty() ? tr("the host") : e.netns));
    const QString text = tr("A tcptune session was killed and left %n knob(s) changed: %1. Restore them before "
                            "anything else runs.",
                            nullptr, int(m_entries.size()))
                             .arg(changes.join(QStringLiteral("; ")));
    m_banner->showMessage(m_interruptedNote.isEmpty() ? text : m_interruptedNote + QLatin1Char(' ') + text,
                          MessageBanner::Level::Warning);
    m_banner->setAction(tr("Restore now"), [this] { restoreNow(); });
}

void CrashRecovery::restoreNow()
{
    m_banner->showMessage(tr("Restoring through tcptune-helper..."));
    // Starting the helper rolls back every journal its dead predecessors left.
    m_helper->submit(this, [this](HelperConnection &helper) -> std::function<void()> {
        auto started = helper.ensureStarted();
        const RestoreReport report = helper.recoveredAtStart();
        const QString error = started ? QString() : started.error().message;
        return [this, error, report] { onRestored(error, int(report.restored.size()), report.warnings); };
    });
}

void CrashRecovery::onRestored(const QString &error, int restored, const QStringList &warnings)
{
    if (!error.isEmpty()) {
        m_banner->showMessage(tr("Could not restore: %1").arg(error), MessageBanner::Level::Error);
        m_banner->setAction(tr("Restore now"), [this] { restoreNow(); });
        return;
    }
    m_entries.clear();
    m_runner->setBlockedReason(QString());
    m_knobs->model()->clearChanges();
    m_knobs->refresh();
    QString text = tr("%n knob(s) restored to their values before the crash.", nullptr, restored);
    if (!warnings.isEmpty())
        text += QLatin1Char(' ') + warnings.join(QLatin1Char(' '));
    if (!m_interruptedNote.isEmpty())
        text = m_interruptedNote + QLatin1Char(' ') + text;
    m_banner->showMessage(text, warnings.isEmpty() ? MessageBanner::Level::Info : MessageBanner::Level::Warning);
    Q_EMIT settled();
}

} // namespace tcptune
