#pragma once
// The Tune tab's table of trials: one row per configuration the tuner measured (the baseline
// first), filled in as its runs arrive (runs, mean objective) and completed from the answer
// (knob, from -> to, the difference against the incumbent with its 95 % interval, p, outcome).

#include "common/throughput_unit.h"
#include "experiment/record/run_record.h"
#include "experiment/tune/tuner_search.h"

#include <QList>
#include <QMap>
#include <QTableWidget>

namespace tcptune {

class TuneTrialsTable final : public QTableWidget {
    Q_OBJECT
public:
    enum Column {
        TrialColumn,
        KnobColumn,
        ChangeColumn,
        RunsColumn,
        MeanColumn,
        DifferenceColumn,
        PColumn,
        OutcomeColumn,
        ColumnCount
    };

    explicit TuneTrialsTable(QWidget *parent = nullptr);

    // Empties the table for a tune for GOAL.
    void reset(TuneGoal goal);
    void setThroughputUnit(ThroughputUnit unit);
    // A run of the tune in progress finished: its trial's row counts it.
    void addRun(const RunRecord &record);
    // The tune ended: every trial as the search judged it.
    void showAnswer(const TuneAnswer &answer);

private:
    static QString changeText(const TuneTrial &trial);

    struct LiveTrial {
        QString label;
        QList<double> objectives; // NaN for a run that measured nothing
    };
    void setHeaderLabels();
    void showLive();
    void setRow(int row, const QStringList &texts);

    TuneGoal m_goal = TuneGoal::Throughput;
    ThroughputUnit m_unit;
    QMap<int, LiveTrial> m_live;
    QList<TuneTrial> m_trials; // the answer's, once there is one
};

} // namespace tcptune
