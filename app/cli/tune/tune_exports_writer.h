#pragma once
// --export-sysctl, --export-tuned, --export-script FILE: the answer's changes of one end as files
// (experiment/tune/tune_exports.h), each written whole or not at all (QSaveFile).

#include "common/error.h"
#include "experiment/tune/tuner_search.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace tcptune::cli {

class TuneExportsWriter final {
    Q_DECLARE_TR_FUNCTIONS(TuneExportsWriter)
public:
    // Checks --export-end before anything runs.
    [[nodiscard]] static Result<void> check(const QCommandLineParser &parser);
    // Writes the exports PARSER asks for; NAME heads them. The files written.
    [[nodiscard]] static Result<QStringList> write(const QCommandLineParser &parser, const TuneAnswer &answer,
                                                   const QString &name);
};

} // namespace tcptune::cli
