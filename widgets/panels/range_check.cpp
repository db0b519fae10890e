#include "panels/range_check.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>

#include <algorithm>
#include <climits>
#include <cmath>

namespace tcptune {

namespace {

// Room for what a person may type beyond MAX (a digit or two too many), so the box keeps it.
double widened(double max)
{
    return std::pow(10.0, std::floor(std::log10(std::max(1.0, std::fabs(max)))) + 3) - 1;
}

} // namespace

RangeCheck::RangeCheck(QSpinBox *box, const QString &field, int min, int max, const QString &unit)
    : QObject(box)
    , m_box(box)
    , m_value([box] { return double(box->value()); })
    , m_field(field)
    , m_unit(unit)
    , m_min(min)
    , m_max(max)
    , m_decimals(0)
    , m_message(new QLabel(box->parentWidget()))
{
    box->setRange(std::min(0, min), int(std::min<double>(INT_MAX, widened(max))));
    connect(box, &QSpinBox::valueChanged, this, &RangeCheck::update);
    setUp(box);
}

RangeCheck::RangeCheck(QDoubleSpinBox *box, const QString &field, double min, double max, const QString &unit)
    : QObject(box)
    , m_box(box)
    , m_value([box] { return box->value(); })
    , m_field(field)
    , m_unit(unit)
    , m_min(min)
    , m_max(max)
    , m_decimals(box->decimals())
    , m_message(new QLabel(box->parentWidget()))
{
    box->setRange(std::min(0.0, min), widened(max));
    connect(box, &QDoubleSpinBox::valueChanged, this, &RangeCheck::update);
    setUp(box);
}

void RangeCheck::setUp(QAbstractSpinBox *box)
{
    m_message->setObjectName(box->objectName() + QStringLiteral("Problem"));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_message->hide();
    m_help = box->toolTip();
    update();
}

QString RangeCheck::number(double v) const
{
    return QLocale().toString(v, 'f', m_decimals) + m_unit;
}

QString RangeCheck::rangeText() const
{
    return tr("%1 to %2").arg(number(m_min), number(m_max));
}

bool RangeCheck::isValid() const
{
    const double v = m_value();
    return v >= m_min && v <= m_max;
}

Result<void> RangeCheck::check() const
{
    if (isValid())
        return {};
    return fail(tr("%1: %2 is outside %3; enter a value in that range.").arg(m_field, number(m_value()), rangeText()));
}

void RangeCheck::update()
{
    const Result<void> ok = check();
    m_message->setText(ok ? QString() : ok.error().message);
    m_message->setVisible(!ok);
    m_box->setStyleSheet(ok ? QString() : QStringLiteral("QAbstractSpinBox { color: #b00020; }"));
    const QString range = ok ? tr("Allowed: %1.").arg(rangeText()) : ok.error().message;
    m_box->setToolTip(m_help.isEmpty() ? range : m_help + QLatin1Char('\n') + range);
}

} // namespace tcptune
