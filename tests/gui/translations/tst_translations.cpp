// The German translation is complete: lupdate run over the sources into a copy of
// translations/tcptune_de.ts finds no string that is new (missing from the file), unfinished or
// untranslated; and the built program speaks German when the locale asks for it.

#include "command_runner.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct TsCheck {
    int messages = 0;
    QStringList problems; // "context: source" of each message without a finished translation
};

TsCheck checkTs(const QString &path)
{
    TsCheck check;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        check.problems.append(QStringLiteral("cannot open %1").arg(path));
        return check;
    }
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    bool finished = true;
    bool hasText = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                ++check.messages;
                source.clear();
                finished = true;
                hasText = false;
            } else if (name == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                const auto type = xml.attributes().value(QLatin1String("type"));
                finished = type.isEmpty();
                const bool numerus = xml.attributes().value(QLatin1String("numerus")).isEmpty() == false;
                Q_UNUSED(numerus);
                // Plain text, or numerusform children: read what is inside.
                while (!xml.atEnd()) {
                    xml.readNext();
                    if (xml.isCharacters() && !xml.text().trimmed().isEmpty())
                        hasText = true;
                    if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                        break;
                }
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            if (!finished || !hasText)
                check.problems.append(
                    QStringLiteral("%1: %2%3").arg(context, source, finished ? QStringLiteral(" (empty)") : QString()));
        }
    }
    if (xml.hasError())
        check.problems.append(QStringLiteral("%1: XML error %2").arg(path, xml.errorString()));
    return check;
}

QString committedTs()
{
    return QStringLiteral(TCPTUNE_SOURCE_DIR "/translations/tcptune_de.ts");
}

} // namespace

class TestTranslations final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void committedFileIsComplete();
    void sourcesHaveNoUntranslatedStrings();
    void programSpeaksGerman_data();
    void programSpeaksGerman();
};

void TestTranslations::committedFileIsComplete()
{
    const TsCheck check = checkTs(committedTs());
    QVERIFY(check.messages > 100);
    QVERIFY2(check.problems.isEmpty(), qPrintable(check.problems.join(QLatin1Char('\n'))));
}

void TestTranslations::sourcesHaveNoUntranslatedStrings()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("tcptune_de.ts"));
    QVERIFY(QFile::copy(committedTs(), copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);

    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(TCPTUNE_SOURCE_DIR));
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(TCPTUNE_LUPDATE),
                  {QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-obsolete"),
                   QStringLiteral("backends"), QStringLiteral("widgets"), QStringLiteral("app"), QStringLiteral("-ts"),
                   copy});
    QVERIFY2(lupdate.waitForFinished(60000), "lupdate did not finish within 60 s");
    const QByteArray output = lupdate.readAll();
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, output.constData());

    // A string added to the sources but not to the .ts comes back from lupdate as unfinished.
    const TsCheck check = checkTs(copy);
    QVERIFY(check.messages > 100);
    QVERIFY2(check.problems.isEmpty(),
             qPrintable(QStringLiteral("Strings without a German translation (run lupdate -locations none "
                                       "-no-obsolete backends widgets app -ts translations/tcptune_de.ts "
                                       "and translate them):\n") +
                        check.problems.join(QLatin1Char('\n'))));
}

void TestTranslations::programSpeaksGerman_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("expected");
    QTest::addRow("german locale") << QStringLiteral("de_DE.UTF-8") << QStringLiteral("Knöpfe auflisten");
    QTest::addRow("english locale") << QStringLiteral("C.UTF-8") << QStringLiteral("List knobs");
}

void TestTranslations::programSpeaksGerman()
{
    QFETCH(QString, lang);
    QFETCH(QString, expected);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LANG"), lang);
    env.insert(QStringLiteral("LANGUAGE"), QString());
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    const tcptune::test::CommandResult r =
        tcptune::test::runCommand(tcptune::test::binary(QStringLiteral("tcptune")),
                                  {QStringLiteral("knobs"), QStringLiteral("--help")}, 30000, {}, env);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QString::fromUtf8(r.out + r.err).contains(expected), (r.out + r.err).constData());
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
