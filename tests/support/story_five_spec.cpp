#include "story_five_spec.h"

#include "test_paths.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace tcptune::test {

QString storyFiveSpec(const QTemporaryDir &dir, const QJsonArray &windows, const QString &fileName)
{
    QFile preset(sourcePath(QStringLiteral("resources/presets/story5-send-window.json")));
    if (!preset.open(QIODevice::ReadOnly))
        return QString();
    QJsonObject spec = QJsonDocument::fromJson(preset.readAll()).object();
    spec.insert(QStringLiteral("sweep"),
                QJsonObject{{QStringLiteral("axes"),
                             QJsonArray{QJsonObject{{QStringLiteral("parameter"), QStringLiteral("socket.SO_SNDBUF")},
                                                    {QStringLiteral("values"), windows}}}}});
    const QString path = dir.filePath(fileName);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(spec).toJson()) <= 0)
        return QString();
    return path;
}

} // namespace tcptune::test
