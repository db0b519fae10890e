#pragma once
// Renders any chart that can paint itself into a rectangle to an image or to SVG, so every
// chart exports the same way (white background, antialiased, size exactly as asked).

#include <QByteArray>
#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

namespace tcptune::chartrendering {

using PaintFunction = std::function<void(QPainter *painter, const QRectF &target)>;

QImage toImage(const PaintFunction &paint, const QSize &size);
QByteArray toSvg(const PaintFunction &paint, const QSize &size, const QString &title);

} // namespace tcptune::chartrendering
