#include "charts/chart_axis.h"

#include "charts/axis_scale.h"

#include <QAbstractSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>

namespace tcptune {
namespace {

// ChartAxis::tr(): lupdate files this file's text under the context tr() looks it up in.
class ChartAxis final {
    Q_DECLARE_TR_FUNCTIONS(ChartAxis)
};

} // namespace

void setRoundTicks(QCategoryAxis *axis, double min, double max, int ticks, bool exactRange)
{
    axisscale::Scale scale = axisscale::niceScale(min, max, ticks);
    if (exactRange) {
        // A zoomed range stays as it is; its ticks are the round values inside it.
        scale.min = std::ceil(min / scale.step - 1e-9) * scale.step;
        scale.max = std::floor(max / scale.step + 1e-9) * scale.step;
    }
    const double from = exactRange ? min : scale.min;
    const double to = exactRange ? max : scale.max;
    if (axis->min() == from && axis->max() == to && axis->count() == scale.ticks().size())
        return;
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    // Labels sit on the categories' end values; the first category ends at the first tick.
    axis->setStartValue(scale.min - scale.step * 1e-6);
    for (double tick : scale.ticks()) {
        QString text = axisscale::label(tick, scale.step);
        while (axis->categoriesLabels().contains(text)) // rounding made two alike: keep both
            text += QChar(0x200B);
        axis->append(text, tick);
    }
    axis->setRange(from, to);
}

QStringList tickLabels(QCategoryAxis *axis)
{
    return axis->categoriesLabels();
}

ChartValueAxis::ChartValueAxis(QChart *chart, const QString &title, Qt::Alignment side)
    : m_chart(chart)
    , m_linear(new QCategoryAxis)
    , m_log(new QLogValueAxis)
    , m_title(title)
{
    m_linear->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_linear->setTitleText(title);
    m_log->setBase(10);
    // With localised numbers QtCharts reads only "%.<precision><type>" formats: a bare "%g" drew
    // every label empty. Six significant digits show 0.01 to 100000 without an exponent.
    m_log->setLabelFormat(QStringLiteral("%.6g"));
    m_log->setMinorTickCount(8);
    m_chart->addAxis(m_linear, side);
    m_chart->addAxis(m_log, side);
    m_log->hide();
    setRoundTicks(m_linear, 0, 1);
}

void ChartValueAxis::attach(QAbstractSeries *series)
{
    m_series.append(series);
    series->attachAxis(m_logarithmic ? static_cast<QAbstractAxis *>(m_log) : m_linear);
}

void ChartValueAxis::detach(QAbstractSeries *series)
{
    m_series.removeAll(series);
}

void ChartValueAxis::setVisible(bool visible)
{
    m_visible = visible;
    m_linear->setVisible(visible && !m_logarithmic);
    m_log->setVisible(visible && m_logarithmic);
}

void ChartValueAxis::setTitle(const QString &title)
{
    m_title = title;
    m_linear->setTitleText(title);
    m_log->setTitleText(ChartAxis::tr("%1 (log)").arg(title));
}

void ChartValueAxis::setLogarithmic(bool on)
{
    if (on == m_logarithmic)
        return;
    QAbstractAxis *from = on ? static_cast<QAbstractAxis *>(m_linear) : m_log;
    QAbstractAxis *to = on ? static_cast<QAbstractAxis *>(m_log) : m_linear;
    for (QAbstractSeries *series : std::as_const(m_series)) {
        series->detachAxis(from);
        series->attachAxis(to);
    }
    m_logarithmic = on;
    setTitle(m_title);
    setVisible(m_visible);
}

int valueTickTarget(const QChart *chart, const QCategoryAxis *axis)
{
    const double height = chart->plotArea().height();
    const int line = QFontMetrics(axis->labelsFont()).height();
    return height > 0 && line > 0 ? std::clamp(int(height / (2.0 * line)), 2, 5) : 5;
}

int timeTickTarget(const QChart *chart, const QCategoryAxis *axis)
{
    const double width = chart->plotArea().width();
    const int label = QFontMetrics(axis->labelsFont()).horizontalAdvance(QStringLiteral("00.0"));
    return width > 0 && label > 0 ? std::clamp(int(width / (2.0 * label)), 2, 5) : 5;
}

int ChartValueAxis::tickTarget() const
{
    return valueTickTarget(m_chart, m_linear);
}

void ChartValueAxis::show(double top, double lowest, bool wide)
{
    setLogarithmic(wide && lowest > 0);
    if (!m_logarithmic) {
        setRoundTicks(m_linear, 0, top > 0 ? top : 1, tickTarget());
        return;
    }
    const double lo = std::pow(10.0, std::floor(std::log10(lowest)));
    const double hi = std::pow(10.0, std::ceil(std::log10(std::max(top, lowest * 10))));
    if (m_log->min() != lo || m_log->max() != hi)
        m_log->setRange(lo, hi);
}

} // namespace tcptune
