#pragma once
// The Captures tab: open a pcap/pcapng (menu, button or drag and drop), analyse it in the
// background with progress and cancel, and overlay its flows' throughput (Wireshark's IO graph)
// and RTT (its RTT graph, tcp.analysis.ack_rtt) on the workbench charts beside live runs.
// Each flow is a row; ticking it shows it on the charts. The control connection (a flow with a
// tiny share of the bytes) is marked and left off the charts. A stored run's capture is aligned
// to the run's start and duration.

#include "captures/stream_graph_view.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace tcptune {

class CaptureFlowMenu;
class CaptureLoader;
class ThroughputRttView;
struct CaptureAnalysis;
struct FlowAnalysis;

class CapturePanel final : public QWidget {
    Q_OBJECT
public:
    explicit CapturePanel(ThroughputRttView *chart, QWidget *parent = nullptr);

    // Starts analysing PATH (queued when another file is still being analysed).
    void open(const QString &path);
    // Opens the capture of a stored run, overlaid on the run's own time: shifted so that its data
    // connection starts at 0 (as the run's samples do) and cut to DURATION_S, its flows named
    // after the run (RUN_NAME).
    void openForRun(const QString &path, double durationS, const QString &runName);
    void cancel();
    bool isBusy() const;

    // Chart run ids of the flows of PATH, largest flow first.
    QList<int> chartRunsOf(const QString &path) const { return m_runsOf.value(path); }
    QTreeWidget *tree() const { return m_tree; }
    // The flows' right-click menu (tests trigger its actions).
    CaptureFlowMenu *flowMenu() const { return m_flowMenu; }
    // Opens the TCP stream graph of flow FLOW_NUMBER of PATH in a window of its own.
    StreamGraphView *openStreamGraph(const QString &path, int flowNumber);

    // How many flows are ticked (shown) when a capture is opened.
    static constexpr int kShownFlows = 3;
    // How many flows of one capture are listed and charted at most.
    static constexpr int kMaxFlows = 12;

Q_SIGNALS:
    void captureLoaded(const QString &path);
    void captureFailed(const QString &path, const QString &message);
    void streamGraphOpened(tcptune::StreamGraphView *view);

private:
    void startNext();
    void onLoaded(const QString &path, std::shared_ptr<const CaptureAnalysis> analysis);
    struct Alignment {
        double shiftS = 0;     // added to capture times: capture start - run start
        double durationS = -1; // points after this are left out; < 0: none
        QString runName;
    };
    int addFlow(QTreeWidgetItem *top, const QString &name, const FlowAnalysis &flow, int index, double interval,
                bool shown, const Alignment &alignment);
    void onFailed(const QString &path, const QString &message);
    void markControl(QTreeWidgetItem *item);
    void onItemChanged(QTreeWidgetItem *item, int column);
    void onChartRunRemoved(int chartRun);
    void onItemActivated(QTreeWidgetItem *item);

    ThroughputRttView *m_chart;
    CaptureLoader *m_loader;
    QTreeWidget *m_tree;
    CaptureFlowMenu *m_flowMenu;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_status;
    QStringList m_queue;
    QHash<QString, QList<int>> m_runsOf;
    QHash<QString, Alignment> m_alignments; // path of a stored run's capture -> its alignment
};

} // namespace tcptune
