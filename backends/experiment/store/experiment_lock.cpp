#include "experiment/store/experiment_lock.h"

#include "experiment/store/result_store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSysInfo>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace tcptune {

ExperimentLock::~ExperimentLock()
{
    release();
}

QString ExperimentLock::pathFor(const ResultStore &store, qint64 experimentId)
{
    if (!store.isPostgres())
        return QStringLiteral("%1.locks/experiment-%2.lock")
            .arg(QFileInfo(store.path()).absoluteFilePath())
            .arg(experimentId);
    const QByteArray server =
        QCryptographicHash::hash(store.path().toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("%1/server-locks/%2/experiment-%3.lock")
        .arg(ResultStore::localDataFolder(), QString::fromLatin1(server))
        .arg(experimentId);
}

Result<void> ExperimentLock::acquire(const ResultStore &store, qint64 experimentId)
{
    release();
    const QString path = pathFor(store, experimentId);
    QDir().mkpath(QFileInfo(path).absolutePath());
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0 || ::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (fd >= 0)
            ::close(fd);
        return fail(tr("Experiment %1 is being run by another tcptune process (its lock %2 is held), or %2 cannot "
                       "be written; wait for that process or check the folder's permissions.")
                        .arg(experimentId)
                        .arg(path));
    }
    m_fd = fd;
    m_path = path;
    return {};
}

void ExperimentLock::release()
{
    if (m_fd < 0)
        return;
    QFile::remove(m_path); // before unlocking: no one takes a lock on a file about to go
    ::close(m_fd);
    m_fd = -1;
}

bool ExperimentLock::isHeldElsewhere(const ResultStore &store, qint64 experimentId)
{
    const int fd = ::open(QFile::encodeName(pathFor(store, experimentId)).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false; // no lock file: nobody runs it
    const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0;
    ::close(fd);
    return held;
}

Result<QList<ExperimentRecord>> ExperimentLock::settleAbandoned(ResultStore &store)
{
    auto experiments = store.experimentList();
    if (!experiments)
        return std::unexpected(experiments.error());
    QList<ExperimentRecord> abandoned;
    const QString host = QSysInfo::machineHostName();
    const QString user = ResultStore::currentUserName();
    for (const ExperimentRecord &e : *experiments) {
        const bool ranHere = (e.host.isEmpty() || e.host == host) && (e.user.isEmpty() || e.user == user);
        if (e.status != ExperimentStatus::Running || !ranHere || isHeldElsewhere(store, e.id))
            continue;
        const QString why = tr("The tcptune process running it ended before it finished (killed or crashed).");
        if (auto r = store.setExperimentStatus(e.id, ExperimentStatus::Interrupted, why); !r)
            return std::unexpected(r.error());
        if (auto r = store.markRunningRunsInterrupted(e.id, why); !r)
            return std::unexpected(r.error());
        QFile::remove(pathFor(store, e.id));
        abandoned.append(e);
    }
    return abandoned;
}

} // namespace tcptune
