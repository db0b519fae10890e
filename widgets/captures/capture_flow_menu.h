#pragma once
// The context menu of a flow in the Captures tab, as Wireshark users expect on a right-click:
// copy the flow's row (tab-separated, for a spreadsheet or a bug report), copy the display filter
// that selects its packets in Wireshark or `tshark -Y`, copy the capture file's path, and open the
// folder that holds it, and open the flow's TCP stream graph. A capture's own row offers the
// path and the folder.

#include <QObject>

class QAction;
class QMenu;
class QPoint;
class QTreeWidget;
class QTreeWidgetItem;

namespace tcptune {

class CaptureFlowMenu final : public QObject {
    Q_OBJECT
public:
    // Where the panel keeps what the menu needs, on the row's first column.
    static constexpr int kPathRole = Qt::UserRole;           // a capture's row: its file
    static constexpr int kFilterRole = Qt::UserRole + 2;     // a flow's row: its display filter
    static constexpr int kFlowNumberRole = Qt::UserRole + 3; // a flow's row: 1 for the largest

    // Shows the menu on TREE's rows when they are right-clicked.
    explicit CaptureFlowMenu(QTreeWidget *tree);

    // The menu for ITEM (a capture or a flow), its actions ready to trigger; the caller owns it.
    QMenu *menuFor(QTreeWidgetItem *item);
    // The capture file ITEM belongs to.
    static QString capturePath(const QTreeWidgetItem *item);
    // The flow number of a flow's row (1 for the largest); 0 for a capture's row.
    static int flowNumber(const QTreeWidgetItem *item);

Q_SIGNALS:
    // What an action did or why it could not, for the panel's status line.
    void said(const QString &message);
    // "TCP stream graph" was chosen for flow FLOW_NUMBER of the capture PATH.
    void streamGraphRequested(const QString &path, int flowNumber);

private:
    void showAt(const QPoint &position);
    void copy(const QString &text, const QString &what);
    void openFolder(const QString &path);

    QTreeWidget *m_tree;
};

} // namespace tcptune
