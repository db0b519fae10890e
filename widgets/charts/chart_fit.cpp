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
    // The title spans the plot and its axes, not a legend beside them (the workbench's charts put
    // theirs on the right once they hold many runs): at 1024x700 the chart was 321 px wide and
    // its title cut at 170 px. Before the first layout, the chart's width.
    const QRectF plot = chart->plotArea();
    const qreal right = plot.isValid() && plot.width() > 0 ? plot.right() + margins.right() : chart->size().width();
    return int(right) - margins.left() - margins.right() - 8;
}

void onResize(QChart *chart, const std::function<void()> &fit)
{
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart, fit);
    // Laid out again (a legend moved beside the plot or grew): the room changed too.
    QObject::connect(chart, &QChart::plotAreaChanged, chart, fit);
    fit();
}

} // namespace tcptune::charts
