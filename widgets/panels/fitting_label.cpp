#include "panels/fitting_label.h"

#include <QResizeEvent>

#include <algorithm>

namespace tcptune {

FittingLabel::FittingLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
}

QSize FittingLabel::minimumSizeHint() const
{
    const QSize base = QLabel::minimumSizeHint();
    // Before a layout gave it a width, the width is Qt's placeholder, far narrower than the label
    // will be: its lines there would make the window taller than the screen.
    if (!testAttribute(Qt::WA_Resized) || width() <= 0)
        return base;
    return {base.width(), std::max(base.height(), heightForWidth(width()))};
}

void FittingLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    // Another width may need another number of lines: the layout asks again.
    if (event->oldSize().width() != event->size().width())
        updateGeometry();
}

} // namespace tcptune
