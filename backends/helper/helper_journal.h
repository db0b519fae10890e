#pragma once
// The helper's write-ahead journal: one file per running helper under /run/tcptune/
// (journal-<pid>.json plus a lock file held while the helper lives). It records, for each
// changed knob, the namespace, the value before the first change and the value written, with
// the boot id and the helper's own network namespace (the one an entry without a namespace
// names). It is saved (fsync, atomic rename) before every write to /proc/sys, so a helper killed
// at any moment leaves enough behind for the next one to roll back.

#include "common/error.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

namespace tcptune {

struct JournalEntry {
    QString key;
    QString netns; // empty: the helper's own namespace (the host's, unless it ran inside another)
    QString oldValue;
    QString newValue;

    QJsonObject toJson() const;
    static JournalEntry fromJson(const QJsonObject &o);
};

class HelperJournal final {
    Q_DECLARE_TR_FUNCTIONS(HelperJournal)
public:
    static QString defaultDirectory(); // /run/tcptune
    // DIR when it is /run/tcptune or a folder below it (created 0700, no symlinks); else an error.
    [[nodiscard]] static Result<QString> checkedDirectory(const QString &dir);
    // /proc/sys/kernel/random/boot_id: a journal from another boot is stale (the reboot undid it).
    static QString currentBootId();

    // Creates and locks the journal of this process in DIR (already checked).
    [[nodiscard]] static Result<std::unique_ptr<HelperJournal>> create(const QString &dir, const QString &bootId);
    ~HelperJournal();
    HelperJournal(const HelperJournal &) = delete;
    HelperJournal &operator=(const HelperJournal &) = delete;

    const QList<JournalEntry> &entries() const { return m_entries; }
    // Index of the entry for KEY in NETNS, -1 when none.
    int indexOf(const QString &key, const QString &netns) const;
    // Replaces the entries and saves them durably before returning.
    [[nodiscard]] Result<void> replace(const QList<JournalEntry> &entries);
    QString path() const { return m_path; }
    QString bootId() const { return m_bootId; }
    // Deletes the files (after a complete rollback, at exit).
    void remove();

    // A journal left by a helper that is gone, locked for the caller until discarded.
    struct Orphan {
        QString path;
        QString lockPath;
        int lockFd = -1;
        QString bootId;
        QString netNamespace; // netns::ownIdentity() of the helper that wrote it; empty: the host
        QList<JournalEntry> entries;
        int goneWithNamespace = 0; // entries left out: their namespace no longer exists
        QString problem;           // unreadable content
    };
    // What a journal file holds: its boot id and entries. Fails on damaged content (the file is
    // root's, but the parser must hold against anything; it is fuzzed).
    struct Content {
        QString bootId;
        QString netNamespace;
        QList<JournalEntry> entries;
    };
    [[nodiscard]] static Result<Content> parse(const QByteArray &bytes);

    // Every journal in DIR whose helper no longer runs. Live helpers' journals are left alone, and
    // so are those of helpers that ran in another network namespace that still exists (a lab's or
    // a far end's on this machine, sharing /run): their entries without a namespace are that
    // namespace's, for a helper there. When that namespace is gone, so are those entries (deleting
    // it undid them): they are left out of the orphan.
    static QList<Orphan> claimOrphans(const QString &dir);
    // Deletes an orphan's files and releases its lock.
    static void discard(Orphan &orphan);
    // An orphan whose content cannot be read (truncated, damaged) is never deleted: it is renamed
    // to PATH.corrupt-TIME beside the others (which no later helper claims) for the user to look
    // at, and its lock released. Returns the new path, or why it could not be moved.
    [[nodiscard]] static Result<QString> setAside(Orphan &orphan);
    // Rewrites an orphan with the ENTRIES whose rollback failed and releases its lock, so the
    // next helper tries them again.
    [[nodiscard]] static Result<void> keep(Orphan &orphan, const QList<JournalEntry> &entries);

private:
    static void release(Orphan &orphan);
    HelperJournal(QString dir, QString path, QString lockPath, int lockFd, QString bootId);
    [[nodiscard]] Result<void> save();

    QString m_dir;
    QString m_path;
    QString m_lockPath;
    int m_lockFd;
    QString m_bootId;
    QString m_netNamespace; // the helper's own, as netns::ownIdentity() gives it
    QList<JournalEntry> m_entries;
};

} // namespace tcptune
