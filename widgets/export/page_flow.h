#pragma once
// PageFlow: lays blocks (headings, wrapped text, preformatted text, tables, SVG images) top to
// bottom onto the pages of a QPagedPaintDevice (a QPdfWriter), starting a new page whenever the
// next block, table row or text line does not fit. Nothing is ever cut at a page boundary: a
// table row moves whole to the next page, where the table's header row is repeated.

#include "report/report_tables.h"

#include <QByteArray>
#include <QColor>
#include <QFont>
#include <QPainter>
#include <QString>

class QPagedPaintDevice;

namespace tcptune {

class PageFlow final {
public:
    // FOOTER is printed at the bottom of every page, followed by the page number.
    PageFlow(QPagedPaintDevice *device, const QString &footer);
    ~PageFlow();
    PageFlow(const PageFlow &) = delete;
    PageFlow &operator=(const PageFlow &) = delete;

    bool isActive() const { return m_painter.isActive(); }
    int pageCount() const { return m_page; }

    void title(const QString &text);
    void heading(const QString &text);
    void paragraph(const QString &text, bool bold = false, const QColor &colour = Qt::black);
    void bullet(const QString &text, const QColor &colour = Qt::black);
    void facts(const QList<QPair<QString, QString>> &rows);
    void preformatted(const QString &text);
    void table(const ReportTable &table);
    // An SVG scaled to the full text width (at most MAX_HEIGHT_SHARE of a page tall), with a caption.
    void svg(const QByteArray &svg, const QString &caption, double maxHeightShare = 0.45);
    void space(double height);
    // Starts a new page unless SHARE_OF_PAGE of a page is left (before a heading and its chart).
    void keepTogether(double shareOfPage);
    void finish();

private:
    double width() const { return m_width; }
    double remaining() const { return m_bottom - m_y; }
    void ensure(double height); // starts a new page unless HEIGHT fits
    void newPage();
    void drawFooter();
    double textHeight(const QFont &font, double width, const QString &text, int flags) const;
    QList<double> columnWidths(const ReportTable &table) const;
    double rowHeight(const QStringList &cells, const QList<double> &widths, const QFont &font) const;
    void drawRow(const QStringList &cells, const QList<double> &widths, const QFont &font, double height,
                 const QColor &background, const ReportTable &table);
    // TABLE's text columns as a line across the width under each row (ReportTable::textColumns).
    void tableWithTextLines(const ReportTable &table);
    void drawTextLine(const QString &text, const QColor &background);
    double textLineHeight(const QString &text) const;

    QPagedPaintDevice *m_device;
    QPainter m_painter;
    QString m_footer;
    QFont m_body;
    QFont m_small;
    QFont m_mono;
    double m_width = 0;
    double m_bottom = 0;
    double m_y = 0;
    double m_padding = 0;
    int m_page = 1;
    bool m_finished = false;
};

} // namespace tcptune
