#pragma once
// Saves a widget's rendering as build/screenshots/NAME.png and tells whether it shows anything.

#include <QImage>
#include <QString>

class QWidget;

namespace tcptune::test {

// Grabs WIDGET, writes the PNG, returns the image.
QImage saveScreenshot(QWidget *widget, const QString &name);

// True when the image has at least MIN_COLOURS distinct colours and no single colour covers
// more than MAX_SHARE of it: a blank or single-colour picture fails.
bool looksDrawn(const QImage &image, int minColours = 8, double maxShare = 0.97);

} // namespace tcptune::test
