#include "helper/helper_journal.h"

#include "common/netns.h"
#include "common/private_directory.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune {
namespace {

const QString kRoot = PrivateDirectory::runRoot();

QString errnoText(int e)
{
    return QString::fromLocal8Bit(std::strerror(e));
}

QByteArray native(const QString &path)
{
    return QFile::encodeName(path);
}

// Opens (creating 0600) and locks PATH without blocking; -1 when another process holds it.
int lockFile(const QString &path, bool *busy)
{
    *busy = false;
    const int fd = ::open(native(path).constData(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return -1;
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        *busy = errno == EWOULDBLOCK;
        ::close(fd);
        return -1;
    }
    return fd;
}

[[nodiscard]] Result<void> writeDurably(const QString &path, const QByteArray &data)
{
    const QString tmp = path + QStringLiteral(".tmp");
    const int fd = ::open(native(tmp).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0)
        return fail(HelperJournal::tr("Cannot write the journal %1: %2.").arg(tmp, errnoText(errno)));
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.constData() + done, size_t(data.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int e = errno;
            ::close(fd);
            return fail(HelperJournal::tr("Cannot write the journal %1: %2.").arg(tmp, errnoText(e)));
        }
        done += n;
    }
    if (::fsync(fd) != 0) {
        const int e = errno;
        ::close(fd);
        return fail(HelperJournal::tr("Cannot sync the journal %1: %2.").arg(tmp, errnoText(e)));
    }
    ::close(fd);
    if (::rename(native(tmp).constData(), native(path).constData()) != 0)
        return fail(HelperJournal::tr("Cannot replace the journal %1: %2.").arg(path, errnoText(errno)));
    // The rename itself must be durable too.
    const int dirFd = ::open(native(QFileInfo(path).absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return {};
}

} // namespace

QJsonObject JournalEntry::toJson() const
{
    return {{QStringLiteral("key"), key},
            {QStringLiteral("netns"), netns},
            {QStringLiteral("old"), oldValue},
            {QStringLiteral("new"), newValue}};
}

JournalEntry JournalEntry::fromJson(const QJsonObject &o)
{
    return {o.value(QStringLiteral("key")).toString(), o.value(QStringLiteral("netns")).toString(),
            o.value(QStringLiteral("old")).toString(), o.value(QStringLiteral("new")).toString()};
}

Result<HelperJournal::Content> HelperJournal::parse(const QByteArray &bytes)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return fail(error.errorString());
    if (!doc.isObject())
        return fail(tr("not a JSON object"));
    Content c;
    c.bootId = doc.object().value(QStringLiteral("boot_id")).toString();
    c.netNamespace = doc.object().value(QStringLiteral("net_ns")).toString();
    for (const QJsonValue &v : doc.object().value(QStringLiteral("entries")).toArray())
        c.entries.append(JournalEntry::fromJson(v.toObject()));
    return c;
}

QString HelperJournal::defaultDirectory()
{
    return kRoot;
}

Result<QString> HelperJournal::checkedDirectory(const QString &dir)
{
    const QString clean = QDir::cleanPath(dir);
    if (!QDir::isAbsolutePath(dir) || dir.contains(QLatin1String("..")) ||
        (clean != kRoot && !clean.startsWith(kRoot + QLatin1Char('/'))))
        return fail(tr("The journal folder must be %1 or a folder below it, not '%2'.").arg(kRoot, dir.left(100)));
    auto made = PrivateDirectory::ensure(kRoot, clean.mid(kRoot.size()));
    if (!made)
        return std::unexpected(made.error());
    return clean;
}

QString HelperJournal::currentBootId()
{
    QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(file.readAll()).trimmed();
}

HelperJournal::HelperJournal(QString dir, QString path, QString lockPath, int lockFd, QString bootId)
    : m_dir(std::move(dir))
    , m_path(std::move(path))
    , m_lockPath(std::move(lockPath))
    , m_lockFd(lockFd)
    , m_bootId(std::move(bootId))
    , m_netNamespace(netns::ownIdentity())
{
}

HelperJournal::~HelperJournal()
{
    if (m_lockFd >= 0)
        ::close(m_lockFd);
}

Result<std::unique_ptr<HelperJournal>> HelperJournal::create(const QString &dir, const QString &bootId)
{
    // A journal kept from a dead helper whose pid this process reuses must not be overwritten.
    QString base = QStringLiteral("%1/journal-%2").arg(dir).arg(::getpid());
    for (int n = 1; QFile::exists(base + QStringLiteral(".json")) && n < 1000; ++n)
        base = QStringLiteral("%1/journal-%2-%3").arg(dir).arg(::getpid()).arg(n);
    bool busy = false;
    const int fd = lockFile(base + QStringLiteral(".lock"), &busy);
    if (fd < 0)
        return fail(tr("Cannot lock the journal %1.lock: %2.").arg(base, busy ? tr("in use") : errnoText(errno)));
    std::unique_ptr<HelperJournal> journal(
        new HelperJournal(dir, base + QStringLiteral(".json"), base + QStringLiteral(".lock"), fd, bootId));
    auto saved = journal->save();
    if (!saved)
        return std::unexpected(saved.error());
    return journal;
}

int HelperJournal::indexOf(const QString &key, const QString &netns) const
{
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].key == key && m_entries[i].netns == netns)
            return i;
    return -1;
}

Result<void> HelperJournal::replace(const QList<JournalEntry> &entries)
{
    const QList<JournalEntry> before = m_entries;
    m_entries = entries;
    auto saved = save();
    if (!saved)
        m_entries = before;
    return saved;
}

namespace {

QByteArray serialise(const QString &bootId, const QString &netNamespace, const QList<JournalEntry> &entries)
{
    QJsonArray array;
    for (const JournalEntry &e : entries)
        array.append(e.toJson());
    const QJsonObject o{{QStringLiteral("version"), 1},
                        {QStringLiteral("boot_id"), bootId},
                        {QStringLiteral("net_ns"), netNamespace},
                        {QStringLiteral("pid"), qint64(::getpid())},
                        {QStringLiteral("entries"), array}};
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

Result<void> HelperJournal::save()
{
    return writeDurably(m_path, serialise(m_bootId, m_netNamespace, m_entries));
}

void HelperJournal::remove()
{
    ::unlink(native(m_path).constData());
    ::unlink(native(m_lockPath).constData());
}

QList<HelperJournal::Orphan> HelperJournal::claimOrphans(const QString &dir)
{
    QList<Orphan> orphans;
    const QString ownNamespace = netns::ownIdentity();
    const QStringList names =
        QDir(dir).entryList({QStringLiteral("journal-*.json")}, QDir::Files | QDir::NoSymLinks, QDir::Name);
    for (const QString &name : names) {
        Orphan orphan;
        orphan.path = dir + QLatin1Char('/') + name;
        orphan.lockPath = orphan.path.chopped(5) + QStringLiteral(".lock");
        bool busy = false;
        orphan.lockFd = lockFile(orphan.lockPath, &busy);
        if (orphan.lockFd < 0)
            continue; // its helper still runs (or the lock cannot be taken): not ours to touch
        QFile file(orphan.path);
        if (!file.exists()) { // rolled back by another helper just before we locked
            ::close(orphan.lockFd);
            continue;
        }
        if (!file.open(QIODevice::ReadOnly)) {
            orphan.problem = file.errorString();
        } else {
            // All of it: a size limit here would drop the entries behind it.
            auto content = parse(file.readAll());
            if (!content) {
                orphan.problem = content.error().message;
            } else {
                orphan.bootId = content->bootId;
                orphan.netNamespace = content->netNamespace;
                orphan.entries = content->entries;
            }
        }
        if (!orphan.netNamespace.isEmpty() && orphan.netNamespace != ownNamespace) {
            if (netns::identityExists(orphan.netNamespace)) {
                release(orphan);
                continue;
            }
            orphan.goneWithNamespace =
                int(orphan.entries.removeIf([](const JournalEntry &e) { return e.netns.isEmpty(); }));
        }
        orphans.append(orphan);
    }
    return orphans;
}

void HelperJournal::discard(Orphan &orphan)
{
    ::unlink(native(orphan.path).constData());
    ::unlink(native(orphan.path + QStringLiteral(".tmp")).constData());
    ::unlink(native(orphan.lockPath).constData());
    release(orphan);
}

Result<QString> HelperJournal::setAside(Orphan &orphan)
{
    const QString aside = orphan.path + QStringLiteral(".corrupt-") +
                          QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMddTHHmmss"));
    const int moved = ::rename(native(orphan.path).constData(), native(aside).constData());
    const int error = errno;
    if (moved == 0)
        ::unlink(native(orphan.lockPath).constData());
    release(orphan);
    if (moved != 0)
        return fail(tr("Cannot move the unreadable journal %1 aside: %2.").arg(orphan.path, errnoText(error)));
    return aside;
}

Result<void> HelperJournal::keep(Orphan &orphan, const QList<JournalEntry> &entries)
{
    auto written = writeDurably(orphan.path, serialise(orphan.bootId, orphan.netNamespace, entries));
    if (written)
        orphan.entries = entries;
    release(orphan);
    return written;
}

void HelperJournal::release(Orphan &orphan)
{
    if (orphan.lockFd >= 0)
        ::close(orphan.lockFd);
    orphan.lockFd = -1;
}

} // namespace tcptune
