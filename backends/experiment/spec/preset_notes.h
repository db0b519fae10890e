#pragma once
// The presets' lab notes (resources/presets/*.json, "lab_note") in the user's language. The
// notes are English in the files; their translations are looked up under the context
// "PresetNote", where lupdate finds the texts listed in preset_notes.cpp. A note that is not
// listed there (a user's own spec) stays as written.

#include <QString>

namespace tcptune {

// NOTE (a spec's lab_note) translated, or as it is when there is no translation.
QString translatedLabNote(const QString &note);

// The notes listed for translation, in English (tests check each preset's note is one of them).
QStringList translatableLabNotes();

} // namespace tcptune
