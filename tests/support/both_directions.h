#pragma once
// What a `tcptune run --direction both --json` result must show of its two directions, checked
// alike by the lab, ssh and iperf3 tests.

#include <QJsonObject>
#include <QString>

namespace tcptune::test {

struct DirectionExpectation {
    double minBps = 0;   // receiver goodput at least
    double maxBps = 0;   // and at most
    QString samplesFrom; // who took the direction's samples
    int minSamples = 0;
};

// Empty when O's "directions" hold up then down, each with its goodput in range, its samples from
// the expected side and at least as many as expected, in time order; otherwise what is wrong.
// Logs each direction's goodput after WHAT.
QString checkBothDirections(const QJsonObject &o, const char *what, const DirectionExpectation &up,
                            const DirectionExpectation &down);

} // namespace tcptune::test
