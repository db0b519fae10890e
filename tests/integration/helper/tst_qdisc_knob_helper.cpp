// link.DEV.qdisc through the real tcptune-helper, on a veth of namespaces this test creates, with
// `tc qdisc show` inside the namespace as the oracle: pfifo and tbf are set over rtnetlink and
// show there as asked; `restore`, stdin EOF and a SIGKILL of `tcptune knobs set` (within 2 s)
// give the device back the qdisc it had (the kernel's noqueue); a kind this kernel lacks
// (fq_codel, fq where absent) is refused before anything changes, naming its module, and where
// the kernel has it, it is set and rolled back instead; a root qdisc tcptune cannot put back
// (htb) is refused; the host's own device needs the explicit confirmation.

#include "command_runner.h"
#include "helper_pipe.h"
#include "scratch_namespace.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace tcptune::test;
using namespace Qt::StringLiterals;

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

int journalSize(HelperPipe &helper)
{
    const QJsonObject journal = helper.call(QStringLiteral("journal"));
    return int(journal.value(QStringLiteral("result")).toObject().value(QStringLiteral("entries")).toArray().size());
}

} // namespace

class TestQdiscKnobHelper final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void pfifoAndTbfShowInTcAndRollBack();
    void eofOfTheHelperRestores();
    void killNineOfTcptuneRestoresWithinTwoSeconds();
    void missingKindIsRefusedNamingItsModule_data();
    void missingKindIsRefusedNamingItsModule();
    void foreignRootQdiscIsRefused();
    void hostDeviceNeedsConfirmation();

private:
    QString device() const { return QStringLiteral("ttqdsca"); }
    QString key() const { return QStringLiteral("link.ttqdsca.qdisc"); }
    // `tc qdisc show dev DEVICE` inside the namespace: the oracle.
    QString tcShow() const { return m_pair->a().exec({u"tc"_s, u"qdisc"_s, u"show"_s, u"dev"_s, device()}); }
    // Whether this kernel takes KIND, asked with tc on lo of the second namespace.
    bool kernelHas(const QString &kind) const;
    QStringList journalArgs() const { return {QStringLiteral("--journal-dir"), m_journalDir}; }
    std::unique_ptr<ScratchPair> m_pair;
    QString m_journalDir;
    QString m_before;
};

bool TestQdiscKnobHelper::kernelHas(const QString &kind) const
{
    QProcess p;
    // tc takes tbf only with its parameters.
    const QStringList tbf{u"rate"_s, u"1mbit"_s, u"burst"_s, u"16k"_s, u"limit"_s, u"16k"_s};
    p.start(QStringLiteral("ip"), QStringList{u"netns"_s, u"exec"_s, m_pair->b().name(), u"tc"_s, u"qdisc"_s,
                                              u"replace"_s, u"dev"_s, u"lo"_s, u"root"_s, kind} +
                                      (kind == QLatin1String("tbf") ? tbf : QStringList()));
    p.waitForFinished(10000);
    const bool has = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    m_pair->b().exec({u"tc"_s, u"qdisc"_s, u"del"_s, u"dev"_s, u"lo"_s, u"root"_s});
    return has;
}

void TestQdiscKnobHelper::initTestCase()
{
    if (!runningAsRoot())
        QSKIP("the helper runs as root only");
    m_journalDir = testJournalDir(QStringLiteral("qdisc-knob"));
    m_pair = std::make_unique<ScratchPair>(QStringLiteral("qdsc"), 233);
    QVERIFY2(m_pair->ok(), qPrintable(m_pair->error()));
    m_before = tcShow();
    QVERIFY2(m_before.startsWith(QLatin1String("qdisc noqueue 0: root")), qPrintable(m_before));
}

void TestQdiscKnobHelper::cleanupTestCase()
{
    m_pair.reset();
    if (!m_journalDir.isEmpty())
        QDir(m_journalDir).removeRecursively();
}

void TestQdiscKnobHelper::pfifoAndTbfShowInTcAndRollBack()
{
    const QString ns = m_pair->a().name();
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject read = helper.call(QStringLiteral("get"), params(key(), {}, ns));
    QCOMPARE(read.value(QStringLiteral("result")).toObject().value(QStringLiteral("value")).toString(),
             QStringLiteral("default noqueue"));

    QJsonObject reply = helper.call(QStringLiteral("set"), params(key(), QStringLiteral("pfifo limit 500"), ns));
    QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
    QVERIFY2(QRegularExpression(QStringLiteral("^qdisc pfifo [0-9a-f]+: root .*limit 500p")).match(tcShow()).hasMatch(),
             qPrintable(tcShow()));

    reply = helper.call(QStringLiteral("set"),
                        params(key(), QStringLiteral("tbf rate 50mbit burst 32kb latency 50ms"), ns));
    QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
    const QJsonObject result = reply.value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("new")).toString(), QStringLiteral("tbf rate 50mbit burst 32kb limit 345268"));
    const QString shown = tcShow();
    QVERIFY2(QRegularExpression(QStringLiteral("^qdisc tbf [0-9a-f]+: root .*rate 50Mbit burst 32Kb lat 50ms"))
                 .match(shown)
                 .hasMatch(),
             qPrintable(shown));
    // One key, one journal entry: its old value is the first one, the kernel's noqueue.
    QCOMPARE(journalSize(helper), 1);
    const QJsonObject restored = helper.call(QStringLiteral("restore"));
    QCOMPARE(restored.value(QStringLiteral("result")).toObject().value(QStringLiteral("restored")).toArray().size(), 1);
    QCOMPARE(tcShow(), m_before);
    QVERIFY(helper.closeAndWait());
}

void TestQdiscKnobHelper::eofOfTheHelperRestores()
{
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply =
        helper.call(QStringLiteral("set"), params(key(), QStringLiteral("bfifo limit 64kb"), m_pair->a().name()));
    QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
    QVERIFY2(tcShow().contains(QLatin1String("limit 64Kb")), qPrintable(tcShow()));
    QVERIFY(helper.closeAndWait());
    QCOMPARE(tcShow(), m_before);
}

void TestQdiscKnobHelper::killNineOfTcptuneRestoresWithinTwoSeconds()
{
    QProcess tcptune;
    tcptune.start(binary(QStringLiteral("tcptune")),
                  {QStringLiteral("knobs"), QStringLiteral("set"), key() + QStringLiteral("=pfifo limit 500"),
                   QStringLiteral("--netns"), m_pair->a().name(), QStringLiteral("--"), QStringLiteral("sleep"),
                   QStringLiteral("30")});
    QVERIFY(tcptune.waitForStarted(5000));
    QTRY_VERIFY_WITH_TIMEOUT(tcShow().contains(QLatin1String("limit 500p")), 15000);
    tcptune.kill(); // SIGKILL: tcptune cannot restore anything itself; its helper sees EOF
    QVERIFY(tcptune.waitForFinished(5000));
    QTRY_COMPARE_WITH_TIMEOUT(tcShow(), m_before, 2000);
}

void TestQdiscKnobHelper::missingKindIsRefusedNamingItsModule_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addRow("fq_codel") << QStringLiteral("fq_codel");
    QTest::addRow("fq") << QStringLiteral("fq");
}

void TestQdiscKnobHelper::missingKindIsRefusedNamingItsModule()
{
    QFETCH(QString, kind);
    const QString ns = m_pair->a().name();
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply = helper.call(QStringLiteral("set"), params(key(), kind, ns));
    if (kernelHas(kind)) { // the set path where the kernel has it
        QVERIFY2(reply.value(QStringLiteral("ok")).toBool(), qPrintable(dump(reply)));
        QVERIFY2(tcShow().startsWith(QStringLiteral("qdisc %1 ").arg(kind)), qPrintable(tcShow()));
        QVERIFY(helper.closeAndWait());
        QCOMPARE(tcShow(), m_before);
        return;
    }
    QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
    const QString error = errorOf(reply);
    QVERIFY2(error.startsWith(QStringLiteral("This kernel has no %1 qdisc (module sch_%1); available: ").arg(kind)),
             qPrintable(error));
    // The list is what tc finds in this kernel too.
    const QString listed = error.mid(error.indexOf(QLatin1String("available: ")) + 11).chopped(1);
    for (const QString &other : {u"pfifo"_s, u"bfifo"_s, u"pfifo_fast"_s, u"tbf"_s, u"fq_codel"_s, u"fq"_s})
        QCOMPARE(listed.split(QStringLiteral(", ")).contains(other), kernelHas(other));
    QCOMPARE(journalSize(helper), 0); // refused before anything was journalled or changed
    QCOMPARE(tcShow(), m_before);
    QVERIFY(helper.closeAndWait());
}

void TestQdiscKnobHelper::foreignRootQdiscIsRefused()
{
    const QString ns = m_pair->a().name();
    m_pair->a().exec(
        {u"tc"_s, u"qdisc"_s, u"replace"_s, u"dev"_s, device(), u"root"_s, u"handle"_s, u"1:"_s, u"htb"_s});
    const QString foreign = tcShow();
    if (!foreign.startsWith(QLatin1String("qdisc htb ")))
        QSKIP("this kernel has no htb: no root qdisc here that tcptune cannot put back");
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply = helper.call(QStringLiteral("set"), params(key(), QStringLiteral("pfifo"), ns));
    m_pair->a().exec({u"tc"_s, u"qdisc"_s, u"del"_s, u"dev"_s, device(), u"root"_s});
    QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
    QVERIFY2(
        errorOf(reply).startsWith(QLatin1String("The root qdisc of ttqdsca is htb, which tcptune cannot put back")),
        qPrintable(errorOf(reply)));
    QCOMPARE(journalSize(helper), 0);
    QVERIFY(helper.closeAndWait());
    QCOMPARE(tcShow(), m_before);
}

void TestQdiscKnobHelper::hostDeviceNeedsConfirmation()
{
    const QString before = QString::fromUtf8([] {
        QProcess p;
        p.start(QStringLiteral("tc"), {u"qdisc"_s, u"show"_s, u"dev"_s, u"lo"_s});
        p.waitForFinished(10000);
        return p.readAllStandardOutput();
    }());
    HelperPipe helper(journalArgs());
    QVERIFY(helper.started());
    const QJsonObject reply =
        helper.call(QStringLiteral("set"), params(QStringLiteral("link.lo.qdisc"), QStringLiteral("pfifo"), {}));
    QVERIFY(!reply.value(QStringLiteral("ok")).toBool());
    QVERIFY2(errorOf(reply).contains(QLatin1String("explicit confirmation")) &&
                 errorOf(reply).contains(QLatin1String("--force")),
             qPrintable(errorOf(reply)));
    QVERIFY(helper.closeAndWait());
    QProcess p;
    p.start(QStringLiteral("tc"), {u"qdisc"_s, u"show"_s, u"dev"_s, u"lo"_s});
    p.waitForFinished(10000);
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()), before);
}

QTEST_GUILESS_MAIN(TestQdiscKnobHelper)
#include "tst_qdisc_knob_helper.moc"
