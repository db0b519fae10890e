#pragma once
// One legend for both workbench charts when they draw many runs (a sweep of 12 points): a list
// beside the charts, one row per run with its colour and its whole name. QtCharts gives a legend
// beside a plot at most 0.4 of the chart's width and scrolls what is higher than the chart, so
// a sweep's twelve runs read as "…" and as runs #2-#8 of 12; this list is as wide as its longest
// name and lays its rows out in a second column when the charts are too low for one.

#include <QColor>
#include <QList>
#include <QListWidget>
#include <QString>

namespace tcptune {

struct RunLegendEntry {
    QString label;
    QColor colour;
    Qt::PenStyle dash = Qt::SolidLine;
    QString toolTip;
    bool operator==(const RunLegendEntry &) const = default;
};

class RunLegend final : public QListWidget {
    Q_OBJECT
public:
    explicit RunLegend(QWidget *parent = nullptr);

    // Shows ENTRIES (unchanged entries are left as they are: this is called at every replot).
    void setEntries(const QList<RunLegendEntry> &entries);
    const QList<RunLegendEntry> &entries() const { return m_entries; }
    // The text row ROW shows, as drawn ("" when the row does not exist).
    QString rowText(int row) const;
    // Whether row ROW is in view, whole, with room for its whole text (tests; screenshots).
    bool isRowWhole(int row) const;

    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitWidth();

    QList<RunLegendEntry> m_entries;
};

} // namespace tcptune
