// The knob catalogue is the only list of socket options in the product (issue 36): no file of
// app/, widgets/ or backends/ but the catalogue holds a string literal that is a socket.* key (or
// the "socket." prefix to build one). The bridge, the sweep headings and the workload panel read
// the catalogue's entries instead. Comments and prose that merely mention a key (a message's
// example) are no list and pass; tests may name keys.

#include "knobs/knob_catalogue.h"
#include "test_paths.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace tcptune;

namespace {

// The files allowed to hold socket.* key literals, relative to the source tree.
const QStringList kCatalogueFiles = {QStringLiteral("backends/knobs/knob_catalogue.cpp")};

struct Literal {
    QString text;
    int line = 0;
};

// Skips a raw string literal R"delim( ... )delim" whose opening quote is at I; returns its text.
QString rawLiteral(const QString &source, qsizetype &i, int &line)
{
    const qsizetype open = source.indexOf(QLatin1Char('('), i);
    if (open < 0) {
        i = source.size();
        return {};
    }
    const QString closing = QLatin1Char(')') + source.mid(i + 1, open - i - 1) + QLatin1Char('"');
    qsizetype end = source.indexOf(closing, open + 1);
    if (end < 0)
        end = source.size();
    const QString text = source.mid(open + 1, end - open - 1);
    line += int(text.count(QLatin1Char('\n')));
    i = end + closing.size() - 1;
    return text;
}

// Skips an ordinary string or character literal opened by QUOTE at I; returns its text as
// written (escapes kept).
QString quotedLiteral(const QString &source, qsizetype &i, QChar quote)
{
    QString text;
    for (++i; i < source.size() && source[i] != quote && source[i] != QLatin1Char('\n'); ++i) {
        if (source[i] == QLatin1Char('\\') && i + 1 < source.size())
            text += source[i++];
        text += source[i];
    }
    return text;
}

// The string literals of C++ SOURCE with their lines; comments and character literals skipped.
QList<Literal> stringLiterals(const QString &source)
{
    QList<Literal> out;
    int line = 1;
    for (qsizetype i = 0; i < source.size(); ++i) {
        const QChar c = source[i];
        const QStringView rest = QStringView(source).mid(i);
        if (c == QLatin1Char('\n')) {
            ++line;
        } else if (rest.startsWith(QLatin1String("//"))) {
            i = source.indexOf(QLatin1Char('\n'), i) - 1;
            if (i < 0)
                break;
        } else if (rest.startsWith(QLatin1String("/*"))) {
            const qsizetype end = source.indexOf(QLatin1String("*/"), i + 2);
            line += int(QStringView(source).mid(i, (end < 0 ? source.size() : end) - i).count(QLatin1Char('\n')));
            if (end < 0)
                break;
            i = end + 1;
        } else if (c == QLatin1Char('"')) {
            const bool raw = i > 0 && source[i - 1] == QLatin1Char('R') &&
                             (i < 2 || !(source[i - 2].isLetterOrNumber() || source[i - 2] == QLatin1Char('_')) ||
                              source[i - 2] == QLatin1Char('8') || source[i - 2] == QLatin1Char('u') ||
                              source[i - 2] == QLatin1Char('U') || source[i - 2] == QLatin1Char('L'));
            const int at = line;
            out.append({raw ? rawLiteral(source, i, line) : quotedLiteral(source, i, c), at});
        } else if (c == QLatin1Char('\'') && !(i > 0 && source[i - 1].isLetterOrNumber())) {
            // A character literal ('"'); a digit separator (1'000) is preceded by a digit.
            quotedLiteral(source, i, c);
        }
    }
    return out;
}

// Whether LITERAL is a socket.* key, or the prefix one is built from.
bool isSocketKey(const QString &literal)
{
    return literal.startsWith(QLatin1String("socket."));
}

struct Scan {
    int files = 0;
    int literals = 0;
    QStringList offences;         // "path:line: literal" outside the catalogue
    int catalogueKeyLiterals = 0; // socket.* literals in the catalogue files
};

Scan scanSourceTree()
{
    Scan scan;
    const QString root = tcptune::test::sourcePath() + QLatin1Char('/');
    for (const char *folder : {"app", "widgets", "backends"}) {
        QDirIterator it(root + QLatin1String(folder), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString relative = path.mid(root.size());
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                scan.offences << relative + QStringLiteral(": cannot be read");
                continue;
            }
            ++scan.files;
            const bool catalogue = kCatalogueFiles.contains(relative);
            for (const Literal &literal : stringLiterals(QString::fromUtf8(file.readAll()))) {
                ++scan.literals;
                if (!isSocketKey(literal.text))
                    continue;
                if (catalogue)
                    ++scan.catalogueKeyLiterals;
                else
                    scan.offences << QStringLiteral("%1:%2: \"%3\"").arg(relative).arg(literal.line).arg(literal.text);
            }
        }
    }
    return scan;
}

} // namespace

class TestCatalogueIsTheOnlyList final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void scannerFindsKeyLiterals_data();
    void scannerFindsKeyLiterals();
    void noSocketKeyOutsideTheCatalogue();
};

void TestCatalogueIsTheOnlyList::scannerFindsKeyLiterals_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("keys");
    QTest::addColumn<int>("line"); // of the first key found
    QTest::addRow("a literal") << R"(auto k = QStringLiteral("socket.SO_SNDBUF");)" << 1 << 1;
    QTest::addRow("the prefix") << "if (key.startsWith(QLatin1String(\"socket.\")))" << 1 << 1;
    QTest::addRow("on line three") << "int a;\n/* two\n */ f(\"socket.TCP_CORK\");" << 1 << 3;
    QTest::addRow("a raw literal") << "const char *k = R\"x(socket.TCP_NODELAY)x\";" << 1 << 1;
    QTest::addRow("after a quote character") << "char q = '\"'; f(\"socket.SO_RCVBUF\");" << 1 << 1;
    QTest::addRow("after an escaped quote") << "f(\"say \\\"hi\\\"\", \"socket.SO_RCVBUF\");" << 1 << 1;
    QTest::addRow("a line comment") << "// \"socket.SO_SNDBUF\" -> SO_SNDBUF\nint a;" << 0 << 0;
    QTest::addRow("a block comment") << "/* \"socket.SO_SNDBUF\" */ int a;" << 0 << 0;
    QTest::addRow("a mention in prose") << R"(tr("e.g. \"parameter\": \"socket.SO_SNDBUF\"."))" << 0 << 0;
    QTest::addRow("a comment marker in a literal") << "f(\"http://x\"); g(\"socket.TCP_CORK\");" << 1 << 1;
    QTest::addRow("a digit separator") << "int n = 1'000; f(\"socket.TCP_CORK\");" << 1 << 1;
}

// The scanner itself: it finds a key however the literal is written and skips comments.
void TestCatalogueIsTheOnlyList::scannerFindsKeyLiterals()
{
    QFETCH(QString, source);
    QFETCH(int, keys);
    QFETCH(int, line);
    QList<Literal> found;
    for (const Literal &literal : stringLiterals(source))
        if (isSocketKey(literal.text))
            found.append(literal);
    QCOMPARE(found.size(), keys);
    if (keys > 0)
        QCOMPARE(found.first().line, line);
}

void TestCatalogueIsTheOnlyList::noSocketKeyOutsideTheCatalogue()
{
    const Scan scan = scanSourceTree();
    qInfo("examined %d files, %d string literals; %d socket.* keys in the catalogue", scan.files, scan.literals,
          scan.catalogueKeyLiterals);
    // It looked: the product's sources, their literals, and in the catalogue one key per option.
    QVERIFY2(scan.files > 300, qPrintable(QString::number(scan.files)));
    QVERIFY2(scan.literals > 5000, qPrintable(QString::number(scan.literals)));
    const qsizetype options = KnobCatalogue::instance().ofKind(KnobKind::SocketOption).size();
    QVERIFY(options > 0);
    QCOMPARE(scan.catalogueKeyLiterals, int(options));
    QVERIFY2(scan.offences.isEmpty(),
             qPrintable(QStringLiteral("socket.* keys outside the knob catalogue (read its entries instead, "
                                       "docs/architecture.md):\n") +
                        scan.offences.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestCatalogueIsTheOnlyList)
#include "tst_catalogue_is_the_only_list.moc"
