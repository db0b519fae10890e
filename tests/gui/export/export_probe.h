#pragma once
// Reading exported files back with the tools a reader would use: poppler's pdfinfo, pdftotext and
// pdftoppm for PDFs, QXmlStreamReader and xmllint for SVG and HTML.

#include <QImage>
#include <QSizeF>
#include <QString>
#include <QStringList>

namespace tcptune::test {

int pdfPages(const QString &pdf);
QSizeF pdfPageSizePoints(const QString &pdf); // of page 1
// The text of PAGE (0: all pages); LAYOUT keeps columns on their lines (pdftotext -layout).
QString pdfText(const QString &pdf, int page = 0, bool layout = false);
// Page PAGE rendered at DPI as an image (pdftoppm), also saved as build/screenshots/NAME.png.
QImage pdfPageImage(const QString &pdf, int page, int dpi, const QString &name);
// Empty when TEXT is well-formed XML; the parser's error otherwise.
QString xmlError(const QByteArray &text);
// Runs `xmllint --noout FILE`; empty when it passes, its output otherwise.
QString xmllintError(const QString &file);
QString squeezed(const QString &text); // whitespace runs folded to one space
QString withoutSpace(const QString &text);

} // namespace tcptune::test
