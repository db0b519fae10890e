#pragma once
// Above the Captures tab's analysis: the captures this session's runs recorded, newest first,
// each with its run and its file's location, so a run's capture is in reach when the run ends
// (it was stored and never shown). "Show on charts" overlays it on the run's time (double-click
// too), "Open folder" opens its folder in the file manager, "Copy path" puts the path on the
// clipboard.

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace tcptune {

struct RunRecord;

class RunCaptureList final : public QWidget {
    Q_OBJECT
public:
    enum Column { RunColumn, FileColumn, FolderColumn, ColumnCount };

    explicit RunCaptureList(QWidget *parent = nullptr);

    // Lists the captures the store at STORE_PATH holds for RUN; returns how many.
    int addRun(const RunRecord &run, const QString &storePath);
    QTreeWidget *tree() const { return m_tree; }
    // The path of the selected capture, empty when none.
    QString selectedPath() const;

public Q_SLOTS:
    void showSelected();
    void openSelectedFolder();
    void copySelectedPath();

Q_SIGNALS:
    // Overlay PATH on the charts on its run's time.
    void showRequested(const QString &path, double durationS, const QString &runName);

private:
    void updateButtons();

    QTreeWidget *m_tree;
    QPushButton *m_show;
    QPushButton *m_folder;
    QPushButton *m_copy;
    QLabel *m_hint;
};

} // namespace tcptune
