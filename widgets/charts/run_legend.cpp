#include "charts/run_legend.h"

#include <QPainter>
#include <QPixmap>
#include <QScrollBar>

#include <algorithm>

namespace tcptune {

namespace {

// A longer name is elided in the middle, whole in its tooltip.
constexpr int kMaxTextWidth = 240;
constexpr int kSwatchWidth = 18;
// Beside the swatch and the text: the item's margins.
constexpr int kPadding = 16;

QIcon swatch(const QColor &colour, Qt::PenStyle dash, int height)
{
    QPixmap pixmap(kSwatchWidth, height);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(QPen(colour, 3, dash));
    painter.drawLine(QPointF(1, height / 2.0), QPointF(kSwatchWidth - 1, height / 2.0));
    return QIcon(pixmap);
}

} // namespace

RunLegend::RunLegend(QWidget *parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("runLegend"));
    setFrameShape(QFrame::NoFrame);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    setTextElideMode(Qt::ElideMiddle);
    setUniformItemSizes(true);
    // Top to bottom, then a second column when the charts are too low for one.
    setFlow(QListView::TopToBottom);
    setWrapping(true);
    setResizeMode(QListView::Adjust);
    // As many columns as the rows need (fitWidth): nothing to scroll to.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setIconSize(QSize(kSwatchWidth, fontMetrics().height()));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    viewport()->setAutoFillBackground(false);
}

void RunLegend::setEntries(const QList<RunLegendEntry> &entries)
{
    if (entries == m_entries)
        return;
    m_entries = entries;
    clear();
    for (const RunLegendEntry &e : entries) {
        auto *item = new QListWidgetItem(swatch(e.colour, e.dash, fontMetrics().height()), e.label, this);
        item->setToolTip(e.toolTip.isEmpty() ? e.label : e.label + QLatin1Char('\n') + e.toolTip);
    }
    fitWidth();
}

QString RunLegend::rowText(int row) const
{
    const QListWidgetItem *it = item(row);
    if (!it)
        return {};
    return fontMetrics().elidedText(it->text(), Qt::ElideMiddle, gridSize().width() - iconSize().width() - kPadding);
}

bool RunLegend::isRowWhole(int row) const
{
    const QListWidgetItem *it = item(row);
    return it && viewport()->rect().contains(visualItemRect(it)) && rowText(row) == it->text();
}

// As wide as the widest name needs, in as many columns as the height leaves room for.
void RunLegend::fitWidth()
{
    int widest = 0;
    for (const RunLegendEntry &e : std::as_const(m_entries))
        widest = std::max(widest, fontMetrics().horizontalAdvance(e.label));
    // 2 px more: elidedText() measures in fractions and cuts a text exactly as wide as its room.
    const int column = std::min(widest, kMaxTextWidth) + 2 + iconSize().width() + kPadding;
    const int rowHeight = std::max(1, sizeHintForRow(0));
    const int rowsPerColumn = std::max(1, (isVisible() ? viewport()->height() : 400) / rowHeight);
    const int columns = std::max(1, int((m_entries.size() + rowsPerColumn - 1) / rowsPerColumn));
    setGridSize(QSize(column, rowHeight));
    setFixedWidth(column * columns + 2 * frameWidth() + 2);
}

QSize RunLegend::sizeHint() const
{
    return QSize(width(), QListWidget::sizeHint().height());
}

void RunLegend::resizeEvent(QResizeEvent *event)
{
    QListWidget::resizeEvent(event);
    const int before = width();
    fitWidth();
    if (width() != before)
        doItemsLayout();
}

} // namespace tcptune
