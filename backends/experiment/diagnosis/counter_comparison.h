#pragma once
// The A/B view's counter section: the MIB counters whose deltas differ between two runs, end
// by end, the biggest difference first, and what they say together about the knob the A/B
// turned (story 1: did autocorking engage at all?). Plain functions over run records.

#include "experiment/record/run_record.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace tcptune {

struct CounterDifference {
    RunEnd end = RunEnd::Local;
    QString name; // "TcpExtTCPAutoCorking"
    qint64 a = 0; // the counter's change over run A
    qint64 b = 0;
};

class CounterComparison final {
    Q_DECLARE_TR_FUNCTIONS(CounterComparison)
public:
    // Counters that moved differently in A and B, at every end whose counters were read in
    // both. "Size" is the relative difference |a - b| / max(|a|, |b|), so a counter that only
    // one run touched (41,223 vs 0) leads; equal sizes go by the absolute difference.
    static QList<CounterDifference> differences(const RunRecord &a, const RunRecord &b);
    // "TcpExtTCPAutoCorking 41,223 vs 0"
    static QString line(const CounterDifference &difference);
    // What the pair says about the knob the A/B turned; empty when it says nothing. For
    // net.ipv4.tcp_autocorking: whether TcpExtTCPAutoCorking moved at the sender in either run.
    static QString verdict(const RunRecord &a, const RunRecord &b);
    // A short name of END for tables ("local", "router", "far end"), translated.
    static QString endName(RunEnd end);
};

} // namespace tcptune
