#include "cli/results/results_transfer.h"

#include "cli/console.h"
#include "experiment/store/result_store.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

namespace tcptune::cli {
namespace {

class ResultsTransfer final {
    Q_DECLARE_TR_FUNCTIONS(ResultsTransfer)
};

// Copies every experiment of FROM into TO; what was added, summed.
Result<CopyCount> copyAll(const ResultStore &from, ResultStore &to, QList<qint64> *ended = nullptr)
{
    auto experiments = from.experimentList();
    if (!experiments)
        return std::unexpected(experiments.error());
    CopyCount total;
    for (const ExperimentRecord &e : *experiments) {
        auto copied = from.copyExperimentTo(e.id, to);
        if (!copied)
            return std::unexpected(copied.error());
        total.experiments += copied->experiments;
        total.runs += copied->runs;
        total.captureFiles += copied->captureFiles;
        if (ended && e.status != ExperimentStatus::Running)
            ended->append(e.id);
    }
    return total;
}

} // namespace

int exportBundle(const ResultStore &store, qint64 experimentId, const QString &file)
{
    // Written beside FILE and renamed over it when complete: a failed export leaves no half file.
    const QString partial = QStringLiteral("%1.partial-%2").arg(file).arg(::getpid());
    QFile::remove(partial);
    Result<CopyCount> copied = std::unexpected(Error{});
    {
        ResultStore bundle;
        if (auto opened = bundle.open(partial); !opened)
            return failWith(opened.error().message, 1);
        copied = store.copyExperimentTo(experimentId, bundle, ResultStore::CopyRuns::Ended,
                                        ResultStore::CaptureFiles::Embed);
    }
    for (const QString &suffix : {QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(partial + suffix);
    if (!copied) {
        QFile::remove(partial);
        return failWith(copied.error().message, 1);
    }
    QFile::remove(file);
    if (!QFile::rename(partial, file)) {
        QFile::remove(partial);
        return failWith(ResultsTransfer::tr("Cannot write %1; check the folder's permissions.").arg(file), 1);
    }
    out() << ResultsTransfer::tr("Wrote experiment %1 and its runs (%2) to %3.")
                 .arg(experimentId)
                 .arg(copied->runs)
                 .arg(file)
          << Qt::endl;
    if (copied->captureFiles + copied->missingCaptureFiles > 0)
        out() << ResultsTransfer::tr("Capture files in the bundle: %1; not found or not readable, so left out: %2.")
                     .arg(copied->captureFiles)
                     .arg(copied->missingCaptureFiles)
              << Qt::endl;
    return 0;
}

int importBundle(ResultStore &store, const QString &file)
{
    if (!QFileInfo(file).isFile())
        return failWith(ResultsTransfer::tr("There is no bundle %1; 'tcptune results export ID --bundle FILE' "
                                            "writes one.")
                            .arg(file),
                        2);
    ResultStore bundle;
    if (auto opened = bundle.open(file); !opened)
        return failWith(ResultsTransfer::tr("%1 is not a tcptune bundle: %2").arg(file, opened.error().message), 2);
    auto copied = copyAll(bundle, store);
    if (!copied)
        return failWith(copied.error().message, 1);
    out() << ResultsTransfer::tr("Imported into %1: new experiments %2, new runs %3.")
                 .arg(store.path())
                 .arg(copied->experiments)
                 .arg(copied->runs)
          << Qt::endl;
    if (copied->captureFiles > 0)
        out() << ResultsTransfer::tr("Capture files written to %1: %2.")
                     .arg(store.capturesFolder())
                     .arg(copied->captureFiles)
              << Qt::endl;
    return 0;
}

int syncOutbox(ResultStore &store, const QString &outboxPath)
{
    if (!QFileInfo(outboxPath).isFile()) {
        out() << ResultsTransfer::tr("Nothing waits in the outbox (%1).").arg(outboxPath) << Qt::endl;
        return 0;
    }
    ResultStore outbox;
    if (auto opened = outbox.open(outboxPath); !opened)
        return failWith(opened.error().message, 1);
    QList<qint64> ended;
    auto copied = copyAll(outbox, store, &ended);
    if (!copied)
        return failWith(copied.error().message, 1);
    // Uploaded and ended: nothing of them is left to send.
    for (qint64 id : ended)
        if (auto r = outbox.deleteExperiment(id); !r)
            return failWith(r.error().message, 1);
    out() << ResultsTransfer::tr("Uploaded to %1: new runs %2.").arg(store.path()).arg(copied->runs) << Qt::endl;
    return 0;
}

} // namespace tcptune::cli
