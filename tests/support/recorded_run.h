#pragma once
// A stored run that recorded a capture file, as the Runner leaves one: an experiment of one point
// whose one Ok run has the given TCP_INFO samples and the file as its capture (the stream graph's
// overlay, limiter shading and reports find the run by it).

#include "experiment/record/run_record.h"

#include <QList>
#include <QString>

#include <optional>

namespace tcptune {
class ResultStore;
}

namespace tcptune::test {

// The run as stored (its id, its capture); none when STORE refused any part.
std::optional<RunRecord> storeRecordedRun(ResultStore &store, const QString &experimentName,
                                          const QList<RunSample> &samples, const QString &capturePath);

} // namespace tcptune::test
