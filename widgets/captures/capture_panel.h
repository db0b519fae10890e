#pragma once
// The Captures tab: open a pcap/pcapng (menu, button or drag and drop), analyse it in the
// background with progress and cancel, and overlay its flows' throughput (Wireshark's IO graph)
// and RTT (its RTT graph, tcp.analysis.ack_rtt) on the workbench charts beside live runs.
// Each flow is a row; ticking it shows it on the charts.

#include <QHash>
#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace tcptune {

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
    void cancel();
    bool isBusy() const;

    // Chart run ids of the flows of PATH, largest flow first.
    QList<int> chartRunsOf(const QString &path) const { return m_runsOf.value(path); }
    QTreeWidget *tree() const { return m_tree; }

    // How many flows are ticked (shown) when a capture is opened.
    static constexpr int kShownFlows = 3;
    // How many flows of one capture are listed and charted at most.
    static constexpr int kMaxFlows = 12;

Q_SIGNALS:
    void captureLoaded(const QString &path);
    void captureFailed(const QString &path, const QString &message);

private:
    void startNext();
    void onLoaded(const QString &path, std::shared_ptr<const CaptureAnalysis> analysis);
    int addFlow(QTreeWidgetItem *top, const QString &name, const FlowAnalysis &flow, double interval, bool shown);
    void onFailed(const QString &path, const QString &message);
    void onItemChanged(QTreeWidgetItem *item, int column);

    ThroughputRttView *m_chart;
    CaptureLoader *m_loader;
    QTreeWidget *m_tree;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QLabel *m_status;
    QStringList m_queue;
    QHash<QString, QList<int>> m_runsOf;
};

} // namespace tcptune
