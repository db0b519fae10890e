#pragma once
// The A/B view's diagnosis: both runs' verdicts, what the pair says about the knob the A/B
// turned (autocorking engaged or not), and every MIB counter that differs, end by end, the
// biggest difference first ("TcpExtTCPAutoCorking 41,223 vs 0").

#include "experiment/record/run_record.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace tcptune {

class CounterDifferenceView final : public QWidget {
    Q_OBJECT
public:
    explicit CounterDifferenceView(QWidget *parent = nullptr);

    // LABEL_A/LABEL_B name the runs as the A/B table does.
    void setRuns(const QString &labelA, const RunRecord &a, const QString &labelB, const RunRecord &b);
    void clear();

    QString summaryText() const;
    QTableWidget *table() const { return m_table; }

private:
    QLabel *m_summary;
    QTableWidget *m_table;
};

} // namespace tcptune
