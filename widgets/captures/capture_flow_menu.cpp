#include "captures/capture_flow_menu.h"

#include <QAction>
#include <QClipboard>
#include <QDesktopServices>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QTreeWidget>
#include <QUrl>

namespace tcptune {
namespace {

// The row's columns as a spreadsheet takes them.
QString rowText(const QTreeWidgetItem *item)
{
    QStringList cells;
    for (int c = 0; c < item->columnCount(); ++c)
        cells << item->text(c);
    return cells.join(QLatin1Char('\t'));
}

} // namespace

CaptureFlowMenu::CaptureFlowMenu(QTreeWidget *tree)
    : QObject(tree)
    , m_tree(tree)
{
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, &CaptureFlowMenu::showAt);
}

QString CaptureFlowMenu::capturePath(const QTreeWidgetItem *item)
{
    const QTreeWidgetItem *top = item->parent() ? item->parent() : item;
    return top->data(0, kPathRole).toString();
}

int CaptureFlowMenu::flowNumber(const QTreeWidgetItem *item)
{
    return item->parent() ? item->data(0, kFlowNumberRole).toInt() : 0;
}

QMenu *CaptureFlowMenu::menuFor(QTreeWidgetItem *item)
{
    auto *menu = new QMenu(m_tree);
    menu->setObjectName(QStringLiteral("captureFlowMenu"));
    CaptureFlowMenu *self = this;
    const QString path = capturePath(item);
    if (const QString filter = item->data(0, kFilterRole).toString(); item->parent() && !filter.isEmpty()) {
        const QString row = rowText(item);
        QAction *copyRow =
            menu->addAction(tr("&Copy flow"), self, [self, row] { self->copy(row, tr("the flow's row")); });
        copyRow->setObjectName(QStringLiteral("actionCopyFlow"));
        QAction *copyFilter = menu->addAction(tr("Copy as display &filter"), self,
                                              [self, filter] { self->copy(filter, tr("the flow's display filter")); });
        copyFilter->setObjectName(QStringLiteral("actionCopyFlowFilter"));
        copyFilter->setToolTip(tr("For Wireshark's filter bar or tshark -Y: this flow's packets, both directions."));
        if (const int flow = flowNumber(item); flow > 0 && !path.isEmpty()) {
            QAction *graph = menu->addAction(tr("TCP &stream graph"), self,
                                             [self, path, flow] { Q_EMIT self->streamGraphRequested(path, flow); });
            graph->setObjectName(QStringLiteral("actionStreamGraph"));
            graph->setToolTip(tr("The flow's segments, ACKs, window and SACK blocks over time, as tcptrace and "
                                 "Wireshark draw them (also a double-click on the row)."));
        }
        menu->addSeparator();
    }
    if (path.isEmpty())
        return menu;
    QAction *copyPath = menu->addAction(tr("Copy capture file &path"), self,
                                        [self, path] { self->copy(path, tr("the capture file's path")); });
    copyPath->setObjectName(QStringLiteral("actionCopyCapturePath"));
    QAction *open = menu->addAction(tr("&Open containing folder"), self, [self, path] { self->openFolder(path); });
    open->setObjectName(QStringLiteral("actionOpenCaptureFolder"));
    return menu;
}

void CaptureFlowMenu::showAt(const QPoint &position)
{
    QTreeWidgetItem *item = m_tree->itemAt(position);
    if (!item)
        return;
    QMenu *menu = menuFor(item);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_tree->viewport()->mapToGlobal(position));
}

void CaptureFlowMenu::copy(const QString &text, const QString &what)
{
    QGuiApplication::clipboard()->setText(text);
    Q_EMIT said(tr("Copied %1.").arg(what));
}

void CaptureFlowMenu::openFolder(const QString &path)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(folder)))
        Q_EMIT said(tr("No file manager opened %1; its path is %2 (Copy capture file path puts it on the clipboard).")
                        .arg(folder, path));
}

} // namespace tcptune
