#pragma once
// Draws a figure with its interval, "9,412.3 (9,398.6–9,431.7)", on two lines where its column is
// narrower than the one-line text, and asks its column for the width of the wider line only: the
// sweep table of a 10 Gbit/s sweep then fits beside its chart at 1024x700 without scrolling.

#include <QStyledItemDelegate>

namespace tcptune {

class IntervalDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    // TEXT's lines as drawn in a column too narrow for it whole: the figure, then its interval.
    static QStringList lines(const QString &text);

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace tcptune
