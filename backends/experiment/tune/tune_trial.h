#pragma once
// The values the tuner's search works on: a configuration, what one run of it showed, and the
// source of runs the search asks (the runner in real use, a model in tests). Plain values, so the
// search is a function of the runs it is given: replaying stored runs in the same order gives the
// same decisions, which is how a killed tune resumes.

#include "experiment/diagnosis/run_diagnosis.h"

#include <QList>
#include <QMap>
#include <QString>

namespace tcptune {

// Knob key ("net.ipv4.tcp_rmem", "remote:net.ipv4.tcp_wmem", "socket.SO_RCVBUF") -> canonical
// value, on top of the base spec's knobs: the whole set a run applies.
using TuneConfig = QMap<QString, QString>;

struct TuneTrial; // tuner_search.h

// What one run of a configuration showed the tuner.
struct TrialRun {
    bool ok = false;
    double throughputBps = -1;
    double rttP95Ms = -1;
    double transactionsPerS = -1;
    QList<Finding> findings; // the run's verdict (RunDiagnosis::findingsOf)
    // The sysctl values the ends ran with ("remote:" keys for the far end's), so a knob the
    // configuration leaves unset moves from the value in effect.
    QMap<QString, QString> knobsInEffect;
    qint64 runId = 0; // the stored run (0: not stored)
};

// Measures configurations for the search, one run at a time, synchronously.
class TrialSource {
public:
    virtual ~TrialSource() = default;
    // Runs CONFIG once more. TRIAL numbers the configuration in the search (0: the baseline);
    // LABEL says what it tries ("net.ipv4.tcp_rmem max 512 KiB").
    virtual TrialRun measure(const TuneConfig &config, int trial, const QString &label) = 0;
    virtual bool cancelled() const { return false; }
    virtual double elapsedS() const = 0;
    // Told of each trial once it is judged (the baseline once measured), so a user reads the
    // search as it goes.
    virtual void trialEnded(const TuneTrial &trial) { (void)trial; }
};

} // namespace tcptune
