#include "export/export_actions.h"

#include "charts/sweep_chart.h"
#include "charts/throughput_rtt_view.h"
#include "experiment/run/runner_thread.h"
#include "experiment/store/result_store.h"
#include "export/export_feedback.h"
#include "history/history_panel.h"
#include "panels/file_dialogs.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>

namespace tcptune {
namespace {

ChartPainterFunction painterOf(QWidget *chart)
{
    QPointer<QWidget> guard(chart);
    return [guard](QPainter *painter, const QRectF &target) {
        if (auto *view = qobject_cast<ThroughputRttView *>(guard.data()))
            view->render(painter, target);
        else if (auto *sweep = qobject_cast<SweepChart *>(guard.data()))
            sweep->render(painter, target);
    };
}

} // namespace

ExportActions::ExportActions(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    m_menu = new QMenu(tr("&Export"), window);
    m_menu->setObjectName(QStringLiteral("menuExport"));
    QAction *report = m_menu->addAction(tr("&Report of the latest experiment..."), this, &ExportActions::askReport);
    report->setObjectName(QStringLiteral("actionExportReport"));
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QAction *chart = m_menu->addAction(tr("&Chart..."), this, [this] { askChart(mainChart()); });
    chart->setObjectName(QStringLiteral("actionExportChart"));

    // Into File, before Quit; a menu of its own when the window has no File menu.
    QAction *quit = window->findChild<QAction *>(QStringLiteral("actionQuit"));
    QMenu *file = nullptr;
    if (quit)
        for (QObject *o : quit->associatedObjects())
            if ((file = qobject_cast<QMenu *>(o)))
                break;
    if (file) {
        file->insertMenu(quit, m_menu);
        file->insertSeparator(quit);
    } else {
        window->menuBar()->addMenu(m_menu);
    }

    for (QWidget *w : window->findChildren<ThroughputRttView *>())
        addChartContextMenu(w);
    for (QWidget *w : window->findChildren<SweepChart *>())
        addChartContextMenu(w);
    if (auto *runner = window->findChild<RunnerThread *>())
        connect(runner, &RunnerThread::started, this, [this](qint64 id, int, int) { m_latest = id; });
    // Any stored experiment, not only the latest: History offers its report.
    if (auto *history = window->findChild<HistoryPanel *>())
        connect(history, &HistoryPanel::reportRequested, this, &ExportActions::askReportOf);
    m_feedback = new ExportFeedback(window);
    connect(this, &ExportActions::exported, m_feedback,
            [this](const QStringList &files) { m_feedback->exported(m_lastKind, files); });
}

QString ExportActions::storePath() const
{
    return m_storePath.isEmpty() ? ResultStore::defaultPath() : m_storePath;
}

qint64 ExportActions::currentExperiment() const
{
    if (m_latest > 0)
        return m_latest;
    ResultStore store;
    if (!store.open(storePath()))
        return 0;
    const auto all = store.experiments();
    return all && !all->isEmpty() ? all->first().id : 0;
}

QWidget *ExportActions::mainChart() const
{
    return m_window->findChild<ThroughputRttView *>();
}

void ExportActions::addChartContextMenu(QWidget *chart)
{
    chart->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(chart, &QWidget::customContextMenuRequested, this, [this, chart](const QPoint &at) {
        QMenu menu(chart);
        menu.addAction(tr("Export chart as PNG, SVG or PDF..."), this, [this, chart] { askChart(chart); });
        menu.exec(chart->mapToGlobal(at));
    });
}

Result<QStringList> ExportActions::exportReport(qint64 experimentId, ReportExporter::Format format,
                                                const QString &path) const
{
    if (experimentId <= 0)
        return fail(tr("There is no stored experiment to report yet; run an experiment or a sweep first."));
    // In the unit the window's charts are in (View > Throughput unit).
    const auto *view = m_window->findChild<ThroughputRttView *>();
    auto model = ReportExporter::load(storePath(), QString::number(experimentId),
                                      view ? view->throughputUnit() : ThroughputUnit());
    if (!model)
        return std::unexpected(model.error());
    return ReportExporter::write(*model, format, path);
}

Result<void> ExportActions::exportChart(QWidget *chart, ChartExporter::Format format, const QString &path,
                                        const QSize &size, int dpi)
{
    if (!chart)
        return fail(tr("There is no chart to export."));
    return ChartExporter::write(painterOf(chart), format, path, size, dpi, chart->windowTitle());
}

void ExportActions::askReport()
{
    askReportOf(currentExperiment());
}

void ExportActions::askReportOf(qint64 id)
{
    if (id <= 0) {
        Q_EMIT exportFailed(tr("There is no stored experiment to report yet; run an experiment or a sweep first."));
        QMessageBox::information(
            m_window, tr("Export report"),
            tr("There is no stored experiment to report yet; run an experiment or a sweep first."));
        return;
    }
    QString filter;
    const QString path = filedialogs::saveFileName(
        m_window, tr("Export report of experiment %1").arg(id),
        ExportFeedback::proposal(QStringLiteral("report"), QStringLiteral("tcptune-report-%1.html").arg(id)),
        tr("HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;CSV (*.csv);;JSON (*.json)"), &filter);
    if (path.isEmpty())
        return;
    auto format = ReportExporter::formatFromName(path);
    if (!format)
        format = ReportExporter::formatFromName(filter.section(QLatin1Char('.'), 1).section(QLatin1Char(')'), 0, 0));
    auto written = format ? exportReport(id, *format, path) : Result<QStringList>(std::unexpected(format.error()));
    if (!written) {
        Q_EMIT exportFailed(written.error().message);
        QMessageBox::warning(m_window, tr("Export report"), written.error().message);
        return;
    }
    m_lastKind = QStringLiteral("report");
    Q_EMIT exported(*written);
}

void ExportActions::askChart(QWidget *chart)
{
    if (!chart)
        return;
    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Export chart"));
    auto *form = new QFormLayout(&dialog);
    auto *width = new QSpinBox(&dialog);
    auto *height = new QSpinBox(&dialog);
    auto *dpi = new QSpinBox(&dialog);
    width->setRange(50, 20000);
    height->setRange(50, 20000);
    dpi->setRange(24, 1200);
    width->setValue(std::max(chart->width(), 800));
    height->setValue(std::max(chart->height(), 360));
    dpi->setValue(ChartRenderer::kDefaultDpi);
    form->addRow(tr("Width (pixels):"), width);
    form->addRow(tr("Height (pixels):"), height);
    form->addRow(tr("DPI (text scales with DPI / 96):"), dpi);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString path = filedialogs::saveFileName(
        m_window, tr("Export chart"),
        ExportFeedback::proposal(QStringLiteral("chart"), QStringLiteral("tcptune-chart.png")),
        tr("PNG (*.png);;SVG (*.svg);;PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    auto format = ChartExporter::formatFromName(path);
    Result<void> done = format ? exportChart(chart, *format, path, QSize(width->value(), height->value()), dpi->value())
                               : Result<void>(std::unexpected(format.error()));
    if (!done) {
        Q_EMIT exportFailed(done.error().message);
        QMessageBox::warning(m_window, tr("Export chart"), done.error().message);
        return;
    }
    m_lastKind = QStringLiteral("chart");
    Q_EMIT exported({path});
}

} // namespace tcptune
