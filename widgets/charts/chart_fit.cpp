#include "charts/chart_fit.h"

#include <QChart>
#include <QFont>
#include <QFontMetrics>

namespace tcptune::charts {

void keepTitleFitting(QChart *chart, const QStringList &longestFirst)
{
    onResize(chart, [chart, longestFirst] {
        const QFontMetrics metrics(chart->titleFont());
        const int room = textRoom(chart);
        for (const QString &title : longestFirst) {
            // Not laid out yet (no width): the whole title, until the chart has its size.
            if (room <= 0 || metrics.horizontalAdvance(title) <= room || title == longestFirst.last()) {
                chart->setTitle(title);
                return;
            }
        }
    });
}

int legendRowWidth(const QFont &font, const QStringList &labels)
{
    const QFontMetrics metrics(font);
    int width = 0;
    // Per entry: the marker (a line high), the gap after it and the margins QtCharts keeps
    // around the entry (about a line's height in all, measured on its drawn legend).
    for (const QString &label : labels)
        width += metrics.horizontalAdvance(label) + 2 * metrics.height() + 8;
    return width;
}

int textRoom(const QChart *chart)
{
    const QMargins margins = chart->margins();
    return int(chart->size().width()) - margins.left() - margins.right() - 8;
}

void onResize(QChart *chart, const std::function<void()> &fit)
{
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart, fit);
    fit();
}

} // namespace tcptune::charts
