#pragma once
// The helper's own operations (hello, get, set, snapshot, restore, journal) and its rollback.
// Every set is journalled before it is written and read back after; a rollback writes each
// old value back unless someone else changed the knob meanwhile, which is skipped with a warning.

#include "common/error.h"
#include "helper/helper_journal.h"
#include "helper/helper_operations.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

#include <functional>
#include <memory>

namespace tcptune {

struct SetRequest;

class HelperService final {
    Q_DECLARE_TR_FUNCTIONS(HelperService)
public:
    // Receives each change and warning as one line, for syslog (priority as in <syslog.h>).
    using Logger = std::function<void(int priority, const QString &message)>;

    HelperService(std::unique_ptr<HelperJournal> journal, int requesterUid, Logger logger);

    // Rolls back the journals of helpers that died (same boot only; a namespace that is gone is
    // dropped). Returns {"restored":[...], "warnings":[...]}; hello reports it.
    static QJsonObject recoverOrphans(const QString &dir, const QString &bootId, const Logger &logger);
    void setRecovered(const QJsonObject &recovered) { m_recovered = recovered; }

    void addOperations(HelperOperations &ops);

    // Undoes every change of this helper, newest first: {"restored":[...], "warnings":[...]}.
    QJsonObject rollbackAll();
    // At exit: deletes the journal when nothing is left in it (a failed rollback stays for the
    // next helper to retry).
    void removeJournalIfEmpty();

    [[nodiscard]] Result<QJsonObject> hello(const QJsonObject &params, const QStringList &capabilities) const;
    [[nodiscard]] Result<QJsonObject> get(const QJsonObject &params) const;
    [[nodiscard]] Result<QJsonObject> set(const QJsonObject &params);
    [[nodiscard]] Result<QJsonObject> snapshot(const QJsonObject &params) const;
    [[nodiscard]] Result<QJsonObject> journal(const QJsonObject &params) const;

private:
    // Journals and writes one checked change in the calling thread's namespace.
    [[nodiscard]] Result<JournalEntry> applyHere(const SetRequest &request);

    std::unique_ptr<HelperJournal> m_journal;
    int m_uid;
    Logger m_logger;
    QJsonObject m_recovered;
};

} // namespace tcptune
