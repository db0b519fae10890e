// QdiscStats: parsing the kernel's RTM_NEWQDISC messages (built here byte by byte as the kernel
// lays them out: netlink header, tcmsg, attributes), with TCA_STATS2 or only the old TCA_STATS,
// and refusing what is not a qdisc; the JSON form `tc -s -j` names; and, on this machine's own
// loopback, a real reading (no privileges needed: lo's root qdisc is noqueue).

#include "lab/qdisc_stats.h"

#include <QTest>

#include <cstring>
#include <linux/gen_stats.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

using namespace tcptune;

namespace {

template <typename T> QByteArray bytesOf(const T &value)
{
    return QByteArray(reinterpret_cast<const char *>(&value), sizeof value);
}

QByteArray attribute(unsigned short type, const QByteArray &payload)
{
    rtattr a{};
    a.rta_type = type;
    a.rta_len = static_cast<unsigned short>(RTA_LENGTH(payload.size()));
    QByteArray out = bytesOf(a) + payload;
    out.append(QByteArray(RTA_ALIGN(out.size()) - out.size(), '\0'));
    return out;
}

QByteArray message(unsigned short type, const QByteArray &attributes)
{
    tcmsg tc{};
    tc.tcm_ifindex = 7;
    tc.tcm_handle = 0x10000;
    tc.tcm_parent = TC_H_ROOT;
    nlmsghdr h{};
    h.nlmsg_type = type;
    h.nlmsg_len = NLMSG_LENGTH(sizeof tc) + attributes.size();
    return bytesOf(h) + bytesOf(tc) + attributes;
}

QByteArray stats2(quint64 bytes, quint32 packets, gnet_stats_queue queue)
{
    QByteArray basic(16, '\0');
    std::memcpy(basic.data(), &bytes, sizeof bytes);
    std::memcpy(basic.data() + 8, &packets, sizeof packets);
    return attribute(TCA_STATS2, attribute(TCA_STATS_BASIC, basic) + attribute(TCA_STATS_QUEUE, bytesOf(queue)));
}

QByteArray oldStats(tc_stats stats)
{
    return attribute(TCA_STATS, bytesOf(stats));
}

} // namespace

class TestQdiscStats final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parses_data();
    void parses();
    void refuses_data();
    void refuses();
    void jsonUsesTcNames();
    void readsLoopback();
};

void TestQdiscStats::parses_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qint64>("sent");
    QTest::addColumn<qint64>("packets");
    QTest::addColumn<qint64>("drops");
    QTest::addColumn<qint64>("overlimits");
    QTest::addColumn<qint64>("backlog");
    QTest::addColumn<qint64>("qlen");

    const QByteArray kind = attribute(TCA_KIND, QByteArray("tbf", 4));
    const gnet_stats_queue queue{12, 17424, 1204, 3, 98765};
    QTest::addRow("stats2") << message(RTM_NEWQDISC, kind + stats2(6000000000ULL, 4100000, queue)) << "tbf"
                            << qint64(6000000000LL) << qint64(4100000) << qint64(1204) << qint64(98765) << qint64(17424)
                            << qint64(12);
    tc_stats old{};
    old.bytes = 1000;
    old.packets = 10;
    old.drops = 2;
    old.overlimits = 5;
    old.backlog = 3000;
    old.qlen = 2;
    QTest::addRow("old tc_stats only") << message(RTM_NEWQDISC, kind + oldStats(old)) << "tbf" << qint64(1000)
                                       << qint64(10) << qint64(2) << qint64(5) << qint64(3000) << qint64(2);
    tc_stats stale{};
    stale.drops = 99;
    QTest::addRow("stats2 wins over the old one, whatever the order")
        << message(RTM_NEWQDISC, kind + stats2(1, 1, queue) + oldStats(stale)) << "tbf" << qint64(1) << qint64(1)
        << qint64(1204) << qint64(98765) << qint64(17424) << qint64(12);
    QTest::addRow("unknown attributes skipped")
        << message(RTM_NEWQDISC, attribute(200, QByteArray(5, 'x')) + kind + stats2(8, 1, queue)) << "tbf" << qint64(8)
        << qint64(1) << qint64(1204) << qint64(98765) << qint64(17424) << qint64(12);
    QTest::addRow("no statistics") << message(RTM_NEWQDISC, attribute(TCA_KIND, QByteArray("noqueue", 8))) << "noqueue"
                                   << qint64(0) << qint64(0) << qint64(0) << qint64(0) << qint64(0) << qint64(0);
    QByteArray truncated = message(RTM_NEWQDISC, kind + stats2(8, 1, queue));
    // The last attribute claims more than the message holds: it is left out, the rest stands.
    truncated.chop(4);
    nlmsghdr h;
    std::memcpy(&h, truncated.constData(), sizeof h);
    h.nlmsg_len = truncated.size();
    truncated.replace(0, sizeof h, bytesOf(h));
    QTest::addRow("truncated statistics")
        << truncated << "tbf" << qint64(0) << qint64(0) << qint64(0) << qint64(0) << qint64(0) << qint64(0);
}

void TestQdiscStats::parses()
{
    QFETCH(QByteArray, bytes);
    auto stats = parseQdiscMessage(bytes);
    QVERIFY2(stats.has_value(), qPrintable(stats ? QString() : stats.error().message));
    QTEST(stats->kind, "kind");
    QTEST(stats->bytes, "sent");
    QTEST(stats->packets, "packets");
    QTEST(stats->drops, "drops");
    QTEST(stats->overlimits, "overlimits");
    QTEST(stats->backlogBytes, "backlog");
    QTEST(stats->backlogPackets, "qlen");
    QCOMPARE(stats->parent, quint32(TC_H_ROOT));
}

void TestQdiscStats::refuses_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addRow("empty") << QByteArray();
    QTest::addRow("a link message") << message(RTM_NEWLINK, {});
    QTest::addRow("header only") << message(RTM_NEWQDISC, {}).left(sizeof(nlmsghdr));
    QByteArray longer = message(RTM_NEWQDISC, {});
    nlmsghdr h;
    std::memcpy(&h, longer.constData(), sizeof h);
    h.nlmsg_len = longer.size() + 64;
    longer.replace(0, sizeof h, bytesOf(h));
    QTest::addRow("length beyond the bytes") << longer;
}

void TestQdiscStats::refuses()
{
    QFETCH(QByteArray, bytes);
    QVERIFY(!parseQdiscMessage(bytes).has_value());
}

void TestQdiscStats::jsonUsesTcNames()
{
    QdiscStats s;
    s.kind = QStringLiteral("tbf");
    s.bytes = 5;
    s.packets = 4;
    s.drops = 3;
    s.overlimits = 2;
    s.requeues = 1;
    s.backlogBytes = 1514;
    s.backlogPackets = 1;
    const QJsonObject json = toJson(s);
    QCOMPARE(json.value(QStringLiteral("backlog")).toInt(), 1514);
    QCOMPARE(json.value(QStringLiteral("qlen")).toInt(), 1);
    const QdiscStats back = qdiscStatsFromJson(json);
    QCOMPARE(back.kind, s.kind);
    QCOMPARE(back.drops, s.drops);
    QCOMPARE(back.requeues, s.requeues);
    QCOMPARE(back.backlogBytes, s.backlogBytes);
}

void TestQdiscStats::readsLoopback()
{
    auto reader = QdiscStatsReader::open(QString(), QStringLiteral("lo"));
    QVERIFY2(reader.has_value(), qPrintable(reader ? QString() : reader.error().message));
    for (int i = 0; i < 3; ++i) {
        auto stats = (*reader)->readRoot();
        QVERIFY2(stats.has_value(), qPrintable(stats ? QString() : stats.error().message));
        QVERIFY(!stats->kind.isEmpty());
    }
    auto missing = QdiscStatsReader::open(QString(), QStringLiteral("tcpt-none9"));
    QVERIFY(!missing.has_value());
    QVERIFY(missing.error().message.contains(QStringLiteral("tcpt-none9")));
}

QTEST_GUILESS_MAIN(TestQdiscStats)
#include "tst_qdisc_stats.moc"
