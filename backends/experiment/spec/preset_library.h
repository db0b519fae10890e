#pragma once
// The presets: one experiment per story in docs/stories.md, shipped as resources/presets/*.json
// (installed into share/tcptune/presets, see installlayout::presetDir()). A preset is addressed
// by its story number ("5", "preset:5"), its file name with or without ".json"
// ("story5-send-window"), or a path to any spec file.

#include "common/error.h"
#include "common/install_layout.h"
#include "experiment/spec/sweep_plan.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace tcptune {

struct PresetInfo {
    QString id;    // file name without .json, e.g. "story5-send-window"
    int story = 0; // the story number, 0 when the name has none
    QString path;  // ".../share/tcptune/presets/story5-send-window.json" or a file path
    QString name;  // the spec's "name"
};

class PresetLibrary final {
    Q_DECLARE_TR_FUNCTIONS(PresetLibrary)
public:
    // DIR: where the preset files are (the installed or build tree's preset folder by default;
    // tests pass the source folder).
    explicit PresetLibrary(QString dir = installlayout::presetDir());

    QList<PresetInfo> presets() const; // by story, then id
    // Finds a preset by number, "preset:N", id or id.json; an error lists the known ones.
    [[nodiscard]] Result<PresetInfo> find(const QString &reference) const;
    // Loads a spec: REFERENCE is a path to a JSON file when that file exists, else a preset.
    [[nodiscard]] Result<SweepPlan> load(const QString &reference) const;

    [[nodiscard]] static Result<SweepPlan> loadFile(const QString &path);

private:
    QString m_dir;
};

} // namespace tcptune
