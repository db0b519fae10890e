#include "knobs/knob_value.h"

#include "knobs/qdisc_setting.h"

#include "common/log_text.h"
#include "common/proc_sys.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace tcptune::knobvalue {
namespace {

// KnobValue::tr(): lupdate files this file's text under the context that tr() looks it up in.
class KnobValue final {
    Q_DECLARE_TR_FUNCTIONS(KnobValue)
};

// Multiplier for SUFFIX (lower case, without spaces) in UNIT, or 0 when it does not fit.
double multiplierFor(const QString &suffix, Unit unit)
{
    auto in = [&suffix](std::initializer_list<const char *> words) {
        for (const char *w : words)
            if (suffix == QLatin1String(w))
                return true;
        return false;
    };
    switch (unit) {
    case Unit::Bytes:
        if (in({"", "b"}))
            return 1;
        if (in({"k", "kb", "kib"}))
            return 1024.0;
        if (in({"m", "mb", "mib"}))
            return 1024.0 * 1024;
        if (in({"g", "gb", "gib"}))
            return 1024.0 * 1024 * 1024;
        return 0;
    case Unit::BytesPerSecond:
        if (in({"", "b/s", "bps"}))
            return 1;
        if (in({"k", "kb/s", "kib/s"}))
            return 1024.0;
        if (in({"m", "mb/s", "mib/s"}))
            return 1024.0 * 1024;
        if (in({"g", "gb/s", "gib/s"}))
            return 1024.0 * 1024 * 1024;
        return 0;
    case Unit::BitsPerSecond:
        if (in({"", "bit", "bit/s", "bps"}))
            return 1;
        if (in({"k", "kbit", "kbit/s", "kbps"}))
            return 1e3;
        if (in({"m", "mbit", "mbit/s", "mbps"}))
            return 1e6;
        if (in({"g", "gbit", "gbit/s", "gbps"}))
            return 1e9;
        return 0;
    case Unit::Milliseconds:
        if (in({"", "ms"}))
            return 1;
        if (in({"s"}))
            return 1000;
        return 0;
    case Unit::Percent: return in({"", "%"}) ? 1 : 0;
    case Unit::Microseconds:
        if (in({"", "us"}))
            return 1;
        if (in({"ms"}))
            return 1000;
        return 0;
    case Unit::None:
    case Unit::Packets: return suffix.isEmpty() ? 1 : 0;
    }
    return 0;
}

} // namespace

QString exampleFor(Unit unit)
{
    switch (unit) {
    case Unit::Bytes: return KnobValue::tr("bytes such as 262144, 256K or 4M");
    case Unit::BytesPerSecond: return KnobValue::tr("bytes per second such as 1250000 or 10M");
    case Unit::BitsPerSecond: return KnobValue::tr("a rate such as 50mbit or 1gbit");
    case Unit::Milliseconds: return KnobValue::tr("milliseconds such as 20 or 20ms");
    case Unit::Percent: return KnobValue::tr("a percentage such as 120");
    case Unit::Microseconds: return KnobValue::tr("microseconds such as 50, 50us or 1ms");
    case Unit::None:
    case Unit::Packets: return KnobValue::tr("a whole number");
    }
    return {};
}

namespace {

// The kernel's "no limit" for a 32-bit byte count (tcp_notsent_lowat's default).
constexpr std::int64_t kUnlimitedBytes = 4294967295;

bool meansUnlimited(const KnobInfo &knob, std::int64_t v)
{
    return knob.unit == Unit::Bytes && knob.maximum == kUnlimitedBytes && v == kUnlimitedBytes;
}

[[nodiscard]] Result<std::int64_t> checkRange(const KnobInfo &knob, std::int64_t v)
{
    if (v < knob.minimum)
        return fail(KnobValue::tr("%1: %2 is below the minimum %3; give %3 to %4.")
                        .arg(knob.key)
                        .arg(v)
                        .arg(knob.minimum)
                        .arg(knob.maximum));
    if (v > knob.maximum)
        return fail(KnobValue::tr("%1: %2 is above the maximum %4; give %3 to %4.")
                        .arg(knob.key)
                        .arg(v)
                        .arg(knob.minimum)
                        .arg(knob.maximum));
    return v;
}

[[nodiscard]] Result<QString> parseBool(const KnobInfo &knob, const QString &text)
{
    const QString t = text.toLower();
    if (t == QLatin1String("1") || t == QLatin1String("on") || t == QLatin1String("true") || t == QLatin1String("yes"))
        return QStringLiteral("1");
    if (t == QLatin1String("0") || t == QLatin1String("off") || t == QLatin1String("false") || t == QLatin1String("no"))
        return QStringLiteral("0");
    return fail(KnobValue::tr("%1: '%2' is not a switch value; use 1 or 0 (on/off).").arg(knob.key, logSafe(text, 60)));
}

[[nodiscard]] Result<QString> parseTriple(const KnobInfo &knob, const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[\\s,]+"));
    const QStringList parts = text.split(separators, Qt::SkipEmptyParts);
    if (parts.size() != 3)
        return fail(KnobValue::tr("%1: give three sizes, min default max, such as \"4096 16384 4M\" (got %2).")
                        .arg(knob.key)
                        .arg(parts.size()));
    std::int64_t v[3];
    for (int i = 0; i < 3; ++i) {
        auto n = parseInteger(parts[i], Unit::Bytes);
        if (!n)
            return fail(knob.key + QStringLiteral(": ") + n.error().message);
        auto ranged = checkRange(knob, *n);
        if (!ranged)
            return std::unexpected(ranged.error());
        v[i] = *n;
    }
    if (!(v[0] <= v[1] && v[1] <= v[2]))
        return fail(KnobValue::tr("%1: the three sizes must not decrease (min <= default <= max): %2 %3 %4.")
                        .arg(knob.key)
                        .arg(v[0])
                        .arg(v[1])
                        .arg(v[2]));
    return QStringLiteral("%1 %2 %3").arg(v[0]).arg(v[1]).arg(v[2]);
}

[[nodiscard]] Result<QString> parseEnum(const KnobInfo &knob, const QString &text, const QStringList &allowed)
{
    if (allowed.isEmpty())
        return fail(
            KnobValue::tr("%1: the list of allowed values could not be read from %2.").arg(knob.key, knob.enumSource));
    if (allowed.contains(text))
        return text;
    return fail(KnobValue::tr("%1: '%2' is not offered by this kernel; choose one of: %3.")
                    .arg(knob.key, text, allowed.join(QLatin1Char(' '))));
}

QString scaled(double value, double base, const QStringList &names)
{
    int i = 0;
    while (i + 1 < names.size() && std::fabs(value) >= base) {
        value /= base;
        ++i;
    }
    const bool whole = std::fabs(value - std::round(value)) < 1e-9;
    return (whole ? QString::number(static_cast<qint64>(std::llround(value))) : QString::number(value, 'g', 4)) +
           QLatin1Char(' ') + names[i];
}

} // namespace

QStringList allowedValues(const KnobInfo &knob)
{
    if (knob.enumSource.isEmpty())
        return knob.enumValues;
    auto listed = procsys::read(knob.enumSource);
    if (!listed)
        return {};
    return procsys::normalise(*listed).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

Result<std::int64_t> parseInteger(const QString &input, Unit unit)
{
    static const QRegularExpression shape(
        QRegularExpression::anchoredPattern(QStringLiteral("([+-]?[0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z/%]*)")));
    const QString text = input.trimmed();
    const auto m = shape.match(text);
    if (!m.hasMatch())
        return fail(KnobValue::tr("'%1' is not a number; give %2.").arg(logSafe(text, 60), exampleFor(unit)));
    const QString number = m.captured(1);
    if (number.startsWith(QLatin1Char('-')))
        return fail(KnobValue::tr("'%1' is negative; give %2.").arg(logSafe(text, 60), exampleFor(unit)));
    const double multiplier = multiplierFor(m.captured(2).toLower(), unit);
    if (multiplier == 0)
        return fail(
            KnobValue::tr("'%1' has a unit that does not fit here; give %2.").arg(logSafe(text, 60), exampleFor(unit)));
    if (!number.contains(QLatin1Char('.')) && multiplier == 1) {
        bool ok = false;
        const qlonglong v = number.toLongLong(&ok);
        if (!ok)
            return fail(KnobValue::tr("'%1' is too large.").arg(logSafe(text, 60)));
        return v;
    }
    const long double value = number.toDouble() * static_cast<long double>(multiplier);
    if (value > static_cast<long double>(std::numeric_limits<std::int64_t>::max()))
        return fail(KnobValue::tr("'%1' is too large.").arg(logSafe(text, 60)));
    if (std::fabs(static_cast<double>(value - std::roundl(value))) > 1e-6)
        return fail(KnobValue::tr("'%1' is not a whole number of %2.").arg(logSafe(text, 60), unitName(unit)));
    return static_cast<std::int64_t>(std::llroundl(value));
}

Result<QString> parse(const KnobInfo &knob, const QString &input, const std::optional<QStringList> &allowed)
{
    const QString text = input.trimmed();
    if (text.isEmpty())
        return fail(KnobValue::tr("%1: no value given.").arg(knob.key));
    // A line break inside a value would forge a line wherever the value is written (a log, the
    // helper's journal, a sysctl file); only plain spaces and tabs separate parts.
    for (const QChar c : text)
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r') ||
            (!c.isPrint() && c != QLatin1Char(' ') && c != QLatin1Char('\t')))
            return fail(KnobValue::tr("%1: the value contains a line break or control characters (%2); give it on "
                                      "one line.")
                            .arg(knob.key, logSafe(text, 60)));
    switch (knob.type) {
    case ValueType::Bool: return parseBool(knob, text);
    case ValueType::Integer: {
        // What formatHuman shows for the kernel's "no limit" is accepted back.
        if (meansUnlimited(knob, kUnlimitedBytes) &&
            (text.compare(QLatin1String("unlimited"), Qt::CaseInsensitive) == 0 ||
             text.compare(KnobValue::tr("unlimited"), Qt::CaseInsensitive) == 0))
            return QString::number(kUnlimitedBytes);
        auto n = parseInteger(text, knob.unit);
        if (!n)
            return fail(knob.key + QStringLiteral(": ") + n.error().message);
        auto ranged = checkRange(knob, *n);
        if (!ranged)
            return std::unexpected(ranged.error());
        return QString::number(*n);
    }
    case ValueType::Triple: return parseTriple(knob, text);
    case ValueType::Enum: return parseEnum(knob, text, allowed.value_or(allowedValues(knob)));
    case ValueType::Qdisc: {
        auto setting = QdiscSettings::parse(text);
        if (!setting)
            return fail(knob.key + QStringLiteral(": ") + setting.error().message);
        return QdiscSettings::canonical(*setting);
    }
    }
    return fail(KnobValue::tr("%1: unsupported value type.").arg(knob.key));
}

QString formatInteger(std::int64_t value, Unit unit)
{
    switch (unit) {
    case Unit::Bytes:
        if (value >= 1024 && value % 1024 == 0)
            return scaled(static_cast<double>(value), 1024,
                          {QStringLiteral("B"), QStringLiteral("KiB"), QStringLiteral("MiB"), QStringLiteral("GiB")});
        return QStringLiteral("%1 B").arg(value);
    case Unit::BytesPerSecond:
        return scaled(
            static_cast<double>(value), 1024,
            {QStringLiteral("B/s"), QStringLiteral("KiB/s"), QStringLiteral("MiB/s"), QStringLiteral("GiB/s")});
    case Unit::BitsPerSecond:
        return scaled(
            static_cast<double>(value), 1000,
            {QStringLiteral("bit/s"), QStringLiteral("kbit/s"), QStringLiteral("Mbit/s"), QStringLiteral("Gbit/s")});
    case Unit::Milliseconds: return QStringLiteral("%1 ms").arg(value);
    case Unit::Percent: return QStringLiteral("%1 %").arg(value);
    case Unit::Microseconds: return QStringLiteral("%1 us").arg(value);
    case Unit::None:
    case Unit::Packets: return QString::number(value);
    }
    return QString::number(value);
}

QString formatHuman(const KnobInfo &knob, const QString &canonical)
{
    const QString value = procsys::normalise(canonical);
    switch (knob.type) {
    case ValueType::Bool:
        if (value == QLatin1String("1"))
            return KnobValue::tr("on");
        if (value == QLatin1String("0"))
            return KnobValue::tr("off");
        return value;
    case ValueType::Integer: {
        bool ok = false;
        const qlonglong v = value.toLongLong(&ok);
        if (ok && meansUnlimited(knob, v))
            return KnobValue::tr("unlimited");
        return ok ? formatInteger(v, knob.unit) : value;
    }
    case ValueType::Triple: {
        QStringList out;
        for (const QString &part : value.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            bool ok = false;
            const qlonglong v = part.toLongLong(&ok);
            out << (ok ? formatInteger(v, Unit::Bytes) : part);
        }
        return out.join(QStringLiteral(" / "));
    }
    case ValueType::Enum:
    case ValueType::Qdisc: return value;
    }
    return value;
}

bool sameValue(const QString &a, const QString &b)
{
    return procsys::normalise(a) == procsys::normalise(b);
}

bool sameValue(const KnobInfo &knob, const QString &a, const QString &b)
{
    if (sameValue(a, b))
        return true;
    return knob.type == ValueType::Qdisc && (QdiscSettings::satisfies(a, b) || QdiscSettings::satisfies(b, a));
}

bool disablesCoreFeature(const KnobInfo &knob, const QString &canonical)
{
    return knob.coreFeature && canonical.trimmed() == QLatin1String("0");
}

} // namespace tcptune::knobvalue
