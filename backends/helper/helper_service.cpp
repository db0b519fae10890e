#include "helper/helper_service.h"

#include "common/netns.h"
#include "helper/helper_protocol.h"
#include "helper/knob_access.h"
#include "knobs/knob_reader.h"
#include "knobs/knob_value.h"

#include <QCoreApplication>

#include <syslog.h>
#include <unistd.h>

namespace tcptune {
namespace {

QString where(const QString &netns)
{
    return netns.isEmpty() ? HelperService::tr("host") : netns;
}

// Runs FN inside NETNS (empty: here) and passes its result out.
template <typename T> [[nodiscard]] Result<T> inNamespace(const QString &netns, const std::function<Result<T>()> &fn)
{
    std::optional<Result<T>> out;
    auto entered = netns::runIn(netns, [&] { out = fn(); });
    if (!entered)
        return std::unexpected(entered.error());
    return *out;
}

enum class Outcome { Restored, AlreadyBack, Skipped, Failed };

// Puts ENTRY's old value back unless the knob no longer holds the value we wrote.
Outcome rollbackEntry(const JournalEntry &entry, QString *warning)
{
    auto knob = knobaccess::knobFor(entry.key);
    if (!knob) {
        *warning = HelperService::tr("Journal entry for %1 ignored: %2").arg(entry.key.left(64), knob.error().message);
        return Outcome::Failed;
    }
    if (!entry.netns.isEmpty() && !netns::exists(entry.netns)) {
        *warning =
            HelperService::tr("%1 in %2 not restored: the namespace no longer exists (deleting it undid the change).")
                .arg(entry.key, entry.netns);
        return Outcome::Skipped;
    }
    if (auto scope = knobaccess::checkScope(**knob, entry.netns); !scope) {
        *warning = scope.error().message;
        return Outcome::Failed;
    }
    auto outcome = inNamespace<Outcome>(entry.netns, [&]() -> Result<Outcome> {
        auto current = knobaccess::read(**knob);
        if (!current)
            return std::unexpected(current.error());
        if (knobvalue::sameValue(**knob, *current, entry.oldValue))
            return Outcome::AlreadyBack;
        if (!knobvalue::sameValue(**knob, *current, entry.newValue)) {
            *warning = HelperService::tr(
                           "%1 (%2) not restored to %3: someone else changed it to %4 meanwhile, so it is left alone.")
                           .arg(entry.key, where(entry.netns), entry.oldValue, *current);
            return Outcome::Skipped;
        }
        auto old = knobaccess::parseForKernel(**knob, entry.oldValue);
        if (!old)
            return std::unexpected(old.error());
        auto written = knobaccess::write(**knob, *old);
        if (!written)
            return std::unexpected(written.error());
        auto after = knobaccess::read(**knob);
        if (!after || !knobvalue::sameValue(**knob, *after, *old))
            return fail(HelperService::tr("%1 (%2) reads %3 after restoring %4.")
                            .arg(entry.key, where(entry.netns), after.value_or(QStringLiteral("?")), *old));
        return Outcome::Restored;
    });
    if (!outcome) {
        *warning =
            HelperService::tr("%1 (%2) not restored: %3").arg(entry.key, where(entry.netns), outcome.error().message);
        return Outcome::Failed;
    }
    return *outcome;
}

// Rolls ENTRIES back newest first; fills RESTORED and WARNINGS, returns the entries to keep
// (those that failed for a reason that may pass, so a later restore can retry them).
QList<JournalEntry> rollbackEntries(const QList<JournalEntry> &entries, QJsonArray *restored, QJsonArray *warnings,
                                    const HelperService::Logger &logger, const QString &who)
{
    QList<JournalEntry> kept;
    for (auto it = entries.crbegin(); it != entries.crend(); ++it) {
        QString warning;
        switch (rollbackEntry(*it, &warning)) {
        case Outcome::Restored:
            restored->append(it->toJson());
            if (logger)
                logger(LOG_NOTICE, QStringLiteral("%1: restored %2 (%3): %4 -> %5")
                                       .arg(who, it->key, where(it->netns), it->newValue, it->oldValue));
            break;
        case Outcome::AlreadyBack: restored->append(it->toJson()); break;
        case Outcome::Failed: kept.prepend(*it); [[fallthrough]];
        case Outcome::Skipped:
            warnings->append(warning);
            if (logger)
                logger(LOG_WARNING, QStringLiteral("%1: %2").arg(who, warning));
            break;
        }
    }
    return kept;
}

// A rollback that failed (a module gone, a namespace busy) may work later: the entries stay in
// the orphan's journal for the next helper (when even rewriting it fails, the whole old journal
// stays, and entries already restored are found already back next time).
void keepForNextAttempt(HelperJournal::Orphan &orphan, const QList<JournalEntry> &failed, QJsonArray *warnings)
{
    if (auto kept = HelperJournal::keep(orphan, failed); !kept) {
        warnings->append(kept.error().message);
        return;
    }
    warnings->append(
        HelperService::tr("%1 change(s) in %2 could not be rolled back; they stay in the journal for the next attempt "
                          "('tcptune knobs restore' or the next start of the helper).")
            .arg(failed.size())
            .arg(orphan.path));
}

// An orphan that cannot be read is never deleted: what it held may be the only record of a change
// to undo by hand.
void setAsideUnreadable(HelperJournal::Orphan &orphan, QJsonArray *warnings)
{
    auto aside = HelperJournal::setAside(orphan);
    warnings->append(aside ? HelperService::tr("Unreadable journal %1 (%2) was moved aside to %3; nothing was rolled "
                                               "back from it: look at it and set back by hand what it names.")
                                 .arg(orphan.path, orphan.problem, *aside)
                           : HelperService::tr("Unreadable journal %1 (%2) was left in place: %3")
                                 .arg(orphan.path, orphan.problem, aside.error().message));
}

QJsonObject rollbackReport(const QJsonArray &restored, const QJsonArray &warnings)
{
    return {{QStringLiteral("restored"), restored}, {QStringLiteral("warnings"), warnings}};
}

} // namespace

HelperService::HelperService(std::unique_ptr<HelperJournal> journal, int requesterUid, Logger logger)
    : m_journal(std::move(journal))
    , m_uid(requesterUid)
    , m_logger(std::move(logger))
{
    m_recovered = rollbackReport({}, {});
}

QJsonObject HelperService::recoverOrphans(const QString &dir, const QString &bootId, const Logger &logger)
{
    QJsonArray restored;
    QJsonArray warnings;
    for (HelperJournal::Orphan &orphan : HelperJournal::claimOrphans(dir)) {
        if (!orphan.problem.isEmpty()) {
            setAsideUnreadable(orphan, &warnings);
            continue;
        }
        if (orphan.goneWithNamespace > 0)
            warnings.append(tr("Journal %1: %n change(s) in the network namespace %2 not restored: the namespace "
                               "no longer exists (deleting it undid them).",
                               nullptr, orphan.goneWithNamespace)
                                .arg(orphan.path, orphan.netNamespace));
        if (orphan.bootId != bootId) {
            // The machine rebooted since: the kernel started from its defaults, nothing to undo.
            if (!orphan.entries.isEmpty())
                warnings.append(tr("Journal %1 is from an earlier boot; dropped.").arg(orphan.path));
        } else {
            const QList<JournalEntry> failed =
                rollbackEntries(orphan.entries, &restored, &warnings, logger, QStringLiteral("recovery"));
            if (!failed.isEmpty()) {
                keepForNextAttempt(orphan, failed, &warnings);
                continue;
            }
        }
        HelperJournal::discard(orphan);
    }
    return rollbackReport(restored, warnings);
}

void HelperService::addOperations(HelperOperations &ops)
{
    ops.add(QStringLiteral("get"), [this](const QJsonObject &p) { return get(p); });
    ops.add(QStringLiteral("set"), [this](const QJsonObject &p) { return set(p); });
    ops.add(QStringLiteral("snapshot"), [this](const QJsonObject &p) { return snapshot(p); });
    ops.add(QStringLiteral("restore"), [this](const QJsonObject &) { return Result<QJsonObject>(rollbackAll()); });
    ops.add(QStringLiteral("journal"), [this](const QJsonObject &p) { return journal(p); });
    ops.add(QStringLiteral("hello"), [this, &ops](const QJsonObject &p) { return hello(p, ops.names()); });
}

QJsonObject HelperService::rollbackAll()
{
    QJsonArray restored;
    QJsonArray warnings;
    const QList<JournalEntry> kept =
        rollbackEntries(m_journal->entries(), &restored, &warnings, m_logger, QStringLiteral("uid %1").arg(m_uid));
    if (auto saved = m_journal->replace(kept); !saved)
        warnings.append(saved.error().message);
    return rollbackReport(restored, warnings);
}

void HelperService::removeJournalIfEmpty()
{
    if (m_journal->entries().isEmpty())
        m_journal->remove();
}

Result<QJsonObject> HelperService::hello(const QJsonObject &, const QStringList &capabilities) const
{
    return QJsonObject{{QStringLiteral("protocol"), helperprotocol::kVersion},
                       {QStringLiteral("helper"), QStringLiteral("tcptune-helper")},
                       {QStringLiteral("capabilities"), QJsonArray::fromStringList(capabilities)},
                       {QStringLiteral("uid"), m_uid},
                       {QStringLiteral("pid"), qint64(::getpid())},
                       {QStringLiteral("journal"), m_journal->path()},
                       {QStringLiteral("recovered"), m_recovered}};
}

Result<QJsonObject> HelperService::get(const QJsonObject &params) const
{
    auto key = helperprotocol::stringParam(params, QStringLiteral("key"));
    if (!key)
        return std::unexpected(key.error());
    auto netns = helperprotocol::stringParam(params, QStringLiteral("netns"), false);
    if (!netns)
        return std::unexpected(netns.error());
    auto knob = knobaccess::knobFor(*key);
    if (!knob)
        return std::unexpected(knob.error());
    if (auto scope = knobaccess::checkScope(**knob, *netns); !scope)
        return std::unexpected(scope.error());
    auto value = inNamespace<QString>(*netns, [&] { return knobaccess::read(**knob); });
    if (!value)
        return std::unexpected(value.error());
    return QJsonObject{
        {QStringLiteral("key"), *key}, {QStringLiteral("netns"), *netns}, {QStringLiteral("value"), *value}};
}

// A `set` request, checked: the knob, the namespace, the value as typed and the confirmation.
struct SetRequest {
    QString key;
    const KnobInfo *knob = nullptr;
    QString netns;
    QString input;
    bool confirmed = false;
};

namespace {

[[nodiscard]] Result<SetRequest> parseSetRequest(const QJsonObject &params)
{
    SetRequest r;
    auto key = helperprotocol::stringParam(params, QStringLiteral("key"));
    if (!key)
        return std::unexpected(key.error());
    r.key = *key;
    const QJsonValue rawValue = params.value(QStringLiteral("value"));
    if (rawValue.isString())
        r.input = rawValue.toString();
    else if (rawValue.isDouble() && rawValue.toDouble() == double(rawValue.toInteger()))
        r.input = QString::number(rawValue.toInteger());
    else
        return fail(HelperService::tr("Parameter \"value\" must be a string such as \"262144\" or \"cubic\"."));
    auto netns = helperprotocol::stringParam(params, QStringLiteral("netns"), false);
    if (!netns)
        return std::unexpected(netns.error());
    r.netns = *netns;
    auto confirmed = helperprotocol::boolParam(params, QStringLiteral("confirm"));
    if (!confirmed)
        return std::unexpected(confirmed.error());
    r.confirmed = *confirmed;
    auto knob = knobaccess::knobFor(r.key);
    if (!knob)
        return std::unexpected(knob.error());
    r.knob = *knob;
    if (auto scope = knobaccess::checkScope(*r.knob, r.netns); !scope)
        return std::unexpected(scope.error());
    return r;
}

// Turning SACK, window scaling or timestamps off on the host changes every new connection of
// the machine (ssh included), and a link knob on the host changes a device the machine's own
// traffic uses: only on explicit request.
[[nodiscard]] Result<void> checkConfirmation(const SetRequest &r, const QString &canonical)
{
    if (!r.netns.isEmpty() || r.confirmed)
        return {};
    if (r.knob->kind == KnobKind::Link)
        return fail(HelperService::tr("%1 = %2 changes device %3 of this machine (not one of a lab namespace), which "
                                      "carries its own traffic, ssh included. It is only done with an explicit "
                                      "confirmation: 'tcptune knobs set --force', 'tcptune sweep --force', or Yes "
                                      "to the Knobs panel's question.")
                        .arg(r.key, canonical, r.knob->device));
    if (!knobvalue::disablesCoreFeature(*r.knob, canonical))
        return {};
    return fail(
        HelperService::tr("%1 = %2 on the host turns a core TCP feature off (%3) for every new connection of this "
                          "machine, ssh included. It is only done with an explicit confirmation: 'tcptune knobs set "
                          "--force', 'tcptune sweep --force', or Yes to the Knobs panel's question.")
            .arg(r.key, canonical, r.knob->description));
}

} // namespace

Result<JournalEntry> HelperService::applyHere(const SetRequest &r)
{
    auto value = knobaccess::parseForKernel(*r.knob, r.input);
    if (!value)
        return std::unexpected(value.error());
    if (auto confirmed = checkConfirmation(r, *value); !confirmed)
        return std::unexpected(confirmed.error());
    if (auto writable = knobaccess::checkWritable(*r.knob); !writable)
        return std::unexpected(writable.error());
    auto current = knobaccess::read(*r.knob);
    if (!current)
        return std::unexpected(current.error());
    QList<JournalEntry> entries = m_journal->entries();
    const int index = m_journal->indexOf(r.key, r.netns);
    if (index < 0 && knobvalue::sameValue(*r.knob, *current, *value))
        return JournalEntry{r.key, r.netns, *current, *current}; // nothing to change or undo
    if (index < 0)
        entries.append(JournalEntry{r.key, r.netns, *current, *value});
    else
        entries[index].newValue = *value; // the first change's old value stays the one to restore
    const QList<JournalEntry> before = m_journal->entries();
    if (auto saved = m_journal->replace(entries); !saved)
        return std::unexpected(saved.error());
    if (auto written = knobaccess::write(*r.knob, *value); !written) {
        [[maybe_unused]] const auto undone = m_journal->replace(before);
        return std::unexpected(written.error());
    }
    auto after = knobaccess::read(*r.knob);
    if (!after)
        return std::unexpected(after.error());
    const int at = m_journal->indexOf(r.key, r.netns);
    entries[at].newValue = *after;
    [[maybe_unused]] const auto saved = m_journal->replace(entries);
    if (!knobvalue::sameValue(*r.knob, *after, *value))
        return fail(tr("%1 reads %2 after writing %3: the kernel adjusted it. 'restore' puts back %4.")
                        .arg(r.key, *after, *value, entries[at].oldValue));
    return JournalEntry{r.key, r.netns, *current, *after};
}

Result<QJsonObject> HelperService::set(const QJsonObject &params)
{
    auto request = parseSetRequest(params);
    if (!request)
        return std::unexpected(request.error());
    // Parsing (the kernel's enum list), the write-ahead journal, the write and the read-back all
    // happen inside the namespace, so they see the same kernel state.
    auto result = inNamespace<JournalEntry>(request->netns, [&] { return applyHere(*request); });
    if (!result)
        return std::unexpected(result.error());
    if (m_logger && result->oldValue != result->newValue)
        m_logger(LOG_NOTICE, QStringLiteral("uid %1 set %2 (%3): %4 -> %5")
                                 .arg(m_uid)
                                 .arg(request->key, where(request->netns), result->oldValue, result->newValue));
    const int index = m_journal->indexOf(request->key, request->netns);
    QJsonObject reply = result->toJson();
    reply.insert(QStringLiteral("original"), index >= 0 ? m_journal->entries()[index].oldValue : result->oldValue);
    return reply;
}

Result<QJsonObject> HelperService::snapshot(const QJsonObject &params) const
{
    auto netns = helperprotocol::stringParam(params, QStringLiteral("netns"), false);
    if (!netns)
        return std::unexpected(netns.error());
    if (!netns->isEmpty() && !netns::isTcptuneName(*netns))
        return fail(tr("'%1' is not a tcptune namespace; the helper only enters namespaces whose names start with "
                       "'tcptune-'.")
                        .arg(netns->left(40)));
    auto readings = KnobReader::readSysctls(*netns);
    if (!readings)
        return std::unexpected(readings.error());
    QJsonObject values;
    const KnobSnapshot snap = KnobReader::snapshotOf(*readings);
    for (auto it = snap.cbegin(); it != snap.cend(); ++it)
        values.insert(it.key(), it.value());
    return QJsonObject{{QStringLiteral("netns"), *netns}, {QStringLiteral("values"), values}};
}

Result<QJsonObject> HelperService::journal(const QJsonObject &) const
{
    QJsonArray entries;
    for (const JournalEntry &e : m_journal->entries())
        entries.append(e.toJson());
    return QJsonObject{{QStringLiteral("entries"), entries},
                       {QStringLiteral("path"), m_journal->path()},
                       {QStringLiteral("boot_id"), m_journal->bootId()}};
}

} // namespace tcptune
