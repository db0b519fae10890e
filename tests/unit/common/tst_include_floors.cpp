// The include graph of backends/ and widgets/ points one way (issue 36): each tree's folders stand
// on floors, listed once below from the ground up, and a file includes headers of its own folder
// and of lower floors only. An arrow that ran back up would make two folders one knot again: cut
// it at its cause (move the type the lower floor needs down, pass data instead of calling up)
// rather than moving a folder's floor. A folder that is not on the list fails too: a new folder
// takes its floor here. Only headers of the same tree are judged (widgets over backends, and
// backends over Qt, are the layers of docs/architecture.md).

#include "test_paths.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Tree {
    QString name;       // the folder under the source tree
    QStringList floors; // its folders from the ground up; "." is the tree's own top folder
};

// The floor plan, from the ground up. backends: the layers of the house, and inside experiment/
// what to run (spec), what a run leaves (record), why it went so (diagnosis), where it is kept
// (store), what sweeps and comparisons show (tables), what runs it (run) and what searches the
// knobs a verdict points at over many runs (tune). widgets: the charts and the panels' shared
// widgets first, the window on top.
QList<Tree> floorPlan()
{
    const auto list = [](std::initializer_list<const char *> names) {
        QStringList out;
        for (const char *name : names)
            out << QString::fromLatin1(name);
        return out;
    };
    return {
        {QStringLiteral("backends"),
         list({"common", "knobs", "helper", "traffic", "lab", "capture", "experiment/spec", "experiment/record",
               "experiment/diagnosis", "experiment/store", "experiment/tables", "experiment/run", "experiment/tune",
               "history", "session", "report", "."})},
        {QStringLiteral("widgets"), list({"charts", "panels", "diagnosis", "knobs", "captures", "sweep", "tune",
                                          "history", "export", "session", "settings", "."})},
    };
}

// The floor of PATH (relative to its tree): the longest listed folder it lies in; -1 if none.
int floorOf(const QStringList &floors, const QString &path)
{
    int floor = -1;
    qsizetype longest = -1;
    for (int i = 0; i < floors.size(); ++i) {
        const QString &folder = floors.at(i);
        const bool inside = folder == QLatin1String(".") ? !path.contains(QLatin1Char('/'))
                                                         : path.startsWith(folder + QLatin1Char('/'));
        if (inside && folder.size() > longest) {
            floor = i;
            longest = folder.size();
        }
    }
    return floor;
}

struct Scan {
    int files = 0;
    int includes = 0;     // includes of a header of the file's own tree
    QStringList offences; // "path:line: includes header (floor a < floor b)"
};

// The header of TREE that "INCLUDE" names from the file at RELATIVE, relative to the tree; empty
// when it is not one of the tree's (a lower tree's, Qt's, the system's).
QString resolved(const QDir &tree, const QString &relative, const QString &include)
{
    const QString besideFile = QFileInfo(relative).path() + QLatin1Char('/') + include;
    if (!include.contains(QLatin1Char('/')) && QFileInfo::exists(tree.filePath(besideFile)))
        return QDir::cleanPath(besideFile);
    if (QFileInfo::exists(tree.filePath(include)))
        return include;
    return {};
}

void scanFile(const QDir &tree, const Tree &plan, const QString &relative, Scan &scan)
{
    static const QRegularExpression includeLine(QStringLiteral("^\\s*#\\s*include\\s*\"([^\"]+)\""));
    QFile file(tree.filePath(relative));
    const int from = floorOf(plan.floors, relative);
    if (from < 0 || !file.open(QIODevice::ReadOnly)) {
        scan.offences << QStringLiteral("%1/%2: %3")
                             .arg(plan.name, relative,
                                  from < 0 ? QStringLiteral("its folder has no floor")
                                           : QStringLiteral("cannot be read"));
        return;
    }
    ++scan.files;
    int line = 0;
    while (!file.atEnd()) {
        ++line;
        const auto match = includeLine.match(QString::fromUtf8(file.readLine()));
        const QString header = match.hasMatch() ? resolved(tree, relative, match.captured(1)) : QString();
        if (header.isEmpty())
            continue;
        ++scan.includes;
        if (const int to = floorOf(plan.floors, header); to > from)
            scan.offences << QStringLiteral("%1/%2:%3: includes %4 (%5 stands above %6)")
                                 .arg(plan.name, relative)
                                 .arg(line)
                                 .arg(header, plan.floors.value(to), plan.floors.at(from));
    }
}

// Every C++ file of the trees of PLANS under ROOT.
Scan scanTrees(const QString &root, const QList<Tree> &plans)
{
    Scan scan;
    for (const Tree &plan : plans) {
        const QDir tree(root + QLatin1Char('/') + plan.name);
        QDirIterator it(tree.path(), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            scanFile(tree, plan, tree.relativeFilePath(it.next()), scan);
    }
    return scan;
}

void writeFile(const QString &path, const QByteArray &text)
{
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

class TestIncludeFloors final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void floorOfAPath_data();
    void floorOfAPath();
    void findsAnArrowUp();
    void sourceTreePointsDown();
};

void TestIncludeFloors::floorOfAPath_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("floor");
    QTest::addRow("a folder") << QStringLiteral("lab/lab_spec.h") << 1;
    QTest::addRow("the longest folder") << QStringLiteral("experiment/run/runner.h") << 3;
    QTest::addRow("its parent") << QStringLiteral("experiment/stray.h") << 2;
    QTest::addRow("the top") << QStringLiteral("core.cpp") << 4;
    QTest::addRow("no floor") << QStringLiteral("other/x.h") << -1;
    QTest::addRow("a name that starts alike") << QStringLiteral("labs/x.h") << -1;
}

void TestIncludeFloors::floorOfAPath()
{
    QFETCH(QString, path);
    QFETCH(int, floor);
    const QStringList floors = {QStringLiteral("common"), QStringLiteral("lab"), QStringLiteral("experiment"),
                                QStringLiteral("experiment/run"), QStringLiteral(".")};
    QCOMPARE(floorOf(floors, path), floor);
}

// The scan itself, on a tree of its own: one arrow up, one down, one beside the file, one to a
// header of another tree, and a folder without a floor.
void TestIncludeFloors::findsAnArrowUp()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeFile(dir.filePath(QStringLiteral("t/low/a.h")), "#include \"high/b.h\"\n#include <QString>\n");
    writeFile(dir.filePath(QStringLiteral("t/high/b.h")), "// #include \"low/a.h\" in a comment\n");
    writeFile(dir.filePath(QStringLiteral("t/high/b.cpp")),
              "#include \"high/b.h\"\n#include \"c.h\"\n  #  include \"low/a.h\"\n#include \"other/x.h\"\n");
    writeFile(dir.filePath(QStringLiteral("t/high/c.h")), "\n");
    writeFile(dir.filePath(QStringLiteral("t/loose/d.h")), "\n");
    const Scan scan = scanTrees(dir.path(), {{QStringLiteral("t"), {QStringLiteral("low"), QStringLiteral("high")}}});
    QCOMPARE(scan.files, 4);
    QCOMPARE(scan.includes, 4);
    QCOMPARE(scan.offences.size(), 2);
    QVERIFY2(scan.offences.contains(QStringLiteral("t/low/a.h:1: includes high/b.h (high stands above low)")),
             qPrintable(scan.offences.join(QLatin1Char('\n'))));
    QVERIFY2(scan.offences.contains(QStringLiteral("t/loose/d.h: its folder has no floor")),
             qPrintable(scan.offences.join(QLatin1Char('\n'))));
}

void TestIncludeFloors::sourceTreePointsDown()
{
    const Scan scan = scanTrees(tcptune::test::sourcePath(), floorPlan());
    qInfo("examined %d files, %d includes of their own trees' headers", scan.files, scan.includes);
    // It looked: the product's sources and the includes between their folders.
    QVERIFY2(scan.files > 300, qPrintable(QString::number(scan.files)));
    QVERIFY2(scan.includes > 500, qPrintable(QString::number(scan.includes)));
    QVERIFY2(scan.offences.isEmpty(),
             qPrintable(QStringLiteral("includes that run back up a floor (docs/architecture.md, \"The house\"):\n") +
                        scan.offences.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TestIncludeFloors)
#include "tst_include_floors.moc"
