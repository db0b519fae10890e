#include "test_paths.h"

#include <QLatin1Char>

namespace tcptune::test {

namespace {

QString below(const QString &root, const QString &relative)
{
    return relative.isEmpty() ? root : root + QLatin1Char('/') + relative;
}

} // namespace

QString sourcePath(const QString &relative)
{
    return below(QStringLiteral(TCPTUNE_SOURCE_DIR), relative);
}

QString buildPath(const QString &relative)
{
    return below(QStringLiteral(TCPTUNE_BUILD_DIR), relative);
}

QString binPath(const QString &name)
{
    return below(buildPath(QStringLiteral("bin")), name);
}

QString screenshotPath(const QString &relative)
{
    return below(buildPath(QStringLiteral("screenshots")), relative);
}

} // namespace tcptune::test
