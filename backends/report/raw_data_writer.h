#pragma once
// The raw numbers behind a report, for a spreadsheet or a script. CSV: FILE holds the per-point
// summaries and FILE-runs.csv one line per run (the result table's one CSV writer, as
// `tcptune sweep --out` writes them), FILE-samples.csv every TCP_INFO sample. JSON: one document
// with the points as results.json has them, each run with its samples.

#include "common/error.h"
#include "report/report_model.h"

#include <QJsonObject>

namespace tcptune {

class RawDataWriter final {
public:
    static QByteArray pointsCsv(const ReportModel &model);
    static QByteArray runsCsv(const ReportModel &model);
    static QByteArray samplesCsv(const ReportModel &model);
    static QJsonObject toJson(const ReportModel &model);

    [[nodiscard]] static Result<QStringList> writeCsv(const ReportModel &model, const QString &path);
    [[nodiscard]] static Result<QStringList> writeJson(const ReportModel &model, const QString &path);
};

} // namespace tcptune
