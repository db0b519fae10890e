#include "experiment/store/experiment_lock.h"

#include "experiment/store/result_store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace tcptune {

ExperimentLock::~ExperimentLock()
{
    release();
}

QString ExperimentLock::pathFor(const QString &storePath, qint64 experimentId)
{
    return QStringLiteral("%1.locks/experiment-%2.lock").arg(QFileInfo(storePath).absoluteFilePath()).arg(experimentId);
}

Result<void> ExperimentLock::acquire(const QString &storePath, qint64 experimentId)
{
    release();
    const QString path = pathFor(storePath, experimentId);
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

bool ExperimentLock::isHeldElsewhere(const QString &storePath, qint64 experimentId)
{
    const int fd = ::open(QFile::encodeName(pathFor(storePath, experimentId)).constData(), O_RDONLY | O_CLOEXEC);
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
    for (const ExperimentRecord &e : *experiments) {
        if (e.status != ExperimentStatus::Running || isHeldElsewhere(store.path(), e.id))
            continue;
        const QString why = tr("The tcptune process running it ended before it finished (killed or crashed).");
        if (auto r = store.setExperimentStatus(e.id, ExperimentStatus::Interrupted, why); !r)
            return std::unexpected(r.error());
        if (auto r = store.markRunningRunsInterrupted(e.id, why); !r)
            return std::unexpected(r.error());
        QFile::remove(pathFor(store.path(), e.id));
        abandoned.append(e);
    }
    return abandoned;
}

} // namespace tcptune
