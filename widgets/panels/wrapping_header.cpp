#include "panels/wrapping_header.h"

#include <QFontMetrics>

#include <algorithm>

namespace tcptune {

WrappingHeader::WrappingHeader(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    // Wrapped at the section's width, never elided to one line first.
    setDefaultAlignment(Qt::Alignment::fromInt(int(Qt::AlignCenter) | int(Qt::TextWordWrap)));
    setTextElideMode(Qt::ElideNone);
}

QStringList WrappingHeader::balancedLines(const QString &text, const QFontMetrics &metrics)
{
    QStringList best{text};
    int bestWidth = metrics.horizontalAdvance(text);
    for (qsizetype space = text.indexOf(QLatin1Char(' ')); space >= 0;
         space = text.indexOf(QLatin1Char(' '), space + 1)) {
        const QStringList lines{text.left(space), text.mid(space + 1)};
        const int width = std::max(metrics.horizontalAdvance(lines[0]), metrics.horizontalAdvance(lines[1]));
        if (width < bestWidth) {
            best = lines;
            bestWidth = width;
        }
    }
    return best;
}

QSize WrappingHeader::sectionSizeFromContents(int logicalIndex) const
{
    // The style's size of the title on one line, less the title's width: margins, sort arrow.
    const QSize oneLine = QHeaderView::sectionSizeFromContents(logicalIndex);
    if (!model())
        return oneLine;
    const QString text = model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString();
    const QFontMetrics metrics(font());
    const QStringList lines = balancedLines(text, metrics);
    int widest = 0;
    for (const QString &line : lines)
        widest = std::max(widest, metrics.horizontalAdvance(line));
    // One pixel of slack: the painter's line breaking measures a little differently from the sum.
    const int width = oneLine.width() - metrics.horizontalAdvance(text) + widest + 2;
    return {std::max(width, minimumSectionSize()), oneLine.height() + int(lines.size() - 1) * metrics.lineSpacing()};
}

} // namespace tcptune
