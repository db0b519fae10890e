#pragma once
// StreamGraphView: the TCP stream graph of one flow of a capture file, opened from the Captures
// tab: graph kind (time-sequence as tcptrace draws it, bytes in flight, RTT, throughput), direction
// and a Reset zoom button above the chart (StreamGraphChartView: zoom, pan, crosshair), the clicked
// segment's packet details beside it, and a status line. A capture that a run in the result store
// (ResultStore::defaultPath()) recorded has that run's TCP_INFO on its bytes in flight graph. The graph and a packet's
// details are read on a worker thread; the window stays responsive, and a failure says what to do.

#include "capture/stream_graph.h"

#include <QWidget>

#include <cstddef>
#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace tcptune {

class StreamGraphChartView;
struct PacketDetails;

class StreamGraphView final : public QWidget {
    Q_OBJECT
public:
    // Flow FLOW_NUMBER of PATH (1: the largest, as the Captures tab and `tcptune analyze` list them).
    StreamGraphView(const QString &path, int flowNumber, QWidget *parent = nullptr);

    QString path() const { return m_path; }
    int flowNumber() const { return m_flowNumber; }
    StreamGraphChartView *chartView() const { return m_chart; }
    // The graph shown; null while it is read or when reading failed.
    std::shared_ptr<const StreamGraph> graph() const { return m_graph; }
    QString detailsText() const;
    QString statusText() const;

Q_SIGNALS:
    // The graph was read and drawn, or reading it failed (the status line says why).
    void graphShown();
    void graphFailed(const QString &message);
    // The details pane shows frame FRAME.
    void detailsShown(qint64 frame);

private:
    void load();
    void onLoaded(Result<StreamGraph> result);
    void showKind();
    void showSegment(std::size_t segment);
    void onDetails(std::size_t segment, Result<PacketDetails> details);
    StreamDirection direction() const;

    const QString m_path;
    const int m_flowNumber;
    QComboBox *m_kind;
    QComboBox *m_direction;
    QPushButton *m_reset;
    StreamGraphChartView *m_chart;
    QPlainTextEdit *m_details;
    QLabel *m_status;
    std::shared_ptr<const StreamGraph> m_graph;
    // Answers of requests overtaken by a newer one are dropped.
    int m_graphRequest = 0;
    int m_detailsRequest = 0;
};

} // namespace tcptune
