#include "cli/tune/tune_exports_writer.h"

#include "experiment/tune/tune_exports.h"

#include <QCommandLineParser>
#include <QSaveFile>

#include <utility>

namespace tcptune::cli {
namespace {

const QString kEndOption = QStringLiteral("export-end");

Result<void> writeAtomically(const QString &path, const QByteArray &text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit())
        return fail(TuneExportsWriter::tr("Cannot write %1: %2. Choose a folder you may write to.")
                        .arg(path, file.errorString()));
    return {};
}

} // namespace

Result<void> TuneExportsWriter::check(const QCommandLineParser &parser)
{
    const QString end = parser.value(kEndOption);
    if (parser.isSet(kEndOption) && end != QLatin1String("local") && end != QLatin1String("remote"))
        return fail(tr("--export-end: '%1' is not an end; give local (this end) or remote (the far end).").arg(end));
    return {};
}

Result<QStringList> TuneExportsWriter::write(const QCommandLineParser &parser, const TuneAnswer &answer,
                                             const QString &name)
{
    const RunEnd end = parser.value(kEndOption) == QLatin1String("remote") ? RunEnd::Remote : RunEnd::Local;
    const std::pair<const char *, TuneExportFormat> formats[] = {
        {"export-sysctl", TuneExportFormat::SysctlD},
        {"export-tuned", TuneExportFormat::Tuned},
        {"export-script", TuneExportFormat::Shell},
    };
    QStringList written;
    for (const auto &[option, format] : formats) {
        const QString path = parser.value(QString::fromLatin1(option));
        if (path.isEmpty())
            continue;
        if (auto r = writeAtomically(path, tuneExport(answer, end, format, name)); !r)
            return std::unexpected(r.error());
        written << path;
    }
    return written;
}

} // namespace tcptune::cli
