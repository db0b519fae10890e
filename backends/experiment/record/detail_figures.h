#pragma once
// What a stored run's details keep of its parts, read back: each direction's goodput of a run in
// direction both (outcomeOf() writes it) and each end's figures of a run against several ends
// (severalEndsOutcome() writes them). The diagnosis, History and reports read stored runs; they
// find these here, beside the record, not in the run's own code that wrote them.

#include "experiment/record/run_record.h"
#include "traffic/traffic_spec.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace tcptune {

// Direction both: each direction's receiver goodput as outcomeOf() stored it in RUN's details
// (up, then down); empty for a run in one direction.
struct DirectionFigure {
    Direction direction = Direction::Up;
    double throughputBps = 0;
};
QList<DirectionFigure> directionFigures(const RunRecord &run);

// One line per end and the fairness, from a stored run's details; empty for a run of one end.
// "ssh://a 24.1 Mbit/s (RTT median 41.0 ms), ssh://b 22.9 Mbit/s (...); Jain's fairness index 0.99"
QString severalEndsSummary(const QJsonObject &details);

} // namespace tcptune
