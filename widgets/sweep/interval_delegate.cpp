#include "sweep/interval_delegate.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>

namespace tcptune {

QStringList IntervalDelegate::lines(const QString &text)
{
    const qsizetype open = text.indexOf(QStringLiteral(" ("));
    if (open < 0)
        return {text};
    return {text.left(open), text.mid(open + 1)};
}

QSize IntervalDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QStringList parts = opt.text.split(QChar::LineSeparator);
    int widest = 0;
    for (const QString &part : parts)
        widest = std::max(widest, opt.fontMetrics.horizontalAdvance(part));
    const QStyle *style = opt.widget ? opt.widget->style() : QApplication::style();
    // The cell's and its text's margins on both sides (QCommonStyle: the focus frame's margin + 1
    // each) and two pixels of rounding: a line one pixel short breaks again at its dash.
    const int margin = 4 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, &opt, opt.widget) + 1) + 2;
    return {widest + margin, int(parts.size()) * opt.fontMetrics.lineSpacing() + 2};
}

void IntervalDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    // Broken where the interval starts (wrapping broke it at its dash).
    option->text = lines(option->text).join(QChar::LineSeparator);
    option->features |= QStyleOptionViewItem::WrapText;
}

} // namespace tcptune
