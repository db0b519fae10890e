#include "charts/series_style.h"

#include <array>

namespace tcptune {

QColor seriesColour(int index)
{
    static const std::array<QColor, 8> colours{QColor(0, 114, 178),   QColor(213, 94, 0),   QColor(0, 158, 115),
                                               QColor(204, 121, 167), QColor(86, 180, 233), QColor(230, 159, 0),
                                               QColor(0, 0, 0),       QColor(140, 140, 40)};
    return colours[size_t(std::max(index, 0)) % colours.size()];
}

Qt::PenStyle seriesDash(int index)
{
    static constexpr std::array<Qt::PenStyle, 4> dashes{Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    return dashes[(size_t(std::max(index, 0)) / 8) % dashes.size()];
}

QPen seriesPen(int index, double width)
{
    QPen pen(seriesColour(index), width, seriesDash(index));
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

} // namespace tcptune
