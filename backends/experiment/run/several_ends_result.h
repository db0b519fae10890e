#pragma once
// What a run against several ends at once measured (a spec whose target is a list): each end's
// own traffic result (its samples, taken by whichever end sent: "samples_from"), the aggregate
// over the ends, and how fairly they shared the path as Jain's fairness index over their
// throughput. toJson() is `tcptune run --target A --target B --json`; fromJson() reads it back.

#include "common/error.h"
#include "traffic/traffic_result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace tcptune {

struct SeveralEndsResult {
    Q_DECLARE_TR_FUNCTIONS(SeveralEndsResult)
public:
    QList<TrafficResult> ends; // in the order the ends were given; each names its end in .target

    // Over the ends (set by summarise()).
    double throughputBps = 0; // the sum of every end's receiver goodput
    std::int64_t senderBytes = 0;
    std::int64_t receiverBytes = 0;
    double durationS = 0;      // the longest end's measured time
    double jainIndex = 0;      // stats::jainFairnessIndex over the ends' throughput
    double startSpreadMs = -1; // between the first and the last end's start of traffic; -1 unknown
    bool interrupted = false;  // an end stopped early
    bool cancelled = false;
    QString error; // empty when every end ran; else which end failed and why

    // The aggregate, Jain's index and the error from ENDS.
    void summarise();
    bool ok() const { return error.isEmpty() && !interrupted; }
    QList<double> throughputs() const; // per end, in order

    QJsonObject toJson() const;
    [[nodiscard]] static Result<SeveralEndsResult> fromJson(const QJsonObject &json);
};

} // namespace tcptune
