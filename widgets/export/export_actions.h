#pragma once
// The export entry points of the workbench, self-contained so the main window adds them with one
// line: File > Export (a report of the latest or a chosen stored experiment as HTML, PDF,
// Markdown, CSV or JSON; the charts on screen as PNG, SVG or PDF) and an "Export chart" context
// menu on every ThroughputRttView and SweepChart in the window. Exports confirm in the status
// bar with "Open folder" and remember their folders (ExportFeedback); History's "Export report"
// reports any stored experiment.

#include "export/chart_exporter.h"
#include "export/report_exporter.h"

#include <QObject>
#include <QPointer>

class QMainWindow;
class QMenu;
class QWidget;

namespace tcptune {

class ExportFeedback;

class ExportActions final : public QObject {
    Q_OBJECT
public:
    // Inserts the Export submenu into WINDOW's File menu (before Quit) and installs the chart
    // context menus. Follows the window's RunnerThread (if any) to know the latest experiment.
    explicit ExportActions(QMainWindow *window);

    QMenu *menu() const { return m_menu; }
    // The experiment a report is about: the runner's latest, else the store's newest (0: none).
    qint64 currentExperiment() const;
    // The store reports read: PATH, or when empty (the default) the one ResultStore::defaultPath()
    // names at the time, so that a store chosen in Settings is read at once.
    void setStorePath(const QString &path) { m_storePath = path; }
    QString storePath() const;

    // The actions' work, without dialogs (tests and scripts call these).
    [[nodiscard]] Result<QStringList> exportReport(qint64 experimentId, ReportExporter::Format format,
                                                   const QString &path) const;
    [[nodiscard]] static Result<void> exportChart(QWidget *chart, ChartExporter::Format format, const QString &path,
                                                  const QSize &size, int dpi);
    // Installs the context menu on CHART (a ThroughputRttView or SweepChart).
    void addChartContextMenu(QWidget *chart);
    // Where exports are confirmed ("Open folder") and folders remembered.
    ExportFeedback *feedback() const { return m_feedback; }

public Q_SLOTS:
    // Asks where to write a report of stored experiment ID and writes it.
    void askReportOf(qint64 id);

Q_SIGNALS:
    void exported(const QStringList &files);
    void exportFailed(const QString &message);

private:
    void askReport();
    void askChart(QWidget *chart);
    QWidget *mainChart() const;

    QMainWindow *m_window;
    QMenu *m_menu = nullptr;
    ExportFeedback *m_feedback = nullptr;
    QString m_lastKind;
    QString m_storePath;
    qint64 m_latest = 0;
};

} // namespace tcptune
