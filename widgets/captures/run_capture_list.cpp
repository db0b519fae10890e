#include "captures/run_capture_list.h"

#include "experiment/store/result_store.h"
#include "history/stored_run_names.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace tcptune {
namespace {

constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kDurationRole = Qt::UserRole + 2;

} // namespace

RunCaptureList::RunCaptureList(QWidget *parent)
    : QWidget(parent)
    , m_tree(new QTreeWidget(this))
    , m_show(new QPushButton(tr("Show on charts"), this))
    , m_folder(new QPushButton(tr("Open folder"), this))
    , m_copy(new QPushButton(tr("Copy path"), this))
    , m_hint(new QLabel(tr("Captures of this session's runs appear here when each run ends."), this))
{
    m_tree->setObjectName(QStringLiteral("runCaptureList"));
    m_tree->setColumnCount(ColumnCount);
    m_tree->setHeaderLabels({tr("Run"), tr("Capture file"), tr("Folder")});
    m_tree->setRootIsDecorated(false);
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setTextElideMode(Qt::ElideMiddle); // a long folder keeps its start and its end
    m_show->setObjectName(QStringLiteral("showRunCapture"));
    m_folder->setObjectName(QStringLiteral("openCaptureFolder"));
    m_copy->setObjectName(QStringLiteral("copyCapturePath"));
    m_hint->setObjectName(QStringLiteral("runCaptureHint"));
    m_hint->setWordWrap(true);
    // Low: the tab widget is as high as its highest page needs, and the charts above it need the
    // height more. Hidden until a run has recorded a capture.
    m_tree->setMinimumHeight(3 * m_tree->fontMetrics().height());
    hide();
    // What happened last (the run's file, a copied path) is the tree's tooltip, not a line of its
    // own: at 1024x700 a line more pushed the window past the screen.
    m_hint->hide();
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_show);
    buttons->addWidget(m_folder);
    buttons->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_tree, 1);
    setFocusProxy(m_tree);
    connect(m_show, &QPushButton::clicked, this, &RunCaptureList::showSelected);
    connect(m_folder, &QPushButton::clicked, this, &RunCaptureList::openSelectedFolder);
    connect(m_copy, &QPushButton::clicked, this, &RunCaptureList::copySelectedPath);
    // Double-click or Enter on a row shows it.
    connect(m_tree, &QTreeWidget::itemActivated, this, &RunCaptureList::showSelected);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &RunCaptureList::updateButtons);
    updateButtons();
}

int RunCaptureList::addRun(const RunRecord &run, const QString &storePath)
{
    ResultStore store;
    if (run.id <= 0 || !store.open(storePath))
        return 0;
    const auto captures = store.captures(run.id);
    if (!captures)
        return 0;
    const double duration = run.durationS > 0 ? run.durationS : run.started.msecsTo(run.ended) / 1000.0;
    for (const CaptureRecord &capture : *captures) {
        const QFileInfo file(capture.path);
        auto *item = new QTreeWidgetItem;
        item->setText(RunColumn, storedRunName(run));
        item->setText(FileColumn, file.fileName());
        item->setText(FolderColumn, file.absolutePath());
        item->setToolTip(FolderColumn, file.absoluteFilePath());
        item->setToolTip(FileColumn, file.absoluteFilePath());
        item->setData(RunColumn, kPathRole, file.absoluteFilePath());
        item->setData(RunColumn, kDurationRole, duration);
        m_tree->insertTopLevelItem(0, item); // newest first
        m_tree->setCurrentItem(item);
    }
    if (!captures->isEmpty()) {
        m_hint->setText(tr("Run %1 recorded %2.").arg(runIdText(run.id), captures->first().path));
        m_tree->setToolTip(m_hint->text());
        show();
    }
    return int(captures->size());
}

QString RunCaptureList::selectedPath() const
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    return item ? item->data(RunColumn, kPathRole).toString() : QString();
}

void RunCaptureList::showSelected()
{
    if (const QTreeWidgetItem *item = m_tree->currentItem())
        Q_EMIT showRequested(selectedPath(), item->data(RunColumn, kDurationRole).toDouble(), item->text(RunColumn));
}

void RunCaptureList::openSelectedFolder()
{
    if (const QString path = selectedPath(); !path.isEmpty())
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
}

void RunCaptureList::copySelectedPath()
{
    if (const QString path = selectedPath(); !path.isEmpty()) {
        QApplication::clipboard()->setText(path);
        m_hint->setText(tr("Copied %1.").arg(path));
        m_tree->setToolTip(m_hint->text());
    }
}

void RunCaptureList::updateButtons()
{
    const bool any = m_tree->currentItem() != nullptr;
    m_show->setEnabled(any);
    m_folder->setEnabled(any);
    m_copy->setEnabled(any);
}

} // namespace tcptune
