#include "common/install_layout.h"

#include <QDir>
#include <QFileInfo>

namespace tcptune::installlayout {
namespace {

// Set by backends/common/CMakeLists.txt from GNUInstallDirs, relative to the bin folder.
constexpr auto kInstalledHelperDir = TCPTUNE_RELATIVE_HELPER_DIR; // "../libexec/tcptune"
constexpr auto kInstalledDataDir = TCPTUNE_RELATIVE_DATA_DIR;     // "../share/tcptune"
constexpr auto kBuildTreeDataDir = TCPTUNE_BUILD_RELATIVE_DATA_DIR;
constexpr auto kHelperName = "tcptune-helper";

QString under(const QString &exeDir, const char *relative, const char *name = nullptr)
{
    QString path = exeDir + QLatin1Char('/') + QLatin1String(relative);
    if (name)
        path += QLatin1Char('/') + QLatin1String(name);
    return QDir::cleanPath(path);
}

} // namespace

QString executableDir()
{
    return QFileInfo(QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget()).absolutePath();
}

QStringList helperCandidates(const QString &exeDir)
{
    return {under(exeDir, kInstalledHelperDir, kHelperName), under(exeDir, ".", kHelperName),
            under(exeDir, "../bin", kHelperName)};
}

QString helperExecutable(const QString &exeDir)
{
    const QStringList candidates = helperCandidates(exeDir);
    for (const QString &candidate : candidates)
        if (QFileInfo(candidate).isExecutable())
            return candidate;
    return candidates.front();
}

QString dataDir(const QString &exeDir)
{
    const QString installed = under(exeDir, kInstalledDataDir);
    const QString buildTree = under(exeDir, kBuildTreeDataDir);
    return QFileInfo(installed).isDir() || !QFileInfo(buildTree).isDir() ? installed : buildTree;
}

QString presetDir(const QString &exeDir)
{
    return dataDir(exeDir) + QStringLiteral("/presets");
}

QString translationDir(const QString &exeDir)
{
    return dataDir(exeDir) + QStringLiteral("/translations");
}

} // namespace tcptune::installlayout
