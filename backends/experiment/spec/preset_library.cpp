#include "experiment/spec/preset_library.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace tcptune {
namespace {

} // namespace

PresetLibrary::PresetLibrary(QString dir)
    : m_dir(std::move(dir))
{
}

QList<PresetInfo> PresetLibrary::presets() const
{
    static const QRegularExpression storyNumber(QStringLiteral("^story(\\d+)"));
    QList<PresetInfo> out;
    const QDir dir(m_dir);
    for (const QString &file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        PresetInfo info;
        info.id = QFileInfo(file).completeBaseName();
        info.path = dir.filePath(file);
        const auto match = storyNumber.match(info.id);
        info.story = match.hasMatch() ? match.captured(1).toInt() : 0;
        if (auto plan = loadFile(info.path))
            info.name = plan->spec().name;
        out.append(info);
    }
    std::stable_sort(out.begin(), out.end(), [](const PresetInfo &a, const PresetInfo &b) {
        return a.story != b.story ? a.story < b.story : a.id < b.id;
    });
    return out;
}

Result<PresetInfo> PresetLibrary::find(const QString &reference) const
{
    QString ref = reference.trimmed();
    if (ref.startsWith(QLatin1String("preset:")))
        ref = ref.mid(7);
    if (ref.endsWith(QLatin1String(".json")))
        ref.chop(5);
    bool isNumber = false;
    const int number = ref.toInt(&isNumber);
    const QList<PresetInfo> all = presets();
    for (const PresetInfo &p : all)
        if ((isNumber && p.story == number) || p.id == ref)
            return p;
    QStringList known;
    for (const PresetInfo &p : all)
        known << (p.story ? QStringLiteral("%1 (%2)").arg(p.story).arg(p.id) : p.id);
    return fail(tr("There is no spec file or preset called '%1'. Give a path to a JSON spec or one of the presets: "
                   "%2.")
                    .arg(reference, known.join(QStringLiteral(", "))));
}

Result<SweepPlan> PresetLibrary::load(const QString &reference) const
{
    if (!reference.startsWith(QLatin1String("preset:")) && QFileInfo(reference).isFile())
        return loadFile(reference);
    auto preset = find(reference);
    if (!preset)
        return std::unexpected(preset.error());
    return loadFile(preset->path);
}

Result<SweepPlan> PresetLibrary::loadFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read the spec %1: %2.").arg(path, file.errorString()));
    if (file.size() > 1024 * 1024)
        return fail(tr("The spec %1 is larger than 1 MiB; a spec is a small JSON file.").arg(path));
    auto plan = SweepPlan::fromJsonText(file.readAll());
    if (!plan)
        return fail(QStringLiteral("%1: %2").arg(path, plan.error().message));
    return plan;
}

} // namespace tcptune
