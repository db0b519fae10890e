// The German translation is complete and really shows: lupdate run over the sources into a copy
// of translations/tcptune_de.ts finds no string that is new (missing from the file), unfinished
// or untranslated; under a German locale every command's help and error paths and the main
// window's widgets hold no English sentence (and under an English locale the same paths do, so
// the check can fail). Every context the .ts holds names a class (Class::tr or Q_DECLARE_TR_FUNCTIONS).

#include "command_runner.h"
#include "test_paths.h"
#include "english_detector.h"
#include "main_window.h"
#include "widget_texts.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLibraryInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace tcptune;
using namespace tcptune::test;

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
                finished = xml.attributes().value(QLatin1String("type")).isEmpty();
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
    return sourcePath(QStringLiteral("translations/tcptune_de.ts"));
}

const EnglishDetector &detector()
{
    static const EnglishDetector d(committedTs());
    return d;
}

// The environment of a user's session with LANG (and LANGUAGE) as given; nothing else decides.
QProcessEnvironment localeEnvironment(const QString &lang, const QString &language)
{
    static const QTemporaryDir runtimeDir; // a session has one; without it Qt warns in English
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtimeDir.path());
    env.insert(QStringLiteral("LANG"), lang);
    env.insert(QStringLiteral("LANGUAGE"), language);
    env.remove(QStringLiteral("LC_ALL"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    return env;
}

QString describe(const QStringList &findings, const QString &output)
{
    return findings.join(QLatin1Char('\n')) + QStringLiteral("\n--- output:\n") + output;
}

QStringList tsContexts(const QString &path)
{
    QStringList contexts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return contexts;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("name"))
            contexts.append(xml.readElementText());
    }
    return contexts;
}

// The classes a tr() context may name: those with Q_DECLARE_TR_FUNCTIONS(Name), and those declared
// in a header that holds a Q_OBJECT (their own tr()). A context lupdate takes from anywhere else
// (QCoreApplication::translate("netns", ...)) names no class.
QSet<QString> translatingClasses()
{
    static const QRegularExpression declared(QStringLiteral(R"(Q_DECLARE_TR_FUNCTIONS\((\w+)\))"));
    static const QRegularExpression objectClass(QStringLiteral(R"(\b(?:class|struct)\s+(\w+)\s*(?:final\s*)?[:{])"));
    QSet<QString> classes;
    for (const char *folder : {"backends", "widgets", "app", "helper_app"}) {
        QDirIterator it(sourcePath() + QLatin1Char('/') + QLatin1String(folder),
                        {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QString text = QString::fromUtf8(f.readAll());
            for (const auto &m : declared.globalMatch(text))
                classes.insert(m.captured(1));
            if (text.contains(QLatin1String("Q_OBJECT"))) {
                for (const auto &m : objectClass.globalMatch(text))
                    classes.insert(m.captured(1));
            }
        }
    }
    return classes;
}

} // namespace

class TestTranslations final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void committedFileIsComplete();
    void sourcesHaveNoUntranslatedStrings();
    void everyContextIsAClass();
    void programSpeaksGerman_data();
    void programSpeaksGerman();
    void commandsSpeakGerman_data();
    void commandsSpeakGerman();
    void mainWindowSpeaksGerman();

private:
    QTemporaryDir m_dir;
    QString path(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }
};

void TestTranslations::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QVERIFY2(detector().fragmentCount() > 100, "the English sources of the .ts could not be read");
    const QList<QPair<const char *, QByteArray>> files = {
        {"bad.json", R"({"name": "x", "sweep": 5})"},
        {"garbage.json", "this is not JSON"},
        {"text.pcap", "hello, world\n"},
    };
    for (const auto &[name, content] : files) {
        QFile f(path(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
}

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
    lupdate.setWorkingDirectory(sourcePath());
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(TCPTUNE_LUPDATE),
                  {QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-no-obsolete"),
                   QStringLiteral("backends"), QStringLiteral("widgets"), QStringLiteral("app"),
                   QStringLiteral("helper_app"), QStringLiteral("-ts"), copy});
    QVERIFY2(lupdate.waitForFinished(60000), "lupdate did not finish within 60 s");
    const QByteArray output = lupdate.readAll();
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, output.constData());
    // lupdate warns where it cannot tell a tr() call's context; then the lookup would miss.
    QVERIFY2(!output.contains("warning") && !output.contains(": Qualifying") && !output.contains("lacks Q_OBJECT"),
             output.constData());

    // A string added to the sources but not to the .ts comes back from lupdate as unfinished.
    const TsCheck check = checkTs(copy);
    QVERIFY(check.messages > 100);
    QVERIFY2(check.problems.isEmpty(),
             qPrintable(QStringLiteral("Strings without a German translation (run lupdate -locations none "
                                       "-no-obsolete backends widgets app helper_app -ts translations/tcptune_de.ts "
                                       "and translate them):\n") +
                        check.problems.join(QLatin1Char('\n'))));
}

void TestTranslations::everyContextIsAClass()
{
    const QStringList contexts = tsContexts(committedTs());
    const QSet<QString> classes = translatingClasses();
    QVERIFY(contexts.size() > 50);
    QVERIFY(classes.size() > 50);
    QStringList strays;
    for (const QString &context : contexts) {
        const QString name = context.section(QStringLiteral("::"), -1);
        if (!classes.contains(name))
            strays.append(context);
    }
    QVERIFY2(strays.isEmpty(), qPrintable(QStringLiteral("tr() contexts that name no class with Q_OBJECT or "
                                                         "Q_DECLARE_TR_FUNCTIONS (use Class::tr): ") +
                                          strays.join(QStringLiteral(", "))));
}

void TestTranslations::programSpeaksGerman_data()
{
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("expected");
    QTest::addRow("german locale") << QStringLiteral("de_DE.UTF-8")
                                   << QStringLiteral("Die Werte im Labor-Namensraum NAME lesen.");
    QTest::addRow("english locale") << QStringLiteral("C.UTF-8")
                                    << QStringLiteral("Read the values inside lab namespace NAME.");
}

void TestTranslations::programSpeaksGerman()
{
    QFETCH(QString, lang);
    QFETCH(QString, expected);
    const CommandResult r =
        runCommand(binary(QStringLiteral("tcptune")), {QStringLiteral("knobs"), QStringLiteral("--help")}, 30000, {},
                   localeEnvironment(lang, QString()));
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(QString::fromUtf8(r.out + r.err).contains(expected), QByteArray(r.out + r.err).constData());
}

void TestTranslations::commandsSpeakGerman_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("succeeds");
    const QString db = path("results.db");
    const QStringList commands = {QStringLiteral("analyze"), QStringLiteral("chart"),  QStringLiteral("knobs"),
                                  QStringLiteral("lab"),     QStringLiteral("report"), QStringLiteral("results"),
                                  QStringLiteral("run"),     QStringLiteral("serve"),  QStringLiteral("sweep")};
    QTest::addRow("usage") << QStringList{QStringLiteral("--help")} << true;
    QTest::addRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << false;
    for (const QString &c : commands) {
        QTest::addRow("%s --help", qPrintable(c)) << QStringList{c, QStringLiteral("--help")} << true;
        QTest::addRow("%s unknown option", qPrintable(c)) << QStringList{c, QStringLiteral("--frobnicate")} << false;
    }
    QTest::addRow("sweep bad spec") << QStringList{QStringLiteral("sweep"), path("bad.json"), QStringLiteral("--db"),
                                                   db}
                                    << false;
    QTest::addRow("sweep spec not JSON") << QStringList{QStringLiteral("sweep"), path("garbage.json"),
                                                        QStringLiteral("--db"), db}
                                         << false;
    QTest::addRow("sweep no such spec") << QStringList{QStringLiteral("sweep"), path("none.json"),
                                                       QStringLiteral("--db"), db}
                                        << false;
    QTest::addRow("sweep bad repeats") << QStringList{QStringLiteral("sweep"),     QStringLiteral("5"),
                                                      QStringLiteral("--repeats"), QStringLiteral("many"),
                                                      QStringLiteral("--db"),      db}
                                       << false;
    QTest::addRow("lab status without a lab") << QStringList{QStringLiteral("lab"), QStringLiteral("status"),
                                                             QStringLiteral("--name"), QStringLiteral("tst-i18n-none")}
                                              << true;
    QTest::addRow("lab bad topology") << QStringList{QStringLiteral("lab"),        QStringLiteral("up"),
                                                     QStringLiteral("--name"),     QStringLiteral("tst-i18n"),
                                                     QStringLiteral("--topology"), QStringLiteral("star")}
                                      << false;
    QTest::addRow("lab bad action") << QStringList{QStringLiteral("lab"), QStringLiteral("sideways")} << false;
    QTest::addRow("run bad duration") << QStringList{QStringLiteral("run"), QStringLiteral("--target"),
                                                     QStringLiteral("127.0.0.1:1"), QStringLiteral("--duration"),
                                                     QStringLiteral("soon")}
                                      << false;
    QTest::addRow("run bad workload") << QStringList{QStringLiteral("run"), QStringLiteral("--target"),
                                                     QStringLiteral("127.0.0.1:1"), QStringLiteral("--workload"),
                                                     QStringLiteral("dance")}
                                      << false;
    QTest::addRow("run nobody listening")
        << QStringList{QStringLiteral("run"), QStringLiteral("--target"), QStringLiteral("127.0.0.1:1"),
                       QStringLiteral("--duration"), QStringLiteral("1")}
        << false;
    QTest::addRow("analyze no such file") << QStringList{QStringLiteral("analyze"), path("none.pcap")} << false;
    QTest::addRow("analyze not a capture") << QStringList{QStringLiteral("analyze"), path("text.pcap")} << false;
    QTest::addRow("analyze bad interval") << QStringList{QStringLiteral("analyze"), QStringLiteral("--interval"),
                                                         QStringLiteral("soon"), path("text.pcap")}
                                          << false;
    QTest::addRow("report not an id") << QStringList{QStringLiteral("report"), QStringLiteral("abc"),
                                                     QStringLiteral("--out"),  path("r.html"),
                                                     QStringLiteral("--db"),   db}
                                      << false;
    QTest::addRow("report no such experiment")
        << QStringList{QStringLiteral("report"), QStringLiteral("4242"), QStringLiteral("--out"),
                       path("r.html"),           QStringLiteral("--db"), db}
        << false;
    QTest::addRow("report without --out")
        << QStringList{QStringLiteral("report"), QStringLiteral("1"), QStringLiteral("--db"), db} << false;
    QTest::addRow("results empty store") << QStringList{QStringLiteral("results"), QStringLiteral("list"),
                                                        QStringLiteral("--db"), db}
                                         << true;
    QTest::addRow("results no such experiment") << QStringList{QStringLiteral("results"), QStringLiteral("show"),
                                                               QStringLiteral("4242"), QStringLiteral("--db"), db}
                                                << false;
    QTest::addRow("results bad action") << QStringList{QStringLiteral("results"), QStringLiteral("sideways"),
                                                       QStringLiteral("--db"), db}
                                        << false;
    QTest::addRow("chart no such experiment")
        << QStringList{QStringLiteral("chart"), QStringLiteral("4242"), QStringLiteral("--out"),
                       path("c.png"),           QStringLiteral("--db"), db}
        << false;
    QTest::addRow("chart bad format") << QStringList{QStringLiteral("chart"),    QStringLiteral("1"),
                                                     QStringLiteral("--out"),    path("c.png"),
                                                     QStringLiteral("--format"), QStringLiteral("gif"),
                                                     QStringLiteral("--db"),     db}
                                      << false;
    QTest::addRow("knobs unknown knob") << QStringList{QStringLiteral("knobs"), QStringLiteral("set"),
                                                       QStringLiteral("net.ipv4.tcp_bogus=1"), QStringLiteral("--"),
                                                       QStringLiteral("true")}
                                        << false;
    QTest::addRow("knobs bad value") << QStringList{QStringLiteral("knobs"), QStringLiteral("set"),
                                                    QStringLiteral("net.ipv4.tcp_autocorking=maybe"),
                                                    QStringLiteral("--"), QStringLiteral("true")}
                                     << false;
    QTest::addRow("knobs foreign namespace")
        << QStringList{QStringLiteral("knobs"), QStringLiteral("--netns"), QStringLiteral("somebody-else")} << false;
    QTest::addRow("knobs set without a command")
        << QStringList{QStringLiteral("knobs"), QStringLiteral("set"), QStringLiteral("net.ipv4.tcp_sack=1")} << false;
    QTest::addRow("knobs restore bad argument")
        << QStringList{QStringLiteral("knobs"), QStringLiteral("restore"), QStringLiteral("now")} << false;
    QTest::addRow("serve bad port") << QStringList{QStringLiteral("serve"), QStringLiteral("--port"),
                                                   QStringLiteral("harbour")}
                                    << false;
}

// Each path prints German under LANG=de_DE.UTF-8 and LANGUAGE=de, and English under C.UTF-8
// (the English run shows that the path prints sentences the check would catch).
void TestTranslations::commandsSpeakGerman()
{
    QFETCH(QStringList, args);
    QFETCH(bool, succeeds);
    const QString tcptune = binary(QStringLiteral("tcptune"));
    const CommandResult german =
        runCommand(tcptune, args, 60000, {}, localeEnvironment(QStringLiteral("de_DE.UTF-8"), QStringLiteral("de")));
    QVERIFY(!german.crashed && !german.timedOut);
    QCOMPARE(german.exitCode == 0, succeeds);
    const QString text = QString::fromUtf8(german.out + german.err);
    QVERIFY2(!text.trimmed().isEmpty(), "the command printed nothing");
    const QStringList findings = detector().findEnglish(text);
    for (const QString &f : findings)
        qWarning("%s", qPrintable(f));
    QVERIFY2(findings.isEmpty(), qPrintable(describe(findings, text)));

    // Under an English locale the same path says something else: its text is translated.
    const CommandResult english =
        runCommand(tcptune, args, 60000, {}, localeEnvironment(QStringLiteral("C.UTF-8"), QString()));
    QVERIFY2(QString::fromUtf8(english.out + english.err) != text, qPrintable(text));
}

// The main window with the translation tcptune loads for a German locale: no widget, menu,
// action, tab, tooltip or table holds English; without it, the same walk finds English.
void TestTranslations::mainWindowSpeaksGerman()
{
    const QLocale german(QLocale::German, QLocale::Germany);
    QTranslator ours;
    QVERIFY(ours.load(german, QStringLiteral("tcptune"), QStringLiteral("_"),
                      buildPath(QStringLiteral("share/tcptune/translations"))));
    QTranslator qt;
    QVERIFY(qt.load(german, QStringLiteral("qtbase"), QStringLiteral("_"),
                    QLibraryInfo::path(QLibraryInfo::TranslationsPath)));
    QCoreApplication::installTranslator(&ours);
    QCoreApplication::installTranslator(&qt);
    QLocale::setDefault(german);
    QStringList findings;
    int texts = 0;
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const WidgetText &t : readableTexts(&window)) {
            ++texts;
            for (const QString &f : detector().findEnglish(t.text))
                findings << t.where + QStringLiteral(": ") + f;
        }
    }
    QCoreApplication::removeTranslator(&ours);
    QCoreApplication::removeTranslator(&qt);
    QLocale::setDefault(QLocale::c());
    QVERIFY2(texts > 50, qPrintable(QString::number(texts)));
    findings.removeDuplicates();
    for (const QString &f : findings)
        qWarning("%s", qPrintable(f));
    QVERIFY2(findings.isEmpty(),
             qPrintable(QStringLiteral("%1 English texts in the German window").arg(findings.size())));

    MainWindow english;
    int englishFindings = 0;
    for (const WidgetText &t : readableTexts(&english))
        englishFindings += int(detector().findEnglish(t.text).size());
    QVERIFY2(englishFindings > 10, qPrintable(QString::number(englishFindings)));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
