#include "export/page_flow.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QSvgRenderer>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// Text wrapped at word boundaries, or anywhere when a word is wider than the line (paths, JSON).
struct WrappedText {
    QTextLayout layout;
    double height = 0;

    WrappedText(const QString &text, const QFont &font, QPaintDevice *device, double width)
        : layout(QString(text).replace(QLatin1Char('\n'), QChar::LineSeparator), font, device)
    {
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        layout.beginLayout();
        const double leading = QFontMetricsF(font, device).leading();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(std::max(1.0, width));
            line.setPosition(QPointF(0, height));
            height += line.height() + leading;
        }
        layout.endLayout();
    }
};

QFont makeFont(const QString &family, double points, bool bold = false)
{
    QFont f(family);
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

} // namespace

PageFlow::PageFlow(QPagedPaintDevice *device, const QString &footer)
    : m_device(device)
    , m_footer(footer)
    , m_body(makeFont(QStringLiteral("DejaVu Sans"), 9.5))
    , m_small(makeFont(QStringLiteral("DejaVu Sans"), 8))
    , m_mono(makeFont(QStringLiteral("DejaVu Sans Mono"), 7.5))
{
    if (!m_painter.begin(device))
        return;
    m_painter.setRenderHint(QPainter::Antialiasing);
    m_width = device->width();
    const double footerHeight = QFontMetricsF(m_small, device).height() * 2.0;
    m_bottom = device->height() - footerHeight;
    m_padding = QFontMetricsF(m_small, device).height() * 0.3;
}

PageFlow::~PageFlow()
{
    finish();
}

void PageFlow::finish()
{
    if (m_finished || !m_painter.isActive())
        return;
    m_finished = true;
    drawFooter();
    m_painter.end();
}

void PageFlow::drawFooter()
{
    m_painter.save();
    m_painter.setFont(m_small);
    m_painter.setPen(QColor(0x66, 0x66, 0x66));
    const QFontMetricsF fm(m_small, m_device);
    const QRectF line(0, m_device->height() - fm.height(), m_width, fm.height());
    m_painter.drawText(line, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(m_footer, Qt::ElideRight, m_width * 0.8));
    m_painter.drawText(line, Qt::AlignRight | Qt::AlignVCenter, QString::number(m_page));
    m_painter.restore();
}

void PageFlow::newPage()
{
    drawFooter();
    m_device->newPage();
    ++m_page;
    m_y = 0;
}

void PageFlow::ensure(double height)
{
    if (m_y > 0 && height > remaining())
        newPage();
}

void PageFlow::keepTogether(double shareOfPage)
{
    ensure(m_bottom * shareOfPage);
}

void PageFlow::space(double height)
{
    m_y = std::min(m_bottom, m_y + height);
}

double PageFlow::textHeight(const QFont &font, double width, const QString &text, int) const
{
    return WrappedText(text, font, m_device, width).height;
}

void PageFlow::title(const QString &text)
{
    const QFont font = makeFont(m_body.family(), 17, true);
    WrappedText t(text, font, m_device, m_width);
    ensure(t.height);
    m_painter.setPen(Qt::black);
    t.layout.draw(&m_painter, QPointF(0, m_y));
    m_y += t.height + m_padding * 2;
}

void PageFlow::heading(const QString &text)
{
    const QFont font = makeFont(m_body.family(), 12.5, true);
    WrappedText t(text, font, m_device, m_width);
    const double before = QFontMetricsF(m_body, m_device).height() * 0.9;
    // Keep a heading with at least three lines of what follows it.
    ensure(before + t.height + QFontMetricsF(m_body, m_device).height() * 4);
    if (m_y > 0)
        m_y += before;
    m_painter.setPen(QColor(0x1f, 0x3a, 0x5f));
    t.layout.draw(&m_painter, QPointF(0, m_y));
    m_y += t.height;
    m_painter.setPen(QPen(QColor(0xbb, 0xbb, 0xbb), 1));
    m_painter.drawLine(QPointF(0, m_y + 1), QPointF(m_width, m_y + 1));
    m_y += m_padding * 3;
}

void PageFlow::paragraph(const QString &text, bool bold, const QColor &colour)
{
    QFont font = m_body;
    font.setBold(bold);
    WrappedText t(text, font, m_device, m_width);
    ensure(t.height);
    m_painter.setPen(colour);
    t.layout.draw(&m_painter, QPointF(0, m_y));
    m_y += t.height + m_padding * 2;
}

void PageFlow::bullet(const QString &text, const QColor &colour)
{
    const double indent = QFontMetricsF(m_body, m_device).horizontalAdvance(QStringLiteral("M")) * 1.5;
    WrappedText t(text, m_body, m_device, m_width - indent);
    ensure(t.height);
    m_painter.setPen(colour);
    m_painter.setFont(m_body);
    m_painter.drawText(QPointF(indent * 0.3, m_y + QFontMetricsF(m_body, m_device).ascent()), QString(QChar(0x2022)));
    t.layout.draw(&m_painter, QPointF(indent, m_y));
    m_y += t.height + m_padding;
}

void PageFlow::facts(const QList<QPair<QString, QString>> &rows)
{
    QFont bold = m_body;
    bold.setBold(true);
    double labelWidth = 0;
    for (const auto &r : rows)
        labelWidth = std::max(labelWidth, QFontMetricsF(bold, m_device).horizontalAdvance(r.first));
    labelWidth = std::min(labelWidth + m_padding * 4, m_width * 0.35);
    for (const auto &[label, value] : rows) {
        WrappedText l(label, bold, m_device, labelWidth);
        WrappedText v(value, m_body, m_device, m_width - labelWidth);
        const double h = std::max(l.height, v.height);
        ensure(h);
        m_painter.setPen(Qt::black);
        l.layout.draw(&m_painter, QPointF(0, m_y));
        v.layout.draw(&m_painter, QPointF(labelWidth, m_y));
        m_y += h + m_padding * 0.5;
    }
    m_y += m_padding * 2;
}

void PageFlow::preformatted(const QString &text)
{
    // Line by line, so a long spec flows over pages without a line ever being cut.
    m_painter.setPen(QColor(0x22, 0x22, 0x22));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        WrappedText t(line.isEmpty() ? QStringLiteral(" ") : line, m_mono, m_device, m_width - m_padding * 2);
        ensure(t.height);
        m_painter.fillRect(QRectF(0, m_y, m_width, t.height), QColor(0xf4, 0xf4, 0xf4));
        t.layout.draw(&m_painter, QPointF(m_padding, m_y));
        m_y += t.height;
    }
    m_y += m_padding * 3;
}

QList<double> PageFlow::columnWidths(const ReportTable &table) const
{
    QFont bold = m_small;
    bold.setBold(true);
    const QFontMetricsF fm(m_small, m_device);
    const QFontMetricsF bfm(bold, m_device);
    const int columns = int(table.header.size());
    QList<double> natural(columns, 0);
    QList<double> minimum(columns, 0);
    // Numbers never wrap; other text wraps between words. The slack covers the difference between
    // the metrics' advance and the laid-out line width.
    const double slack = fm.averageCharWidth() * 2.0;
    // Measured with QTextLayout, as drawn (QFontMetricsF's advance can differ on a PDF device).
    auto advance = [this](const QString &text, const QFont &font) {
        QTextLayout layout(text, font, m_device);
        layout.beginLayout();
        QTextLine line = layout.createLine();
        line.setLineWidth(1e6);
        layout.endLayout();
        return line.naturalTextWidth();
    };
    auto measure = [&](int c, const QString &text, const QFontMetricsF &metrics, bool whole) {
        const QFont &font = &metrics == &bfm ? bold : m_small;
        const double full = advance(text, font) + slack;
        natural[c] = std::max(natural[c], full);
        if (whole) {
            minimum[c] = std::max(minimum[c], std::min(full, m_width / 4));
            return;
        }
        for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            minimum[c] = std::max(minimum[c], std::min(advance(word, font) + slack, m_width / 4));
    };
    for (int c = 0; c < columns; ++c)
        measure(c, table.header.at(c), bfm, false);
    for (const QStringList &row : table.rows)
        for (int c = 0; c < columns && c < row.size(); ++c)
            measure(c, row.at(c), fm, table.numericColumn(c));
    const double pad = m_padding * 4;
    double naturalSum = 0;
    double minimumSum = 0;
    for (int c = 0; c < columns; ++c) {
        natural[c] += pad;
        minimum[c] += pad;
        naturalSum += natural[c];
        minimumSum += minimum[c];
    }
    if (naturalSum <= m_width)
        return natural;
    if (minimumSum >= m_width) {
        // Too many long words: cap the widest columns (water-filling) so narrow ones stay whole.
        double lo = 0;
        double hi = m_width;
        for (int i = 0; i < 40; ++i) {
            const double cap = (lo + hi) / 2;
            double sum = 0;
            for (double w : minimum)
                sum += std::min(w, cap);
            (sum > m_width ? hi : lo) = cap;
        }
        for (double &w : minimum)
            w = std::min(w, lo);
        return minimum;
    }
    // Every column gets its longest word; the rest of the width goes where text is longest.
    QList<double> widths = minimum;
    const double spare = m_width - minimumSum;
    const double wanted = naturalSum - minimumSum;
    for (int c = 0; c < columns; ++c)
        widths[c] += spare * (natural[c] - minimum[c]) / wanted;
    return widths;
}

double PageFlow::rowHeight(const QStringList &cells, const QList<double> &widths, const QFont &font) const
{
    double h = 0;
    for (int c = 0; c < widths.size(); ++c)
        h = std::max(h, WrappedText(cells.value(c), font, m_device, widths.at(c) - m_padding * 4).height);
    return h + m_padding * 2;
}

void PageFlow::drawRow(const QStringList &cells, const QList<double> &widths, const QFont &font, double height,
                       const QColor &background, const ReportTable &table)
{
    double x = 0;
    m_painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 0.8));
    for (int c = 0; c < widths.size(); ++c) {
        const QRectF cell(x, m_y, widths.at(c), height);
        if (background.isValid())
            m_painter.fillRect(cell, background);
        m_painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 0.8));
        m_painter.drawRect(cell);
        WrappedText t(cells.value(c), font, m_device, widths.at(c) - m_padding * 4);
        double dx = m_padding * 2;
        if (table.numericColumn(c) && t.layout.lineCount() == 1)
            dx = widths.at(c) - m_padding * 2 - t.layout.lineAt(0).naturalTextWidth();
        m_painter.setPen(Qt::black);
        t.layout.draw(&m_painter, QPointF(x + dx, m_y + m_padding));
        x += widths.at(c);
    }
    m_y += height;
}

void PageFlow::table(const ReportTable &table)
{
    if (table.header.isEmpty())
        return;
    if (table.textColumns > 0 && table.textColumns < table.header.size())
        return tableWithTextLines(table);
    const QList<double> widths = columnWidths(table);
    QFont bold = m_small;
    bold.setBold(true);
    const double headerHeight = rowHeight(table.header, widths, bold);
    const QColor headerBackground(0xe6, 0xec, 0xf4);
    const QColor alertBackground(0xff, 0xe9, 0xd6);
    // The header never stands alone at a page's foot: it needs room for itself and one row.
    const double firstRow = table.rows.isEmpty() ? 0 : rowHeight(table.rows.first(), widths, m_small);
    ensure(headerHeight + firstRow);
    drawRow(table.header, widths, bold, headerHeight, headerBackground, ReportTable{});
    for (int r = 0; r < table.rows.size(); ++r) {
        const double h = std::min(rowHeight(table.rows.at(r), widths, m_small), m_bottom - headerHeight);
        if (h > remaining()) {
            newPage();
            drawRow(table.header, widths, bold, headerHeight, headerBackground, ReportTable{});
        }
        drawRow(table.rows.at(r), widths, m_small, h, table.alert.value(r) ? alertBackground : QColor(), table);
    }
    m_y += m_padding * 4;
}

double PageFlow::textLineHeight(const QString &text) const
{
    return WrappedText(text, m_small, m_device, m_width - m_padding * 4).height + m_padding * 2;
}

void PageFlow::drawTextLine(const QString &text, const QColor &background)
{
    const double height = textLineHeight(text);
    const QRectF cell(0, m_y, m_width, height);
    if (background.isValid())
        m_painter.fillRect(cell, background);
    m_painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 0.8));
    m_painter.drawRect(cell);
    WrappedText t(text, m_small, m_device, m_width - m_padding * 4);
    m_painter.setPen(Qt::black);
    t.layout.draw(&m_painter, QPointF(m_padding * 2, m_y + m_padding));
    m_y += height;
}

void PageFlow::tableWithTextLines(const ReportTable &table)
{
    // The other columns as a table of their own; each row's text follows it, full width:
    // "sender: this end · retrans.: 1 (0.01 %) · verdict: ...", empty values left out.
    ReportTable columns = table;
    columns.textColumns = 0;
    const qsizetype first = table.header.size() - table.textColumns;
    const QStringList labels = columns.header.mid(first);
    columns.header = columns.header.first(first);
    QStringList texts;
    for (QStringList &row : columns.rows) {
        QStringList parts;
        for (qsizetype c = 0; c < labels.size(); ++c)
            if (const QString value = row.value(first + c); !value.isEmpty() && value != QLatin1String("-"))
                parts << labels.at(c) + QStringLiteral(": ") + value;
        row = row.mid(0, first);
        texts << parts.join(QStringLiteral(" \u00b7 "));
    }
    const QList<double> widths = columnWidths(columns);
    QFont bold = m_small;
    bold.setBold(true);
    const double headerHeight = rowHeight(columns.header, widths, bold);
    const QColor headerBackground(0xe6, 0xec, 0xf4);
    const QColor alertBackground(0xff, 0xe9, 0xd6);
    const auto rowAndText = [&](int r) {
        return rowHeight(columns.rows.at(r), widths, m_small) +
               (texts.at(r).isEmpty() ? 0 : textLineHeight(texts.at(r)));
    };
    ensure(headerHeight + (columns.rows.isEmpty() ? 0 : rowAndText(0)));
    drawRow(columns.header, widths, bold, headerHeight, headerBackground, ReportTable{});
    for (int r = 0; r < columns.rows.size(); ++r) {
        if (std::min(rowAndText(r), m_bottom - headerHeight) > remaining()) {
            newPage();
            drawRow(columns.header, widths, bold, headerHeight, headerBackground, ReportTable{});
        }
        const QColor background = columns.alert.value(r) ? alertBackground : QColor();
        drawRow(columns.rows.at(r), widths, m_small, rowHeight(columns.rows.at(r), widths, m_small), background,
                columns);
        if (!texts.at(r).isEmpty())
            drawTextLine(texts.at(r), background);
    }
    m_y += m_padding * 4;
}

void PageFlow::svg(const QByteArray &svg, const QString &caption, double maxHeightShare)
{
    QSvgRenderer renderer(svg);
    if (!renderer.isValid())
        return;
    const QSizeF natural =
        renderer.viewBoxF().size().isEmpty() ? QSizeF(renderer.defaultSize()) : renderer.viewBoxF().size();
    if (natural.isEmpty())
        return;
    double w = m_width;
    double h = w * natural.height() / natural.width();
    const double maxHeight = m_bottom * maxHeightShare;
    if (h > maxHeight) {
        h = maxHeight;
        w = h * natural.width() / natural.height();
    }
    QFont bold = m_body;
    bold.setBold(true);
    WrappedText c(caption, bold, m_device, m_width);
    ensure(c.height + h);
    m_painter.setPen(Qt::black);
    c.layout.draw(&m_painter, QPointF(0, m_y));
    m_y += c.height + m_padding;
    renderer.render(&m_painter, QRectF((m_width - w) / 2, m_y, w, h));
    m_y += h + m_padding * 4;
}

} // namespace tcptune
