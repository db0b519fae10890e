// The shipped presets: each story has one, each parses, and the plans have the shape the
// stories need. Presets are found by number, "preset:N", id or path.

#include "experiment/spec/preset_library.h"
#include "test_paths.h"
#include "experiment/spec/preset_notes.h"

#include <QTest>

using namespace tcptune;

class TestPresetLibrary final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyStoryHasAPreset();
    void presetsParse_data();
    void presetsParse();
    void storyFive();
    void storyTwo();
    void storyThree();
    void storyFour();
    void findsByReference_data();
    void findsByReference();
    void unknownPresetListsTheKnownOnes();
    void defaultFolderHasEveryStory();

private:
    PresetLibrary library() const
    {
        return PresetLibrary(tcptune::test::sourcePath(QStringLiteral("resources/presets")));
    }
};

void TestPresetLibrary::everyStoryHasAPreset()
{
    QList<int> stories;
    for (const PresetInfo &p : library().presets())
        stories << p.story;
    QCOMPARE(stories, (QList<int>{1, 2, 3, 4, 5}));
}

void TestPresetLibrary::presetsParse_data()
{
    QTest::addColumn<QString>("path");
    for (const PresetInfo &p : library().presets())
        QTest::addRow("%s", qPrintable(p.id)) << p.path;
}

void TestPresetLibrary::presetsParse()
{
    QFETCH(QString, path);
    auto plan = PresetLibrary::loadFile(path);
    QVERIFY2(plan.has_value(), qPrintable(plan ? QString() : plan.error().message));
    QVERIFY(!plan->spec().name.isEmpty());
    QVERIFY(!plan->spec().description.isEmpty());
    // Each says what the lab can and cannot reproduce of its story, and shows it in the lab.
    QVERIFY(!plan->spec().labNote.isEmpty());
    QCOMPARE(plan->labNoteLine(), QStringLiteral("In the lab: ") + plan->spec().labNote);
    // ... in the user's language: the note is one of those listed for translation.
    QVERIFY2(translatableLabNotes().contains(plan->spec().labNote),
             "the preset's lab_note is not listed in backends/experiment/spec/preset_notes.cpp");
    QVERIFY(!plan->axes().isEmpty());
    // Short enough to run in the lab in well under two minutes.
    QVERIFY2(plan->expectedDurationS() < 90, qPrintable(QString::number(plan->expectedDurationS())));
}

void TestPresetLibrary::storyFive()
{
    auto plan = library().load(QStringLiteral("5"));
    QVERIFY(plan.has_value());
    QCOMPARE(plan->axes().size(), 1);
    QCOMPARE(plan->axes().first().parameters, QStringList{QStringLiteral("socket.SO_SNDBUF")});
    QCOMPARE(plan->points().size(), 8);
    QCOMPARE(plan->points().first().settings.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("65536"));
    QCOMPARE(plan->points().last().settings.value(QStringLiteral("socket.SO_SNDBUF")), QStringLiteral("4194304"));
    QCOMPARE(plan->spec().knobs.value(QStringLiteral("lab.rate")), QStringLiteral("50000000"));
    QCOMPARE(plan->spec().knobs.value(QStringLiteral("lab.queue")), QStringLiteral("2097152"));
    QCOMPARE(plan->spec().knobs.value(QStringLiteral("lab.topology")), QStringLiteral("routed"));
    QCOMPARE(plan->spec().knobs.value(QStringLiteral("socket.TCP_CONGESTION")), QStringLiteral("cubic"));
    QVERIFY(plan->expectedDurationS() <= 40);
    // Issue 31: stories 1 and 5 name the TX-completion knobs that reproduce them on a real NIC.
    for (const QString &story : {QStringLiteral("1"), QStringLiteral("5")}) {
        const QString note = library().load(story)->spec().labNote;
        for (const char *knob : {"link.DEV.tx-usecs", "link.DEV.tx-frames", "link.DEV.bql_limit_max"})
            QVERIFY2(note.contains(QLatin1String(knob)), qPrintable(story + QLatin1String(": ") + note));
    }
}

void TestPresetLibrary::storyTwo()
{
    auto plan = library().load(QStringLiteral("preset:2"));
    QVERIFY(plan.has_value());
    QCOMPARE(plan->repeats(), 5);
    QCOMPARE(plan->points().size(), 2);
    QVERIFY(plan->specForPoint(0).knobs.contains(QStringLiteral("socket.SO_SNDBUF")));
    QVERIFY(!plan->specForPoint(1).knobs.contains(QStringLiteral("socket.SO_SNDBUF")));
}

void TestPresetLibrary::storyFour()
{
    auto plan = library().load(QStringLiteral("story4-mtu-tsq"));
    QVERIFY(plan.has_value());
    QCOMPARE(plan->axes().size(), 2);
    QCOMPARE(plan->points().size(), 12);
    QCOMPARE(plan->specForPoint(1).workload.streams, 2);
    // Issue 31: MTU against offloads, TSO and GSO off on the lab client's veth at 128 KiB.
    QVERIFY(plan->axes().last().parameters.contains(QStringLiteral("link.tcpt-c0.tso")));
    QVERIFY(plan->axes().last().parameters.contains(QStringLiteral("link.tcpt-c0.gso")));
    const ExperimentSpec off = plan->specForPoint(3);
    QCOMPARE(off.knobs.value(QStringLiteral("link.tcpt-c0.tso")), QStringLiteral("0"));
    QCOMPARE(off.knobs.value(QStringLiteral("link.tcpt-c0.gso")), QStringLiteral("0"));
    QCOMPARE(off.knobs.value(QStringLiteral("net.ipv4.tcp_limit_output_bytes")), QStringLiteral("131072"));
    QCOMPARE(plan->specForPoint(0).knobs.value(QStringLiteral("link.tcpt-c0.gso")), QStringLiteral("1"));
}

// Issue 31: each limit of story 3 with TSO and GSO on and off together on the lab client's veth;
// the note names what the lab measured with them off.
void TestPresetLibrary::storyThree()
{
    auto plan = library().load(QStringLiteral("3"));
    QVERIFY(plan.has_value());
    QCOMPARE(plan->axes().size(), 2);
    QCOMPARE(plan->axes().last().parameters,
             (QStringList{QStringLiteral("link.tcpt-c0.tso"), QStringLiteral("link.tcpt-c0.gso")}));
    QCOMPARE(plan->points().size(), 12);
    QCOMPARE(plan->specForPoint(1).knobs.value(QStringLiteral("link.tcpt-c0.gso")), QStringLiteral("0"));
    QCOMPARE(plan->specForPoint(1).knobs.value(QStringLiteral("link.tcpt-c0.tso")), QStringLiteral("0"));
    QVERIFY(plan->spec().labNote.contains(QStringLiteral("link.tcpt-c0.tso")));
}

void TestPresetLibrary::findsByReference_data()
{
    QTest::addColumn<QString>("reference");
    QTest::addColumn<int>("story");
    QTest::addRow("number") << "3" << 3;
    QTest::addRow("prefixed") << "preset:1" << 1;
    QTest::addRow("id") << "story5-send-window" << 5;
    QTest::addRow("id.json") << "story2-fixed-vs-autotuned.json" << 2;
}

void TestPresetLibrary::findsByReference()
{
    QFETCH(QString, reference);
    QFETCH(int, story);
    auto p = library().find(reference);
    QVERIFY(p.has_value());
    QCOMPARE(p->story, story);
}

void TestPresetLibrary::unknownPresetListsTheKnownOnes()
{
    auto p = library().load(QStringLiteral("story9"));
    QVERIFY(!p.has_value());
    QVERIFY(p.error().message.contains(QStringLiteral("story5-send-window")));
}

// Without a folder the library reads the presets where the program finds them (here the build
// tree's share/tcptune/presets; installed, share/tcptune/presets).
void TestPresetLibrary::defaultFolderHasEveryStory()
{
    QList<int> stories;
    for (const PresetInfo &p : PresetLibrary().presets())
        stories << p.story;
    QCOMPARE(stories, (QList<int>{1, 2, 3, 4, 5}));
}

QTEST_GUILESS_MAIN(TestPresetLibrary)
#include "tst_preset_library.moc"
