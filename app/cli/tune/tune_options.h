#pragma once
// The tune `tcptune tune` runs, from its command line: the spec file (with its optional "tune"
// object) or the stored tune --resume names, with the options that override the tune.

#include "common/error.h"
#include "experiment/tune/tune_job.h"

#include <QCoreApplication>
#include <QString>

class QCommandLineParser;

namespace tcptune::cli {

class TuneOptions final {
    Q_DECLARE_TR_FUNCTIONS(TuneOptions)
public:
    static void add(QCommandLineParser &parser);
    // The job the command line names, checked, with its environment; STORE_PATH: the result
    // store (--resume reads the stored tune there).
    [[nodiscard]] static Result<TuneJob> job(const QCommandLineParser &parser, const QString &storePath);
};

} // namespace tcptune::cli
