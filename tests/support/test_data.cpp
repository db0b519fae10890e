#include "test_data.h"

#include "test_paths.h"

#include <QDir>

namespace tcptune::test {

QString captureDir()
{
    return sourcePath(QStringLiteral("tests/data/captures"));
}

QString captureFile(const QString &name)
{
    return captureDir() + QLatin1Char('/') + name;
}

QStringList captureFiles()
{
    return QDir(captureDir())
        .entryList({QStringLiteral("*.pcap"), QStringLiteral("*.pcapng")}, QDir::Files, QDir::Name);
}

} // namespace tcptune::test
