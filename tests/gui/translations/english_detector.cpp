#include "english_detector.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QXmlStreamReader>

namespace tcptune::test {

namespace {

// Words that English sentences are made of and German ones are not.
const QSet<QString> &englishWords()
{
    static const QSet<QString> words = {
        QStringLiteral("the"),    QStringLiteral("and"),   QStringLiteral("is"),     QStringLiteral("are"),
        QStringLiteral("was"),    QStringLiteral("were"),  QStringLiteral("of"),     QStringLiteral("to"),
        QStringLiteral("with"),   QStringLiteral("not"),   QStringLiteral("this"),   QStringLiteral("that"),
        QStringLiteral("for"),    QStringLiteral("from"),  QStringLiteral("be"),     QStringLiteral("it"),
        QStringLiteral("its"),    QStringLiteral("has"),   QStringLiteral("have"),   QStringLiteral("which"),
        QStringLiteral("when"),   QStringLiteral("than"),  QStringLiteral("there"),  QStringLiteral("cannot"),
        QStringLiteral("can"),    QStringLiteral("could"), QStringLiteral("should"), QStringLiteral("would"),
        QStringLiteral("must"),   QStringLiteral("does"),  QStringLiteral("did"),    QStringLiteral("your"),
        QStringLiteral("you"),    QStringLiteral("what"),  QStringLiteral("only"),   QStringLiteral("into"),
        QStringLiteral("been"),   QStringLiteral("or"),    QStringLiteral("by"),     QStringLiteral("after"),
        QStringLiteral("before"), QStringLiteral("each"),  QStringLiteral("every")};
    return words;
}

// What is not prose: quoted text, paths, command-line options, dotted names (knobs, files,
// hosts), placeholders, numbers with units.
QString withoutNonProse(QString line)
{
    static const QList<QRegularExpression> patterns = {
        QRegularExpression(QStringLiteral("'[^']*'")),
        QRegularExpression(QStringLiteral("\"[^\"]*\"")),
        QRegularExpression(QStringLiteral("`[^`]*`")),
        QRegularExpression(QStringLiteral("\\S*[/\\\\]\\S*")),
        QRegularExpression(QStringLiteral("(^|\\s)--?[A-Za-z][\\w-]*(=\\S*)?")),
        QRegularExpression(QStringLiteral("\\S+\\.\\S+")),
        QRegularExpression(QStringLiteral("\\S*_\\S*")),
        QRegularExpression(QStringLiteral("%\\w+")),
    };
    for (const QRegularExpression &p : patterns)
        line.replace(p, QStringLiteral(" "));
    return line;
}

// How many different English function words LINE holds (in its prose only, when PROSE_ONLY).
qsizetype englishWordCount(const QString &line, bool proseOnly = true)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z]+"));
    QSet<QString> found;
    auto it = word.globalMatch(proseOnly ? withoutNonProse(line) : line);
    while (it.hasNext()) {
        const QString w = it.next().captured().toLower();
        if (englishWords().contains(w))
            found.insert(w);
    }
    return found.size();
}

// A line reads as English when at least two different English function words carry it.
QString englishLine(const QString &line)
{
    return englishWordCount(line) >= 2 ? line.trimmed() : QString();
}

// The pieces of a source text between its placeholders and line breaks.
QStringList fragmentsOf(const QString &source)
{
    static const QRegularExpression split(QStringLiteral("%L?\\d+|%n|\\n"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{2,}"));
    QStringList out;
    for (QString piece : source.split(split)) {
        piece = piece.simplified();
        // A sentence, not a word or a name: three words or more, one of them an English function
        // word (quoted text counts here: the fragment is matched literally).
        if (piece.count(word) >= 3 && englishWordCount(piece, false) >= 1)
            out << piece;
    }
    return out;
}

} // namespace

EnglishDetector::EnglishDetector(const QString &tsFile)
{
    QFile file(tsFile);
    if (!file.open(QIODevice::ReadOnly))
        return;
    QXmlStreamReader xml(&file);
    QStringList translations;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source"))
            m_fragments << fragmentsOf(xml.readElementText());
        else if (xml.name() == QLatin1String("translation") || xml.name() == QLatin1String("numerusform"))
            translations << xml.readElementText(QXmlStreamReader::IncludeChildElements).simplified();
    }
    // A fragment the German text carries too (a command line, a name) is not a finding.
    const QString german = translations.join(QLatin1Char('\n'));
    m_fragments.removeIf([&german](const QString &f) { return german.contains(f); });
    m_fragments.removeDuplicates();
}

QStringList EnglishDetector::findEnglish(const QString &text) const
{
    QStringList findings;
    const QString simplified = text.simplified();
    for (const QString &f : m_fragments)
        if (simplified.contains(f))
            findings << QStringLiteral("untranslated: \"%1\"").arg(f);
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QString english = englishLine(line);
        if (!english.isEmpty())
            findings << QStringLiteral("English line: \"%1\"").arg(english);
    }
    return findings;
}

} // namespace tcptune::test
