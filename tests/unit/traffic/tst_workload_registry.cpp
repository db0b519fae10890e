// The workload registry (issue 36): one descriptor per Workload value, its name the one that
// JSON, the agent protocol and the command line read, a label to show, and every field of the
// descriptor doing what it says where it is read (validation, the agent's start message, the
// result, iperf3's parameters, the diagnosis, the run's description).

#include "experiment/record/run_configuration.h"
#include "experiment/diagnosis/run_diagnosis.h"
#include "experiment/record/run_record.h"
#include "traffic/agent_protocol.h"
#include "traffic/iperf3_remote.h"
#include "traffic/traffic_result.h"
#include "traffic/workload_registry.h"

#include <QTest>

#include <algorithm>
#include <cstdint>

using namespace tcptune;

class TestWorkloadRegistry final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyWorkloadHasOneDescriptor();
    void namesAreUniqueAndRoundTrip();
    void labelsAreNotEmpty();
    void fieldsAreConsistent();
    void responseOptionalDecidesOneWay();
    void messageIsWhatTheAgentReads();
    void streamTakesSendMethods();
    void transactionsAreInTheResult();
    void writesAreWhatTheDiagnosisReads();
    void requestSizesDescribeMessages();
};

namespace {

// Every enumerator; a switch without a default, so -Wswitch (an error in this build) names one
// added to the enum and not here.
QList<Workload> everyWorkload()
{
    QList<Workload> all;
    for (int i = 0;; ++i) {
        const auto w = Workload(i);
        switch (w) {
        case Workload::Bulk:
        case Workload::RequestResponse:
        case Workload::SplitWrite:
        case Workload::Rrul: all.append(w); continue;
        }
        return all;
    }
}

TrafficSpec specOf(const WorkloadDescriptor &d)
{
    TrafficSpec s;
    s.workload = d.workload;
    s.target.host = QStringLiteral("198.18.1.2");
    s.writeSize = 4096;
    s.requestSize = 100;
    s.responseSize = 200;
    s.headerSize = 48;
    return s;
}

} // namespace

void TestWorkloadRegistry::everyWorkloadHasOneDescriptor()
{
    const QList<Workload> all = everyWorkload();
    QVERIFY(!all.isEmpty());
    QCOMPARE(qsizetype(workloads().size()), all.size());
    for (Workload w : all) {
        const auto n = int(std::count_if(workloads().begin(), workloads().end(),
                                         [w](const WorkloadDescriptor &d) { return d.workload == w; }));
        QCOMPARE(n, 1);
        QCOMPARE(workloadDescriptor(w).workload, w);
    }
}

void TestWorkloadRegistry::namesAreUniqueAndRoundTrip()
{
    QStringList seen;
    for (const WorkloadDescriptor &d : workloads()) {
        const QString name = d.nameText();
        QVERIFY(!name.isEmpty());
        QVERIFY2(!seen.contains(name), qPrintable(name));
        seen.append(name);
        QCOMPARE(workloadName(d.workload), name);
        QCOMPARE(parseWorkload(name).value(), d.workload);
        // The spec's JSON writes the same name.
        QCOMPARE(specOf(d).toJson().value(QStringLiteral("workload")).toString(), name);
    }
    QCOMPARE(seen, workloadNames());
    QCOMPARE(workloadNameList(), QStringLiteral("bulk, rr, split-write or rrul"));
}

void TestWorkloadRegistry::labelsAreNotEmpty()
{
    int examined = 0;
    for (const WorkloadDescriptor &d : workloads()) {
        QVERIFY(d.label != nullptr);
        QVERIFY(!d.translatedLabel().isEmpty());
        QVERIFY(!d.hint || !d.translatedHint().isEmpty());
        ++examined;
    }
    QVERIFY(examined > 0);
}

// What the panel shows, what a message holds and what the sender writes are fields it reads.
void TestWorkloadRegistry::fieldsAreConsistent()
{
    for (const WorkloadDescriptor &d : workloads()) {
        const QByteArray name = d.nameText().toUtf8();
        QVERIFY2((d.panelFields & ~d.fields).toInt() == 0, name.constData());
        QVERIFY2((d.message & ~d.fields).toInt() == 0, name.constData());
        QVERIFY2((d.writes & ~d.fields).toInt() == 0, name.constData());
        QVERIFY2(d.writes.testFlag(d.dataWrite), name.constData());
        QVERIFY2(d.uses(WorkloadField::ResponseSize) == (d.message.toInt() != 0), name.constData());
    }
}

void TestWorkloadRegistry::responseOptionalDecidesOneWay()
{
    for (const WorkloadDescriptor &d : workloads()) {
        TrafficSpec s = specOf(d);
        s.responseSize = 0;
        // Every spec carries a response size; only a workload whose response is optional takes 0.
        QCOMPARE(s.validate().has_value(), d.responseOptional);
        // One way, a message workload goes down too; one that must be answered does not.
        s.direction = Direction::Down;
        s.responseSize = d.responseOptional ? 0 : 200;
        QCOMPARE(s.validate().has_value(), !d.answered(s));
    }
}

void TestWorkloadRegistry::messageIsWhatTheAgentReads()
{
    for (const WorkloadDescriptor &d : workloads()) {
        const TrafficSpec s = specOf(d);
        const QJsonObject start = agentproto::startMessage(s);
        const auto request = std::int64_t(start.value(QStringLiteral("request_bytes")).toDouble());
        const auto response = std::int64_t(start.value(QStringLiteral("response_bytes")).toDouble());
        QCOMPARE(request, d.answered(s) ? workloadFieldsSum(s, d.message) : std::int64_t(0));
        QCOMPARE(response, d.answered(s) ? s.responseSize : std::int64_t(0));
    }
    // Concretely: rr's request, split-write's header and data.
    QCOMPARE(workloadFieldsSum(specOf(workloadDescriptor(Workload::RequestResponse)),
                               workloadDescriptor(Workload::RequestResponse).message),
             std::int64_t(100));
    QCOMPARE(workloadFieldsSum(specOf(workloadDescriptor(Workload::SplitWrite)),
                               workloadDescriptor(Workload::SplitWrite).message),
             std::int64_t(48 + 4096));
}

void TestWorkloadRegistry::streamTakesSendMethods()
{
    for (const WorkloadDescriptor &d : workloads()) {
        TrafficSpec s = specOf(d);
        s.send = SendMethod::Zerocopy;
        QCOMPARE(s.validate().has_value(), d.stream);
        // A stock iperf3 server reads a whole write cycle at a time, and sends only streams.
        s.send = SendMethod::Copy;
        s.responseSize = d.responseOptional ? 0 : s.responseSize;
        if (!d.answered(s))
            QCOMPARE(std::int64_t(Iperf3Remote::parameters(s).value(QStringLiteral("len")).toDouble()),
                     workloadFieldsSum(s, d.writes));
        s.target.kind = TargetKind::Iperf3;
        s.direction = Direction::Down;
        // Latency under load's UDP probe needs `tcptune serve`.
        QCOMPARE(s.validate().has_value(), d.stream && !d.underLoad);
    }
}

void TestWorkloadRegistry::transactionsAreInTheResult()
{
    for (const WorkloadDescriptor &d : workloads()) {
        TrafficResult r;
        r.spec = specOf(d);
        const QJsonObject o = r.toJson();
        QCOMPARE(o.contains(QStringLiteral("transaction_latency_ms")), d.transactions);
        QCOMPARE(o.contains(QStringLiteral("send_calls")), d.stream);
    }
}

void TestWorkloadRegistry::writesAreWhatTheDiagnosisReads()
{
    for (const WorkloadDescriptor &d : workloads()) {
        const TrafficSpec s = specOf(d);
        RunRecord run;
        run.details.insert(QStringLiteral("spec"), s.toJson());
        const DiagnosisFacts f = factsOf(run);
        QCOMPARE(f.workload, d.workload);
        QCOMPARE(f.dataWrite, qint64(workloadFieldValue(s, d.dataWrite)));
        qint64 smallest = f.dataWrite;
        for (WorkloadField field : kWorkloadFieldOrder)
            if (d.writes.testFlag(field))
                smallest = std::min(smallest, qint64(workloadFieldValue(s, field)));
        QCOMPARE(f.smallestWrite, smallest);
        QCOMPARE(f.alwaysHasData, d.stream);
    }
}

void TestWorkloadRegistry::requestSizesDescribeMessages()
{
    for (const WorkloadDescriptor &d : workloads()) {
        ExperimentSpec spec;
        spec.workload.type = d.workload;
        const QString text = configurationOf(spec, {}, {}).workload;
        QVERIFY2(text.startsWith(d.nameText() + QStringLiteral(", 1 stream")), qPrintable(text));
        QCOMPARE(text.endsWith(QStringLiteral("64/64 B messages")), d.uses(WorkloadField::RequestSize));
        QCOMPARE(text.endsWith(QStringLiteral("128K writes")), !d.uses(WorkloadField::RequestSize));
    }
}

QTEST_GUILESS_MAIN(TestWorkloadRegistry)
#include "tst_workload_registry.moc"
