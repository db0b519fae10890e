#pragma once
// The A/B table of two stored runs: each figure for A and B with the difference and the ratio,
// then every knob that differed between them or from the kernel default, both values highlighted
// where they differ. Its title line names both runs by id with what sets them apart:
// "A = #12 (tcp_autocorking on), B = #13 (tcp_autocorking off)".

#include "experiment/run_configuration.h"
#include "experiment/run_record.h"

#include <QTableWidget>

namespace tcptune {

class AbTable final : public QTableWidget {
    Q_OBJECT
public:
    explicit AbTable(QWidget *parent = nullptr);

    // Fills the table; returns the title line.
    QString compare(const RunRecord &a, const RunConfiguration &configA, const RunRecord &b,
                    const RunConfiguration &configB);

    // The colour of a value that differs between A and B.
    static QColor differenceColour();
};

} // namespace tcptune
