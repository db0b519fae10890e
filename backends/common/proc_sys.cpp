#include "common/proc_sys.h"

#include <QCoreApplication>
#include <QFile>

namespace tcptune::procsys {

namespace {

// ProcSys::tr(): lupdate files this file's text under the context that tr() looks it up in.
class ProcSys final {
    Q_DECLARE_TR_FUNCTIONS(ProcSys)
};

} // namespace

QString pathForKey(const QString &key)
{
    QString rel = key;
    rel.replace(QLatin1Char('.'), QLatin1Char('/'));
    return QStringLiteral("/proc/sys/") + rel;
}

QString normalise(const QString &raw)
{
    return raw.simplified();
}

Result<QString> read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(ProcSys::tr("Cannot read %1: %2").arg(path, file.errorString()));
    // /proc files report size 0; read until EOF with a cap, values are short.
    const QByteArray data = file.read(64 * 1024);
    return QString::fromUtf8(data).trimmed();
}

} // namespace tcptune::procsys
