// The journal: only /run/tcptune (and below) is accepted as its folder; entries survive as a
// file that a later helper finds as an orphan once its owner is gone, but never while the owner
// still holds its lock. Needs root (the folder is /run/tcptune).

#include "helper/helper_journal.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace tcptune;

class TestHelperJournal final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusesFoldersOutsideRunTcptune_data();
    void refusesFoldersOutsideRunTcptune();
    void refusesFoldersOthersCanWrite_data();
    void refusesFoldersOthersCanWrite();
    void savesEntriesDurably();
    void liveJournalIsNotAnOrphan();
    void claimsOrphans_data();
    void claimsOrphans();
    void keptOrphanIsClaimedAgain();
    void newJournalNeverOverwritesAKeptOne();
    void readsBootId();
    void parsesContent_data();
    void parsesContent();

private:
    QString m_dir;
};

void TestHelperJournal::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("the journal lives in /run/tcptune, which needs root");
    m_dir = QStringLiteral("/run/tcptune/test-journal-%1").arg(::getpid());
    auto dir = HelperJournal::checkedDirectory(m_dir);
    QVERIFY2(dir.has_value(), dir ? "" : qPrintable(dir.error().message));
    QCOMPARE(*dir, m_dir);
}

void TestHelperJournal::cleanupTestCase()
{
    if (!m_dir.isEmpty())
        QDir(m_dir).removeRecursively();
}

void TestHelperJournal::refusesFoldersOutsideRunTcptune_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addRow("tmp") << "/tmp/tcptune";
    QTest::addRow("relative") << "run/tcptune";
    QTest::addRow("escape") << "/run/tcptune/../../etc";
    QTest::addRow("sibling prefix") << "/run/tcptunex";
    QTest::addRow("etc") << "/etc";
    QTest::addRow("empty") << "";
}

void TestHelperJournal::refusesFoldersOutsideRunTcptune()
{
    QFETCH(QString, dir);
    auto checked = HelperJournal::checkedDirectory(dir);
    QVERIFY(!checked.has_value());
    QVERIFY(checked.error().message.contains(QLatin1String("/run/tcptune")));
    QVERIFY(!QFile::exists(QStringLiteral("/run/tcptunex")));
}

void TestHelperJournal::refusesFoldersOthersCanWrite_data()
{
    QTest::addColumn<int>("mode");
    QTest::addRow("world-writable") << 0777;
    QTest::addRow("group-writable") << 0770;
    QTest::addRow("sticky like /tmp") << 01777;
}

void TestHelperJournal::refusesFoldersOthersCanWrite()
{
    QFETCH(int, mode);
    // Anyone who can write there could plant a journal that root would then "restore".
    const QString open = m_dir + QStringLiteral("/open");
    QVERIFY(QDir().mkpath(open));
    QVERIFY(::chmod(QFile::encodeName(open).constData(), mode_t(mode)) == 0);
    auto checked = HelperJournal::checkedDirectory(open);
    QVERIFY(!checked.has_value());
    QVERIFY2(checked.error().message.contains(QLatin1String("writable by other users")),
             qPrintable(checked.error().message));
    QVERIFY(HelperJournal::checkedDirectory(open + QStringLiteral("/below")).has_value() == false);
    QVERIFY(QDir(open).removeRecursively());
}

void TestHelperJournal::savesEntriesDurably()
{
    auto journal = HelperJournal::create(m_dir, QStringLiteral("boot-a"));
    QVERIFY(journal.has_value());
    const QList<JournalEntry> entries{
        {QStringLiteral("net.ipv4.tcp_sack"), QString(), QStringLiteral("1"), QStringLiteral("0")},
        {QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("tcptune-x"), QStringLiteral("4096 16384 4194304"),
         QStringLiteral("4096 65536 4194304")},
    };
    QVERIFY((*journal)->replace(entries).has_value());
    QCOMPARE((*journal)->indexOf(QStringLiteral("net.ipv4.tcp_wmem"), QStringLiteral("tcptune-x")), 1);
    QCOMPARE((*journal)->indexOf(QStringLiteral("net.ipv4.tcp_wmem"), QString()), -1);

    QFile file((*journal)->path());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(o.value(QStringLiteral("boot_id")).toString(), QStringLiteral("boot-a"));
    const QJsonArray saved = o.value(QStringLiteral("entries")).toArray();
    QCOMPARE(saved.size(), 2);
    QCOMPARE(JournalEntry::fromJson(saved[1].toObject()).oldValue, entries[1].oldValue);
    QCOMPARE(JournalEntry::fromJson(saved[1].toObject()).netns, entries[1].netns);
    QCOMPARE(QFileInfo(file).permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup), 0);
    QVERIFY(!QFile::exists((*journal)->path() + QStringLiteral(".tmp")));

    (*journal)->remove();
    QVERIFY(!QFile::exists((*journal)->path()));
}

void TestHelperJournal::liveJournalIsNotAnOrphan()
{
    auto journal = HelperJournal::create(m_dir, QStringLiteral("boot-a"));
    QVERIFY(journal.has_value());
    QVERIFY((*journal)
                ->replace({{QStringLiteral("net.ipv4.tcp_sack"), {}, QStringLiteral("1"), QStringLiteral("0")}})
                .has_value());
    // Its lock is held (by this process, through another descriptor): not claimable.
    QList<HelperJournal::Orphan> orphans = HelperJournal::claimOrphans(m_dir);
    QVERIFY(orphans.isEmpty());
    QVERIFY(QFile::exists((*journal)->path()));
    (*journal)->remove();
}

void TestHelperJournal::claimsOrphans_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("entries");
    QTest::addColumn<bool>("problem");
    QTest::addRow("two entries") << QByteArray(
                                        R"({"version":1,"boot_id":"b","entries":[)"
                                        R"({"key":"net.ipv4.tcp_sack","netns":"","old":"1","new":"0"},)"
                                        R"({"key":"net.ipv4.tcp_ecn","netns":"tcptune-x","old":"2","new":"1"}]})")
                                 << 2 << false;
    QTest::addRow("empty") << QByteArray(R"({"version":1,"boot_id":"b","entries":[]})") << 0 << false;
    QTest::addRow("garbage") << QByteArray("{\"version\":1,\"boot") << 0 << true;
}

void TestHelperJournal::claimsOrphans()
{
    QFETCH(QByteArray, content);
    QFETCH(int, entries);
    QFETCH(bool, problem);
    // A journal whose helper died: its file is there, nobody holds its lock.
    const QString path = m_dir + QStringLiteral("/journal-999999999.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
    file.close();

    QList<HelperJournal::Orphan> orphans = HelperJournal::claimOrphans(m_dir);
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans[0].path, path);
    QCOMPARE(orphans[0].entries.size(), entries);
    QCOMPARE(!orphans[0].problem.isEmpty(), problem);
    if (entries == 2) {
        QCOMPARE(orphans[0].bootId, QStringLiteral("b"));
        QCOMPARE(orphans[0].entries[1].netns, QStringLiteral("tcptune-x"));
        QCOMPARE(orphans[0].entries[1].oldValue, QStringLiteral("2"));
    }
    // While we hold it, nobody else claims it.
    QVERIFY(HelperJournal::claimOrphans(m_dir).isEmpty());
    HelperJournal::discard(orphans[0]);
    QVERIFY(!QFile::exists(path));
    QVERIFY(HelperJournal::claimOrphans(m_dir).isEmpty());
}

void TestHelperJournal::keptOrphanIsClaimedAgain()
{
    const QString path = m_dir + QStringLiteral("/journal-999999998.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"version":1,"boot_id":"b","entries":[)"
               R"({"key":"net.ipv4.tcp_sack","netns":"","old":"1","new":"0"},)"
               R"({"key":"net.ipv4.tcp_ecn","netns":"tcptune-x","old":"2","new":"1"}]})");
    file.close();
    QList<HelperJournal::Orphan> orphans = HelperJournal::claimOrphans(m_dir);
    QCOMPARE(orphans.size(), 1);
    // The second entry's rollback failed: it stays for the next helper, and only it.
    QVERIFY(HelperJournal::keep(orphans[0], {orphans[0].entries[1]}).has_value());
    QVERIFY(QFile::exists(path));
    QList<HelperJournal::Orphan> again = HelperJournal::claimOrphans(m_dir);
    QCOMPARE(again.size(), 1);
    QCOMPARE(again[0].bootId, QStringLiteral("b"));
    QCOMPARE(again[0].entries.size(), 1);
    QCOMPARE(again[0].entries[0].key, QStringLiteral("net.ipv4.tcp_ecn"));
    HelperJournal::discard(again[0]);
    QVERIFY(!QFile::exists(path));
}

void TestHelperJournal::newJournalNeverOverwritesAKeptOne()
{
    // A kept journal whose dead helper had the pid this process has now.
    const QString kept = m_dir + QStringLiteral("/journal-%1.json").arg(::getpid());
    QFile file(kept);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray content(R"({"version":1,"boot_id":"b","entries":[)"
                             R"({"key":"net.ipv4.tcp_sack","netns":"","old":"1","new":"0"}]})");
    file.write(content);
    file.close();
    auto journal = HelperJournal::create(m_dir, QStringLiteral("b"));
    QVERIFY(journal.has_value());
    QVERIFY((*journal)->path() != kept);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), content);
    file.close();
    (*journal)->remove();
    QVERIFY(QFile::remove(kept));
    QFile::remove(m_dir + QStringLiteral("/journal-%1.lock").arg(::getpid()));
}

void TestHelperJournal::readsBootId()
{
    const QString bootId = HelperJournal::currentBootId();
    QCOMPARE(bootId.size(), 36);
    QCOMPARE(bootId, HelperJournal::currentBootId());
}

void TestHelperJournal::parsesContent_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("entries"); // -1: refused
    QTest::addRow("two entries") << QByteArray(
                                        R"({"boot_id":"b","entries":[{"key":"net.ipv4.tcp_sack","old":"1",)"
                                        R"("new":"0"},{"key":"net.core.rmem_max","netns":"n","old":"1","new":"2"}]})")
                                 << 2;
    QTest::addRow("no entries") << QByteArray(R"({"boot_id":"b"})") << 0;
    QTest::addRow("entries not objects") << QByteArray(R"({"entries":[1,"x",null]})") << 3;
    QTest::addRow("array") << QByteArray("[]") << -1;
    QTest::addRow("truncated") << QByteArray(R"({"boot_id":"b","entries":[{"key")") << -1;
    QTest::addRow("empty") << QByteArray() << -1;
}

void TestHelperJournal::parsesContent()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, entries);
    auto content = HelperJournal::parse(bytes);
    QCOMPARE(content.has_value(), entries >= 0);
    if (!content) {
        QVERIFY(!content.error().message.isEmpty());
        return;
    }
    QCOMPARE(content->entries.size(), entries);
}

QTEST_GUILESS_MAIN(TestHelperJournal)
#include "tst_helper_journal.moc"
