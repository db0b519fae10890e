#pragma once
// How the Nth series of a chart looks: eight colours that stay apart for people with a colour
// vision deficiency (Okabe and Ito's palette), then the same colours dashed, dotted and
// dash-dotted, so 32 series never repeat a look.

#include <QColor>
#include <QPen>

namespace tcptune {

QColor seriesColour(int index);
Qt::PenStyle seriesDash(int index);
QPen seriesPen(int index, double width = 1.5);

} // namespace tcptune
