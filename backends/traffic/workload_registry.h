#pragma once
// The workloads tcptune drives, one descriptor each: the one place a workload's name, label and
// the spec fields it reads are written. The name tables (kWorkloadNames), spec validation, the
// agent's start message, the result's figures, the diagnosis, the run's short description and the
// workload panel ask the descriptor instead of comparing names; only the engine's send loops
// (stream_workers, agent_sending, run_state) switch on the Workload value, as they run different
// code. docs/architecture.md, "Adding a workload", lists what a new one touches.

#include "traffic/traffic_spec.h"

#include <QCoreApplication>
#include <QFlags>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace tcptune {

// The size fields of a workload (TrafficSpec and the experiment spec's WorkloadSpec share them).
enum class WorkloadField : unsigned {
    WriteSize = 1u << 0,
    RequestSize = 1u << 1,
    ResponseSize = 1u << 2,
    HeaderSize = 1u << 3,
};
Q_DECLARE_FLAGS(WorkloadFields, WorkloadField)
Q_DECLARE_OPERATORS_FOR_FLAGS(WorkloadFields)

struct WorkloadDescriptor {
    Q_DECLARE_TR_FUNCTIONS(WorkloadDescriptor)
public:
    Workload workload;
    // In JSON (specs, results, the store), the agent protocol and the command line; never
    // translated.
    std::u16string_view name;
    // The workload panel's choice and its tool tip (nullptr: none), marked with
    // QT_TRANSLATE_NOOP("WorkloadDescriptor", ...); translatedLabel()/translatedHint() show them.
    const char *label;
    const char *hint;
    // The size fields the workload reads. The others are still range-checked: every spec carries
    // them into the store and the agent protocol, whose parsers check them whatever the workload.
    WorkloadFields fields;
    // Those the workload panel shows for it (a subset of FIELDS the panel has a row for).
    WorkloadFields panelFields;
    // What one message the far end answers is made of (the agent's "request_bytes", iperf3's
    // read size); none: a plain byte stream nobody answers.
    WorkloadFields message;
    // Whether a response size of 0 is allowed, meaning one way (no answers); otherwise every
    // message is answered and the response size is at least 1.
    bool responseOptional;
    // The write a user sets, and the writes the sender makes (the smallest of them is what Nagle
    // holds back when it is under the MSS).
    WorkloadField dataWrite;
    WorkloadFields writes;
    // The sender writes a stream with nothing to wait for: the send methods other than copy apply,
    // a stock iperf3 server can send it, and the writer always has data (a limit of the socket's
    // buffer shows as application-limited too). The result counts send() calls.
    bool stream;
    // The result has transactions and their latency (once anything is answered).
    bool transactions;
    // Latency under load: streams each way with UDP and TCP probes, after an idle phase; only
    // `tcptune serve` answers the UDP probe.
    bool underLoad;
    // What a spec or command line that does not say runs: the streams (each way in direction
    // both) and the direction.
    int defaultStreams;
    Direction defaultDirection;

    QString nameText() const { return QStringView(name).toString(); }
    QString translatedLabel() const { return tr(label); }
    QString translatedHint() const { return hint ? tr(hint) : QString(); }
    bool uses(WorkloadField field) const { return fields.testFlag(field); }
    // Whether SPEC's messages get answers: a message workload whose response size is not 0.
    bool answered(const TrafficSpec &spec) const { return message.toInt() != 0 && spec.responseSize > 0; }
};

// Every workload, in the order of the Workload enum (which is the order the panel offers them).
inline constexpr std::array kWorkloadDescriptors{
    WorkloadDescriptor{
        .workload = Workload::Bulk,
        .name = u"bulk",
        .label = QT_TRANSLATE_NOOP("WorkloadDescriptor", "bulk stream"),
        .hint = nullptr,
        .fields = WorkloadField::WriteSize,
        .panelFields = WorkloadField::WriteSize,
        .message = {},
        .responseOptional = false,
        .dataWrite = WorkloadField::WriteSize,
        .writes = WorkloadField::WriteSize,
        .stream = true,
        .transactions = false,
        .underLoad = false,
        .defaultStreams = 1,
        .defaultDirection = Direction::Up,
    },
    WorkloadDescriptor{
        .workload = Workload::RequestResponse,
        .name = u"rr",
        .label = QT_TRANSLATE_NOOP("WorkloadDescriptor", "request/response"),
        .hint = nullptr,
        .fields = WorkloadField::RequestSize | WorkloadField::ResponseSize,
        .panelFields = {},
        .message = WorkloadField::RequestSize,
        .responseOptional = false,
        .dataWrite = WorkloadField::RequestSize,
        .writes = WorkloadField::RequestSize,
        .stream = false,
        .transactions = true,
        .underLoad = false,
        .defaultStreams = 1,
        .defaultDirection = Direction::Up,
    },
    WorkloadDescriptor{
        .workload = Workload::SplitWrite,
        .name = u"split-write",
        .label = QT_TRANSLATE_NOOP("WorkloadDescriptor", "split writes"),
        .hint = QT_TRANSLATE_NOOP("WorkloadDescriptor",
                                  "Each write is split in two: a small header, then the data (as iSCSI PDUs)."),
        .fields = WorkloadField::HeaderSize | WorkloadField::WriteSize | WorkloadField::ResponseSize,
        .panelFields = WorkloadField::WriteSize,
        .message = WorkloadField::HeaderSize | WorkloadField::WriteSize,
        .responseOptional = true,
        .dataWrite = WorkloadField::WriteSize,
        .writes = WorkloadField::HeaderSize | WorkloadField::WriteSize,
        .stream = false,
        .transactions = true,
        .underLoad = false,
        .defaultStreams = 1,
        .defaultDirection = Direction::Up,
    },
    WorkloadDescriptor{
        .workload = Workload::Rrul,
        .name = u"rrul",
        .label = QT_TRANSLATE_NOOP("WorkloadDescriptor", "latency under load"),
        .hint = QT_TRANSLATE_NOOP("WorkloadDescriptor",
                                  "Bulk streams each way with UDP and TCP latency probes every 100 ms, after an idle "
                                  "phase that gives the baseline (Flent's RRUL)."),
        .fields = WorkloadField::WriteSize,
        .panelFields = {},
        .message = {},
        .responseOptional = false,
        .dataWrite = WorkloadField::WriteSize,
        .writes = WorkloadField::WriteSize,
        .stream = true,
        .transactions = false,
        .underLoad = true,
        .defaultStreams = 4, // Flent's RRUL: four up, four down
        .defaultDirection = Direction::Both,
    },
};

// Entry i describes the enumerator of value i: workloadDescriptor() indexes by the enum.
constexpr bool workloadDescriptorsDense()
{
    for (std::size_t i = 0; i < kWorkloadDescriptors.size(); ++i)
        if (static_cast<std::size_t>(kWorkloadDescriptors[i].workload) != i)
            return false;
    return true;
}
static_assert(workloadDescriptorsDense());

inline std::span<const WorkloadDescriptor> workloads()
{
    return kWorkloadDescriptors;
}

inline const WorkloadDescriptor &workloadDescriptor(Workload workload)
{
    return kWorkloadDescriptors.at(static_cast<std::size_t>(workload));
}

// The JSON name of a size field in TrafficSpec's JSON ("write_size"), which the stored runs keep.
QString workloadFieldJsonName(WorkloadField field);
// The value of FIELD in SPEC, and the sum of FIELDS.
std::int64_t workloadFieldValue(const TrafficSpec &spec, WorkloadField field);
std::int64_t workloadFieldsSum(const TrafficSpec &spec, WorkloadFields fields);
// Every field, in the order validation checks them.
inline constexpr std::array kWorkloadFieldOrder{WorkloadField::WriteSize, WorkloadField::RequestSize,
                                                WorkloadField::ResponseSize, WorkloadField::HeaderSize};

// The names in the order of the enum ("bulk", "rr", "split-write").
QStringList workloadNames();
// The names as a sentence lists them: "bulk, rr, split-write or rrul" (the "or" translated).
QString workloadNameList();

} // namespace tcptune
