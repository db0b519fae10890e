// Every capture of tests/data/capture-corpus (crafted tunnels, BIG TCP, malformed headers, broken
// files, absurd timestamps) and of tests/data/captures (public captures, when present) against
// tshark, run live: per TCP conversation the frames and bytes of each direction must equal what
// tshark's conversation table counts (read exactly through its "tcp" tap by conversations.lua),
// the malformed frames must equal tshark's, and a file tshark stops reading early must be a
// partial result here too. Also checks that make_corpus.py still writes exactly these files.

#include "capture/tcp_flow_analyzer.h"
#include "test_paths.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tcptune;

namespace {

const QString kCorpus = tcptune::test::sourcePath(QStringLiteral("tests/data/capture-corpus"));
const QString kCaptures = tcptune::test::sourcePath(QStringLiteral("tests/data/captures"));

struct Side {
    qint64 frames = 0;
    qint64 bytes = 0;
    friend bool operator==(const Side &, const Side &) = default;
};
// Conversation: "addr:port" of both ends, in a fixed order, to what each end sent.
using Conversations = QMultiMap<QString, QMap<QString, Side>>;

struct Oracle {
    Conversations conversations;
    qint64 malformed = -1;
    qint64 frames = -1;
    bool stoppedEarly = false; // tshark said the file is damaged or cut short
};

QString endpoint(const QString &address, const QString &port)
{
    return address.contains(QLatin1Char(':')) ? QStringLiteral("[%1]:%2").arg(address, port)
                                              : QStringLiteral("%1:%2").arg(address, port);
}

QString keyOf(const QString &a, const QString &b)
{
    return a < b ? a + QStringLiteral(" <-> ") + b : b + QStringLiteral(" <-> ") + a;
}

Oracle tshark(const QString &file)
{
    QProcess p;
    p.start(QStringLiteral("tshark"),
            {QStringLiteral("-n"), QStringLiteral("-q"), QStringLiteral("-r"), file, QStringLiteral("-X"),
             QStringLiteral("lua_script:") + kCorpus + QStringLiteral("/conversations.lua")});
    Oracle o;
    if (!p.waitForFinished(120000))
        return o;
    const QString err = QString::fromUtf8(p.readAllStandardError());
    o.stoppedEarly = err.contains(QStringLiteral("appears to be damaged")) || err.contains(QStringLiteral("cut short"));
    for (const QByteArray &raw : p.readAllStandardOutput().split('\n')) {
        const QStringList w = QString::fromUtf8(raw).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (w.size() == 10 && w[0] == QLatin1String("conv")) {
            const QString a = endpoint(w[2], w[3]);
            const QString b = endpoint(w[4], w[5]);
            QMap<QString, Side> sides;
            sides[a] = {w[6].toLongLong(), w[7].toLongLong()};
            sides[b] = {w[8].toLongLong(), w[9].toLongLong()};
            o.conversations.insert(keyOf(a, b), sides);
        } else if (w.size() == 2 && w[0] == QLatin1String("malformed")) {
            o.malformed = w[1].toLongLong();
        } else if (w.size() == 2 && w[0] == QLatin1String("frames")) {
            o.frames = w[1].toLongLong();
        }
    }
    return o;
}

Conversations ours(const CaptureAnalysis &a)
{
    Conversations c;
    for (const FlowAnalysis &f : a.flows) {
        const QString client = f.client.toString();
        const QString server = f.server.toString();
        QMap<QString, Side> sides;
        sides[client] = {f.c2s.packets, f.c2s.frame_bytes};
        sides[server] = {f.s2c.packets, f.s2c.frame_bytes};
        c.insert(keyOf(client, server), sides);
    }
    return c;
}

QString describe(const Conversations &c)
{
    QStringList lines;
    for (auto it = c.begin(); it != c.end(); ++it) {
        QStringList sides;
        for (auto s = it.value().begin(); s != it.value().end(); ++s)
            sides << QStringLiteral("%1 sent %2/%3").arg(s.key()).arg(s.value().frames).arg(s.value().bytes);
        lines << sides.join(QStringLiteral(", "));
    }
    lines.sort();
    return lines.join(QStringLiteral("; "));
}

// The same conversations, in any order among those of the same endpoints.
bool same(const Conversations &a, const Conversations &b)
{
    return describe(a) == describe(b);
}

} // namespace

class TestCaptureCorpus final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTsharkConversations_data();
    void matchesTsharkConversations();
    void generatorWritesTheCorpus();
};

void TestCaptureCorpus::matchesTsharkConversations_data()
{
    QTest::addColumn<QString>("file");
    const QStringList patterns{QStringLiteral("*.pcap"), QStringLiteral("*.pcapng")};
    int n = 0;
    for (const QString &dir : {kCorpus, kCaptures})
        for (const QFileInfo &f : QDir(dir).entryInfoList(patterns, QDir::Files, QDir::Name)) {
            QTest::addRow("%s", qPrintable(f.fileName())) << f.filePath();
            ++n;
        }
    QVERIFY2(n >= 30, "the corpus is missing");
}

void TestCaptureCorpus::matchesTsharkConversations()
{
    QFETCH(QString, file);
    const Oracle expected = tshark(file);
    QVERIFY2(expected.frames >= 0, "tshark did not run (scripts/install-deps installs it)");
    const Result<CaptureAnalysis> a = analyzeCapture(file);
    QVERIFY2(a.has_value(), a ? "" : qPrintable(a.error().message));
    QCOMPARE(a->packets, expected.frames);
    const Conversations mine = ours(*a);
    QVERIFY2(
        same(mine, expected.conversations),
        qPrintable(QStringLiteral("\ntcptune: %1\ntshark:  %2").arg(describe(mine), describe(expected.conversations))));
    QCOMPARE(a->malformed, expected.malformed);
    QCOMPARE(a->truncated, expected.stoppedEarly);
    if (a->truncated)
        QVERIFY2(a->truncation_message.contains(QStringLiteral("packet %1 (byte offset").arg(a->packets + 1)),
                 qPrintable(a->truncation_message));
    // Tunnelled flows say what they came in.
    if (QFileInfo(file).fileName().startsWith(QLatin1String("tunnel_")))
        for (const FlowAnalysis &f : a->flows)
            QVERIFY2(!f.via.isEmpty(), qPrintable(f.client.toString()));
}

void TestCaptureCorpus::generatorWritesTheCorpus()
{
    QTemporaryDir out;
    QProcess p;
    p.start(QStringLiteral("python3"), {kCorpus + QStringLiteral("/make_corpus.py"), out.path()});
    QVERIFY2(p.waitForFinished(120000) && p.exitCode() == 0, p.readAllStandardError().constData());
    const QStringList written = QDir(out.path()).entryList(QDir::Files, QDir::Name);
    QVERIFY(written.size() >= 30);
    for (const QString &name : written) {
        QFile mine(out.filePath(name));
        QFile kept(kCorpus + QLatin1Char('/') + name);
        QVERIFY2(mine.open(QIODevice::ReadOnly) && kept.open(QIODevice::ReadOnly), qPrintable(name));
        QVERIFY2(mine.readAll() == kept.readAll(), qPrintable(name + QStringLiteral(" differs; run make_corpus.py")));
    }
}

QTEST_GUILESS_MAIN(TestCaptureCorpus)
#include "tst_capture_corpus.moc"
