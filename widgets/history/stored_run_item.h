#pragma once
// A run's row in History. Its name (which names the point's settings) and its configuration come
// from StoredRunDetails the first time the row is drawn, filtered or asked for a tooltip, so
// opening History with thousands of stored runs reads only the run list.

#include "common/throughput_unit.h"
#include "experiment/record/run_record.h"

#include <QTreeWidgetItem>

#include <optional>

namespace tcptune {

class StoredRunDetails;

class StoredRunItem final : public QTreeWidgetItem {
public:
    // DETAILS must outlive the item (HistoryPanel clears its rows before it replaces them).
    StoredRunItem(QTreeWidgetItem *experiment, const RunRecord &run, StoredRunDetails *details,
                  ThroughputUnit unit = {});

    QVariant data(int column, int role) const override;

private:
    struct Texts {
        QString name;
        QString configuration;
        QString toolTip;
    };
    const Texts &texts() const;

    RunRecord m_run;
    StoredRunDetails *m_details;
    mutable std::optional<Texts> m_texts;
};

} // namespace tcptune
