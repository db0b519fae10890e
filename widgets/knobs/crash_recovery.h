#pragma once
// Crash recovery made visible. At start, the knob changes a killed tcptune left in the helper's
// journal (same boot) are read without touching them: a banner says what is still changed and
// offers "Restore now", runs wait until then, and the knob panel shows the journal's old values
// as the originals (the value before the crash, not the changed one it reads now). Restoring
// starts the helper, which rolls the journal back. Experiments the killed session left "running"
// in the result store are marked interrupted (ExperimentLock) and the banner says so first: which
// experiment, how far it got, and what became of its knobs.

#include "helper/helper_journal.h"

#include <QList>
#include <QObject>

namespace tcptune {

class HelperConnection;
class KnobPanel;
class MessageBanner;
class RunnerThread;

class CrashRecovery final : public QObject {
    Q_OBJECT
public:
    // Every argument must outlive the object.
    CrashRecovery(HelperConnection *helper, KnobPanel *knobs, MessageBanner *banner, RunnerThread *runner,
                  QObject *parent = nullptr);

    // The changes left by helpers that are gone, in journal DIR, from this boot.
    static QList<JournalEntry> leftovers(const QString &dir);

    // Looks into DIR (tests use their own) and, if something was left, shows the banner and holds
    // runs back. Returns whether something was left.
    bool check(const QString &dir = HelperJournal::defaultDirectory());
    // Marks the experiments of the store at STORE_PATH whose process is gone as interrupted and
    // returns the note that says so (empty when there were none, or no store yet).
    QString settleInterruptedExperiments(const QString &storePath);
    // The note of the last check (empty when no experiment was interrupted).
    QString interruptedNote() const { return m_interruptedNote; }
    bool isPending() const { return !m_entries.isEmpty(); }
    const QList<JournalEntry> &entries() const { return m_entries; }

public Q_SLOTS:
    void restoreNow();

Q_SIGNALS:
    // The journal was rolled back (or nothing was left): other start-up offers may follow.
    void settled();

private:
    void showBanner();
    void onRestored(const QString &error, int restored, const QStringList &warnings);

    HelperConnection *m_helper;
    KnobPanel *m_knobs;
    MessageBanner *m_banner;
    RunnerThread *m_runner;
    QList<JournalEntry> m_entries;
    QString m_interruptedNote;
};

} // namespace tcptune
