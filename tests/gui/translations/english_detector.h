#pragma once
// Finds English in text that should be German: sentences of the English sources in the .ts
// file (a string that reached the user untranslated), and lines that read as English by their
// function words (a string that never went through tr()). Quoted text, paths, options, knob
// names and units are not sentences and are left out.

#include <QList>
#include <QString>
#include <QStringList>

namespace tcptune::test {

class EnglishDetector final {
public:
    // Reads the source texts of TS_FILE (translations/tcptune_de.ts).
    explicit EnglishDetector(const QString &tsFile);

    // How many source fragments it looks for; 0 when the .ts could not be read.
    qsizetype fragmentCount() const { return m_fragments.size(); }

    // Each English finding in TEXT, described for a test failure; empty when there is none.
    QStringList findEnglish(const QString &text) const;

private:
    QStringList m_fragments;
};

} // namespace tcptune::test
