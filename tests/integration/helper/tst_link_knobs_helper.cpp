// Link knobs through the real tcptune-helper, inside namespaces this test creates (a veth pair),
// with ethtool and ip as the oracles: GSO and TSO switched off show as off in `ethtool -k` inside
// the namespace and come back on at stdin EOF and after a SIGKILL of `tcptune knobs set` (within
// 2 s); txqueuelen, MTU and BIG TCP's gso_max_size and gro_max_size are set, read back with
// `ip` and rolled back; what veth lacks
// (coalescing, rings, combined channels, BQL) and what it fixes (lro) is refused with a sentence
// naming the driver, where ethtool fails or says [fixed] too; a host device needs the explicit
// confirmation; device names the kernel would refuse are refused. The read side of coalescing,
// rings, channels and BQL is compared with ethtool on a host device that has them.

#include "command_runner.h"
#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QJsonArray>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace tcptune::test;

namespace {

QString errorOf(const QJsonObject &reply)
{
    return reply.value(QStringLiteral("error")).toString();
}

QString dump(const QJsonObject &reply)
{
    return QString::fromUtf8(QJsonDocument(reply).toJson(QJsonDocument::Compact));
}

QJsonObject params(const QString &key, const QString &value, const QString &netns)
{
    QJsonObject p{{QStringLiteral("key"), key}};
    if (!value.isNull())
        p.insert(QStringLiteral("value"), value);
    if (!netns.isEmpty())
        p.insert(QStringLiteral("netns"), netns);
    return p;
}

// The line "NAME: on|off" of `ethtool -k DEVICE` run inside NS (empty: the host).
QString ethtoolFeature(const QString &netns, const QString &device, const QString &name)
{
    QProcess p;
    QStringList args{QStringLiteral("ethtool"), QStringLiteral("-k"), device};
    if (netns.isEmpty())
        p.start(args.takeFirst(), args);
    else
        p.start(QStringLiteral("ip"), QStringList{QStringLiteral("netns"), QStringLiteral("exec"), netns} + args);
    p.waitForFinished(10000);
    const QRegularExpression line(QStringLiteral("^%1: (on|off)").arg(QRegularExpression::escape(name)),
                                  QRegularExpression::MultilineOption);
    return line.match(QString::fromUtf8(p.readAllStandardOutput())).captured(1);
}

// `ip -d link show DEVICE` inside NS, one line.
QString ipLink(const QString &netns, const QString &device)
{
    QProcess p;
    p.start(QStringLiteral("ip"), {QStringLiteral("-n"), netns, QStringLiteral("-d"), QStringLiteral("link"),
                                   QStringLiteral("show"), device});
    p.waitForFinished(10000);
    return QString::fromUtf8(p.readAllStandardOutput()).simplified();
}

// ethtool OPTION DEVICE on the host: its output, and whether it succeeded.
std::pair<bool, QString> ethtoolOn(const QString &option, const QString &device)
{
    QProcess p;
    p.start(QStringLiteral("ethtool"), {option, device});
    p.waitForFinished(10000);
    return {p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
            QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError())};
}

// The host devices other than lo, ifb and veth: those a physical or virtual NIC driver runs.
QStringList hostNics()
{
    QStringList out;
    for (const QString &name : QDir(QStringLiteral("/sys/class/net")).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (QFile::exists(QStringLiteral("/sys/class/net/%1/device").arg(name)))
            out << name;
    return out;
}

} // namespace

class TestLinkKnobsHelper final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void gsoAndTsoOffInsideTheNamespaceAndBackOnAtEof();
    void killNineOfTcptuneRestoresWithinTwoSeconds();
    void queueLengthAndMtuReadBackWithIp();
    void gsoAndGroMaxSizeReadBackWithIp();
    void vethRefusesWhatItLacks_data();
    void vethRefusesWhatItLacks();
    void fixedFeatureIsRefused();
    void hostDeviceNeedsConfirmation();
    void refusesBadDeviceNames_data();
    void refusesBadDeviceNames();
    void readsCoalescingRingsChannelsAndBqlOfAHostNic();

private:
    QString device() const { return QStringLiteral("ttnicka"); }
    QStringList journalArgs() const { return {QStringLiteral("--journal-dir"), m_journalDir}; }
    std::unique_ptr<ScratchPair> m_pair;
    QString m_journalDir;
};

void TestLinkKnobsHelper::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("the helper runs as root only");
    m_journalDir = testJournalDir(QStringLiteral("link-knobs"));
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("nick"), 231);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    QVERIFY2(!ipLink(m_pair->a().name(), device()).isEmpty(), "the veth of the scratch pair is not named as expected");
}

void TestLinkKnobsHelper::cleanupTestCase()
{
    m_pair.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestLinkKnobsHelper::gsoAndTsoOffInsideTheNamespaceAndBackOnAtEof()
{
    const QString ns = m_pair->a().name();
    QCOMPARE(ethtoolFeature(ns, device(), QStringLiteral("generic-segmentation-offload")), QStringLiteral("on"));
    QCOMPARE(ethtoolFeature(ns, device(), QStringLiteral("tcp-segmentation-offload")), QStringLiteral("on"));
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject read = helper.call(QStringLiteral("get"), params(QStringLiteral("link.ttnicka.gso"), {}, ns));
    QVERIFY2(read.value(QStringLiteral("ok")).toBool(), qPrintable(dump(read)));
    QCOMPARE(read.value(QStringLiteral("result")).toObject().value(QStringLiteral("value")).toString(),
             QStringLiteral("1"));
    for (const char *parameter : {"gso", "tso"}) {
        const QJsonObject reply =
            helper.call(QStringLiteral("set"),
                        params(QStringLiteral("link.ttnicka.") + QLatin1String(parameter), QStringLiteral("off"), ns));
        QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
        QCOMPARE(reply.value(QStringLiteral("result")).toObject().value(QStringLiteral("new")).toString(),
                 QStringLiteral("0"));
    }
    QCOMPARE(ethtoolFeature(ns, device(), QStringLiteral("generic-segmentation-offload")), QStringLiteral("off"));
    QCOMPARE(ethtoolFeature(ns, device(), QStringLiteral("tcp-segmentation-offload")), QStringLiteral("off"));
    // The journal holds both before anything else happens.
    const QJsonObject journal = helper.call(QStringLiteral("journal"));
    QCOMPARE(journal.value(QStringLiteral("result")).toObject().value(QStringLiteral("entries")).toArray().size(), 2);
    QVERIFY(helper.closeAndWait());
    QCOMPARE(ethtoolFeature(ns, device(), QStringLiteral("generic-segmentation-offload")), QStringLiteral("on"));
    QCOMPARE(ethtoolFeature(ns, device(), QStringLiteral("tcp-segmentation-offload")), QStringLiteral("on"));
}

void TestLinkKnobsHelper::killNineOfTcptuneRestoresWithinTwoSeconds()
{
    const QString ns = m_pair->a().name();
    const auto gso = [&] { return ethtoolFeature(ns, device(), QStringLiteral("generic-segmentation-offload")); };
    const auto tso = [&] { return ethtoolFeature(ns, device(), QStringLiteral("tcp-segmentation-offload")); };
    QProcess tcptune;
    tcptune.start(binary(QStringLiteral("tcptune")),
                  {QStringLiteral("knobs"), QStringLiteral("set"), QStringLiteral("link.ttnicka.gso=off"),
                   QStringLiteral("link.ttnicka.tso=off"), QStringLiteral("--netns"), ns, QStringLiteral("--"),
                   QStringLiteral("sleep"), QStringLiteral("30")});
    QVERIFY(tcptune.waitForStarted(5000));
    QTRY_COMPARE_WITH_TIMEOUT(tso(), QStringLiteral("off"), 15000);
    QCOMPARE(gso(), QStringLiteral("off"));
    tcptune.kill(); // SIGKILL: tcptune cannot restore anything itself; its helper sees EOF
    QVERIFY(tcptune.waitForFinished(5000));
    QTRY_COMPARE_WITH_TIMEOUT(gso(), QStringLiteral("on"), 2000);
    QTRY_COMPARE_WITH_TIMEOUT(tso(), QStringLiteral("on"), 2000);
}

void TestLinkKnobsHelper::queueLengthAndMtuReadBackWithIp()
{
    const QString ns = m_pair->a().name();
    const QString before = ipLink(ns, device());
    QVERIFY2(before.contains(QLatin1String(" mtu 1500 ")) && before.contains(QLatin1String(" qlen 1000")),
             qPrintable(before));
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    for (const auto &[key, value] : {std::pair{QStringLiteral("link.ttnicka.txqueuelen"), QStringLiteral("77")},
                                     std::pair{QStringLiteral("link.ttnicka.mtu"), QStringLiteral("9000")}}) {
        const QJsonObject reply = helper.call(QStringLiteral("set"), params(key, value, ns));
        QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
    }
    const QString during = ipLink(ns, device());
    QVERIFY2(during.contains(QLatin1String(" mtu 9000 ")) && during.contains(QLatin1String(" qlen 77")),
             qPrintable(during));
    const QJsonObject restored = helper.call(QStringLiteral("restore"));
    QCOMPARE(restored.value(QStringLiteral("result")).toObject().value(QStringLiteral("restored")).toArray().size(), 2);
    QCOMPARE(ipLink(ns, device()), before);
    QVERIFY(helper.closeAndWait());
}

// BIG TCP's sizes over rtnetlink: what `ip -d link` shows before is what the helper reads, the
// change shows there, and the restore puts the line back as it was.
void TestLinkKnobsHelper::gsoAndGroMaxSizeReadBackWithIp()
{
    const QString ns = m_pair->a().name();
    const QString before = ipLink(ns, device());
    const QRegularExpression sizes(QStringLiteral(" gso_max_size (\\d+) .* gro_max_size (\\d+)\\b"));
    const QRegularExpressionMatch shown = sizes.match(before);
    QVERIFY2(shown.hasMatch(), qPrintable(before));
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject read =
        helper.call(QStringLiteral("get"), params(QStringLiteral("link.ttnicka.gso_max_size"), QString(), ns));
    QVERIFY2(dump(read).contains(QLatin1Char('"') + shown.captured(1) + QLatin1Char('"')), qPrintable(dump(read)));
    for (const auto &[key, value] :
         {std::pair{QStringLiteral("link.ttnicka.gso_max_size"), QStringLiteral("32768")},
          std::pair{QStringLiteral("link.ttnicka.gro_max_size"), QStringLiteral("131072")}}) {
        const QJsonObject reply = helper.call(QStringLiteral("set"), params(key, value, ns));
        QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
    }
    const QRegularExpressionMatch during = sizes.match(ipLink(ns, device()));
    QCOMPARE(during.captured(1), QStringLiteral("32768"));
    QCOMPARE(during.captured(2), QStringLiteral("131072"));
    const QJsonObject restored = helper.call(QStringLiteral("restore"));
    QCOMPARE(restored.value(QStringLiteral("result")).toObject().value(QStringLiteral("restored")).toArray().size(), 2);
    QCOMPARE(ipLink(ns, device()), before);
    QVERIFY(helper.closeAndWait());
}

void TestLinkKnobsHelper::vethRefusesWhatItLacks_data()
{
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<QString>("ethtoolOption"); // empty: no ethtool counterpart
    QTest::addColumn<QString>("sentence");
    QTest::addRow("tx-usecs") << QStringLiteral("tx-usecs") << QStringLiteral("-c")
                              << QStringLiteral("veth does not support interrupt coalescing (ethtool -C); this knob "
                                                "needs a physical NIC.");
    QTest::addRow("adaptive-rx") << QStringLiteral("adaptive-rx") << QStringLiteral("-c")
                                 << QStringLiteral("veth does not support interrupt coalescing (ethtool -C); this "
                                                   "knob needs a physical NIC.");
    QTest::addRow("tx-ring") << QStringLiteral("tx-ring") << QStringLiteral("-g")
                             << QStringLiteral("veth does not support ring sizes (ethtool -G); this knob needs a "
                                               "physical NIC.");
    QTest::addRow("combined-channels") << QStringLiteral("combined-channels") << QStringLiteral("-l")
                                       << QStringLiteral("veth does not support combined channels (ethtool -L); "
                                                         "this knob needs a physical NIC.");
    QTest::addRow("bql_limit_max") << QStringLiteral("bql_limit_max") << QString()
                                   << QStringLiteral("veth does not support byte queue limits (BQL); this knob "
                                                     "needs a physical NIC.");
}

void TestLinkKnobsHelper::vethRefusesWhatItLacks()
{
    QFETCH(QString, parameter);
    QFETCH(QString, ethtoolOption);
    QFETCH(QString, sentence);
    const QString ns = m_pair->a().name();
    if (!ethtoolOption.isEmpty()) { // the oracle agrees that veth lacks it
        const QString shown = m_pair->a().exec({QStringLiteral("sh"), QStringLiteral("-c"),
                                                QStringLiteral("ethtool %1 %2 2>&1").arg(ethtoolOption, device())});
        const bool lacks = shown.contains(QLatin1String("not supported"), Qt::CaseInsensitive) ||
                           QRegularExpression(QStringLiteral("Combined:\\s+n/a")).match(shown).hasMatch();
        QVERIFY2(lacks, qPrintable(shown));
    }
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QString key = QStringLiteral("link.ttnicka.") + parameter;
    const QJsonObject reply = helper.call(QStringLiteral("set"), params(key, QStringLiteral("1"), ns));
    QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
    QCOMPARE(errorOf(reply), sentence);
    const QJsonObject read = helper.call(QStringLiteral("get"), params(key, {}, ns));
    QCOMPARE(errorOf(read), sentence);
    const QJsonObject journal = helper.call(QStringLiteral("journal"));
    QVERIFY(journal.value(QStringLiteral("result")).toObject().value(QStringLiteral("entries")).toArray().isEmpty());
    QVERIFY(helper.closeAndWait());
}

void TestLinkKnobsHelper::fixedFeatureIsRefused()
{
    const QString ns = m_pair->a().name();
    const QString shown = m_pair->a().exec({QStringLiteral("ethtool"), QStringLiteral("-k"), device()});
    if (!shown.contains(QLatin1String("large-receive-offload: off [fixed]")))
        QSKIP("lro is not fixed on this kernel's veth; no fixed feature to refuse");
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply =
        helper.call(QStringLiteral("set"), params(QStringLiteral("link.ttnicka.lro"), QStringLiteral("on"), ns));
    QCOMPARE(errorOf(reply), QStringLiteral("veth fixes lro off on ttnicka ([fixed] in ethtool -k); this knob needs a "
                                            "device that lets it change."));
    QVERIFY(helper.closeAndWait());
}

void TestLinkKnobsHelper::hostDeviceNeedsConfirmation()
{
    // lo of the host: the refusal comes before anything is read or written.
    const QString before = ethtoolFeature({}, QStringLiteral("lo"), QStringLiteral("generic-segmentation-offload"));
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply =
        helper.call(QStringLiteral("set"), params(QStringLiteral("link.lo.gso"), QStringLiteral("off"), {}));
    QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
    QVERIFY2(errorOf(reply).contains(QLatin1String("explicit confirmation")) &&
                 errorOf(reply).contains(QLatin1String("--force")),
             qPrintable(errorOf(reply)));
    QCOMPARE(ethtoolFeature({}, QStringLiteral("lo"), QStringLiteral("generic-segmentation-offload")), before);
    QVERIFY(helper.closeAndWait());
}

void TestLinkKnobsHelper::refusesBadDeviceNames_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    QTest::addRow("slash") << QStringLiteral("link.../etc.gso") << QStringLiteral("'/' or '..'");
    QTest::addRow("dot dot") << QStringLiteral("link.a..b.gso") << QStringLiteral("'/' or '..'");
    QTest::addRow("newline") << QStringLiteral("link.a\nb.gso") << QStringLiteral("newlines");
    QTest::addRow("16 bytes") << QStringLiteral("link.ttnickaaaaaaaaaaa.gso") << QStringLiteral("at most 15 bytes");
    QTest::addRow("missing device") << QStringLiteral("link.ttnosuch.gso") << QStringLiteral("no network device");
}

void TestLinkKnobsHelper::refusesBadDeviceNames()
{
    QFETCH(QString, key);
    QFETCH(QString, expected);
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    for (const QString &op : {QStringLiteral("set"), QStringLiteral("get")}) {
        const QJsonObject reply = helper.call(
            op, params(key, op == QLatin1String("set") ? QStringLiteral("off") : QString(), m_pair->a().name()));
        QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
        QVERIFY2(errorOf(reply).contains(expected), qPrintable(errorOf(reply)));
    }
    QVERIFY(helper.call(QStringLiteral("hello")).value(QStringLiteral("ok")).toBool()); // still serving
    QVERIFY(helper.closeAndWait());
}

void TestLinkKnobsHelper::readsCoalescingRingsChannelsAndBqlOfAHostNic()
{
    // Reading is harmless; changing a host NIC under the machine's own traffic is not what a test
    // may do, so the write side of these is exercised through the refusals above only.
    QString nic;
    for (const QString &candidate : hostNics())
        if (ethtoolOn(QStringLiteral("-g"), candidate).first)
            nic = candidate;
    if (nic.isEmpty())
        QSKIP("no host device with ring sizes (ethtool -g) here: nothing to read coalescing, rings and BQL from");
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const auto get = [&](const QString &parameter) {
        const QJsonObject reply =
            helper.call(QStringLiteral("get"), params(QStringLiteral("link.%1.%2").arg(nic, parameter), {}, {}));
        return reply.value(QStringLiteral("ok")).toBool()
                   ? reply.value(QStringLiteral("result")).toObject().value(QStringLiteral("value")).toString()
                   : QStringLiteral("error: ") + errorOf(reply);
    };
    const QString rings = ethtoolOn(QStringLiteral("-g"), nic).second;
    const QString current = rings.mid(rings.indexOf(QLatin1String("Current hardware settings")));
    const QRegularExpression rx(QStringLiteral("\\nRX:\\s+(\\d+)"));
    const QRegularExpression tx(QStringLiteral("\\nTX:\\s+(\\d+)"));
    QCOMPARE(get(QStringLiteral("rx-ring")), rx.match(current).captured(1));
    QCOMPARE(get(QStringLiteral("tx-ring")), tx.match(current).captured(1));
    const auto [coalesces, coalescing] = ethtoolOn(QStringLiteral("-c"), nic);
    if (coalesces) {
        const QString adaptive =
            QRegularExpression(QStringLiteral("Adaptive RX: (on|off)")).match(coalescing).captured(1);
        QCOMPARE(get(QStringLiteral("adaptive-rx")),
                 adaptive == QLatin1String("on") ? QStringLiteral("1") : QStringLiteral("0"));
    }
    QFile bql(QStringLiteral("/sys/class/net/%1/queues/tx-0/byte_queue_limits/limit_max").arg(nic));
    if (bql.open(QIODevice::ReadOnly))
        QCOMPARE(get(QStringLiteral("bql_limit_max")), QString::fromLatin1(bql.readAll()).trimmed());
    QVERIFY(helper.closeAndWait());
}

QTEST_GUILESS_MAIN(TestLinkKnobsHelper)
#include "tst_link_knobs_helper.moc"
