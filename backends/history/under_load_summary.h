#pragma once
// A latency-under-load run (workload rrul) as people read it: the one line under its charts in the
// workbench and History ("idle 0.1 ms, under load 275 ms (p95 290 ms), +275 ms, 0 of 70 probes
// lost"). Here, below every panel, so all of them say it in the same words.

#include "traffic/latency_under_load.h"

#include <QCoreApplication>
#include <QString>

namespace tcptune {

class UnderLoadSummary final {
    Q_DECLARE_TR_FUNCTIONS(UnderLoadSummary)
public:
    // Empty when RESULT was not measured.
    static QString line(const LatencyUnderLoad &result);
    // A latency in ms with as many decimals as its size needs ("0.12", "4.5", "275").
    static QString ms(double value);
};

} // namespace tcptune
