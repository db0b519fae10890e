// What the lab manager decides without touching the system: which specs the kernel's qdiscs
// allow (netem missing: a delay is refused with a message saying so), how statuses read, and
// that qdisc probing asks the kernel rather than assuming (a fake executor stands in for tc).

#include "lab/lab_manager.h"

#include <QTest>

using namespace tcptune;

class TestLabManager final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void supportedSpecs_data();
    void supportedSpecs();
    void probeAsksTheKernel();
    void probeFailsWhenNoNamespaceCanBeMade();
    void statusJson();
};

void TestLabManager::supportedSpecs_data()
{
    QTest::addColumn<QStringList>("available");
    QTest::addColumn<qint64>("rate");
    QTest::addColumn<int>("delay");
    QTest::addColumn<QString>("problem");
    const QStringList here{QStringLiteral("tbf"), QStringLiteral("htb"), QStringLiteral("pfifo"),
                           QStringLiteral("bfifo")};
    QTest::addRow("rate here") << here << qint64(50'000'000) << 0 << "";
    QTest::addRow("delay here") << here << qint64(0) << 20 << "netem is not in this kernel";
    QTest::addRow("delay with netem") << (here + QStringList{QStringLiteral("netem")}) << qint64(0) << 20 << QString();
    QTest::addRow("rate without tbf") << QStringList{QStringLiteral("pfifo")} << qint64(1'000'000) << 0
                                      << QStringLiteral("tbf");
    QTest::addRow("unshaped without tbf") << QStringList{} << qint64(0) << 0 << "";
}

void TestLabManager::supportedSpecs()
{
    QFETCH(QStringList, available);
    QFETCH(qint64, rate);
    QFETCH(int, delay);
    QFETCH(QString, problem);
    LabSpec spec;
    spec.rateBitsPerSecond = rate;
    spec.delayMs = delay;
    const auto ok = checkLabSupported(spec, QdiscSupport{available, {}});
    QCOMPARE(bool(ok), problem.isEmpty());
    if (!ok) {
        QVERIFY2(ok.error().message.contains(problem), qPrintable(ok.error().message));
        QVERIFY(ok.error().message.contains(QStringLiteral("at 0"))); // says what to do
    }
}

void TestLabManager::probeAsksTheKernel()
{
    QList<LabStep> seen;
    const LabStepExecutor fake = [&](const LabStep &step) -> Result<QString> {
        seen << step;
        if (step.tool == LabStep::Tool::Tc &&
            (step.args.contains(QStringLiteral("netem")) || step.args.contains(QStringLiteral("fq"))))
            return fail(QStringLiteral("Error: Specified qdisc kind is unknown."));
        return QString();
    };
    const auto support = probeQdiscs(fake);
    QVERIFY(support);
    QVERIFY(support->has(QStringLiteral("tbf")));
    QVERIFY(support->has(QStringLiteral("fq_codel")));
    QVERIFY(!support->has(QStringLiteral("netem")));
    QCOMPARE(support->missing, (QStringList{QStringLiteral("netem"), QStringLiteral("fq")}));
    // The probe namespace is made first and removed last.
    QCOMPARE(seen.at(1).args.mid(0, 2), (QStringList{QStringLiteral("netns"), QStringLiteral("add")}));
    QCOMPARE(seen.last().args.mid(0, 2), (QStringList{QStringLiteral("netns"), QStringLiteral("del")}));
    QVERIFY(seen.last().args.at(2).startsWith(QStringLiteral("tcptune-probe-")));
}

void TestLabManager::probeFailsWhenNoNamespaceCanBeMade()
{
    const LabStepExecutor refused = [](const LabStep &step) -> Result<QString> {
        if (step.mayFail)
            return QString();
        return fail(QStringLiteral("mount --make-shared /run/netns failed: Operation not permitted"));
    };
    const auto support = probeQdiscs(refused);
    QVERIFY(!support);
    QVERIFY(support.error().message.contains(QStringLiteral("not permitted")));
}

void TestLabManager::statusJson()
{
    LabStatus status;
    status.name = QStringLiteral("j");
    QCOMPARE(toJson(status).value(QStringLiteral("state")).toString(), QStringLiteral("down"));
    QVERIFY(!status.endpoints());

    LabState record;
    record.spec.name = status.name;
    record.complete = true;
    status.record = record;
    status.state = LabStatus::State::Up;
    const QJsonObject o = toJson(status);
    QCOMPARE(o.value(QStringLiteral("state")).toString(), QStringLiteral("up"));
    QCOMPARE(o.value(QStringLiteral("endpoints")).toObject().value(QStringLiteral("server_netns")).toString(),
             QStringLiteral("tcptune-j-server"));
    QCOMPARE(o.value(QStringLiteral("spec")).toObject().value(QStringLiteral("topology")).toString(),
             QStringLiteral("routed"));
}

QTEST_GUILESS_MAIN(TestLabManager)
#include "tst_lab_manager.moc"
