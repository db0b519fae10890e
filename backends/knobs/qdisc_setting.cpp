#include "knobs/qdisc_setting.h"

#include "common/log_text.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace tcptune {
namespace {

enum class Type { Count, Bytes, Rate, Time, Flag };

struct Parameter {
    const char *name;
    Type type;
    std::uint64_t minimum;
    std::uint64_t maximum;
    bool rounded = false; // the kernel keeps it in coarser units: compared with a tolerance
};

struct Kind {
    const char *name;
    const char *module;
    const char *form; // the accepted form, for messages
    QList<Parameter> parameters;
};

constexpr std::uint64_t kU32 = std::numeric_limits<std::uint32_t>::max();
// Rates up to 10 Tbit/s, in bytes per second.
constexpr std::uint64_t kMaxRate = 10'000'000'000'000ULL / 8;

const QList<Kind> &kinds()
{
    static const QList<Kind> table = {
        {"pfifo", "sch_fifo", "pfifo [limit PACKETS]", {{"limit", Type::Count, 1, kU32}}},
        {"bfifo", "sch_fifo", "bfifo [limit SIZE]", {{"limit", Type::Bytes, 1, kU32}}},
        {"pfifo_fast", "sch_generic", "pfifo_fast", {}},
        {"tbf",
         "sch_tbf",
         "tbf rate RATE burst SIZE (latency TIME | limit SIZE)",
         {{"rate", Type::Rate, 1, kMaxRate},
          {"burst", Type::Bytes, 1, kU32, true},
          {"limit", Type::Bytes, 1, kU32},
          {"latency", Type::Time, 1, kU32}}},
        {"fq_codel",
         "sch_fq_codel",
         "fq_codel [limit PACKETS] [flows NUMBER] [target TIME] [interval TIME] [quantum SIZE] [ecn | noecn]",
         {{"limit", Type::Count, 1, kU32},
          {"flows", Type::Count, 1, 65536},
          {"target", Type::Time, 1, kU32, true},
          {"interval", Type::Time, 1, kU32, true},
          {"quantum", Type::Bytes, 1, kU32},
          {"ecn", Type::Flag, 0, 1},
          {"noecn", Type::Flag, 0, 1}}},
        {"fq",
         "sch_fq",
         "fq [limit PACKETS] [flow_limit PACKETS] [quantum SIZE] [maxrate RATE]",
         {{"limit", Type::Count, 1, kU32},
          {"flow_limit", Type::Count, 1, kU32},
          {"quantum", Type::Bytes, 1, 1 << 20},
          {"maxrate", Type::Rate, 1, kU32 - 1}}},
        {"cake",
         "sch_cake",
         "cake [bandwidth RATE | unlimited]",
         {{"bandwidth", Type::Rate, 1, kMaxRate}, {"unlimited", Type::Flag, 0, 1}}},
    };
    return table;
}

const Kind *kindNamed(const QString &name)
{
    for (const Kind &k : kinds())
        if (name == QLatin1String(k.name))
            return &k;
    return nullptr;
}

const Parameter *parameterNamed(const Kind &kind, const QString &name)
{
    for (const Parameter &p : kind.parameters)
        if (name == QLatin1String(p.name))
            return &p;
    return nullptr;
}

// "32kb" -> 32768: tc's sizes (b, k/kb, m/mb, g/gb in powers of 1024; a bare number is bytes),
// rates (bit, kbit, mbit, gbit, tbit and bps, kbps, mbps, gbps in powers of 1000; always with a
// unit) and times (s, ms, us; a bare number is microseconds). Returns nullopt for what does not
// read as one.
std::optional<long double> scaledNumber(const QString &text, Type type)
{
    static const QRegularExpression shape(QStringLiteral("^(\\d+(?:\\.\\d+)?)([a-z]*)$"));
    const auto m = shape.match(text.toLower());
    if (!m.hasMatch())
        return std::nullopt;
    const long double number = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    const auto is = [&unit](std::initializer_list<const char *> words) {
        for (const char *w : words)
            if (unit == QLatin1String(w))
                return true;
        return false;
    };
    switch (type) {
    case Type::Count:
        if (unit.isEmpty())
            return number;
        break;
    case Type::Bytes:
        if (is({"", "b"}))
            return number;
        if (is({"k", "kb"}))
            return number * 1024;
        if (is({"m", "mb"}))
            return number * 1024 * 1024;
        if (is({"g", "gb"}))
            return number * 1024 * 1024 * 1024;
        break;
    case Type::Rate: { // bytes per second
        const QStringList bits{QStringLiteral("bit"), QStringLiteral("kbit"), QStringLiteral("mbit"),
                               QStringLiteral("gbit"), QStringLiteral("tbit")};
        const QStringList bytes{QStringLiteral("bps"), QStringLiteral("kbps"), QStringLiteral("mbps"),
                                QStringLiteral("gbps"), QStringLiteral("tbps")};
        if (bits.contains(unit))
            return number * std::pow(1000.0L, bits.indexOf(unit)) / 8;
        if (bytes.contains(unit))
            return number * std::pow(1000.0L, bytes.indexOf(unit));
        break;
    }
    case Type::Time:
        if (is({"", "us", "usec"}))
            return number;
        if (is({"ms", "msec"}))
            return number * 1000;
        if (is({"s", "sec"}))
            return number * 1'000'000;
        break;
    case Type::Flag: break;
    }
    return std::nullopt;
}

QString example(Type type)
{
    switch (type) {
    case Type::Count: return QdiscSettings::tr("a whole number such as 1000");
    case Type::Bytes: return QdiscSettings::tr("a size such as 1514, 32kb or 1mb");
    case Type::Rate: return QdiscSettings::tr("a rate with its unit such as 50mbit or 1gbit");
    case Type::Time: return QdiscSettings::tr("a time such as 50ms or 500us");
    case Type::Flag: break;
    }
    return {};
}

QString formatRate(std::uint64_t bytesPerSecond)
{
    const std::uint64_t bits = bytesPerSecond * 8;
    if (bits % 1'000'000'000 == 0)
        return QString::number(bits / 1'000'000'000) + QStringLiteral("gbit");
    if (bits % 1'000'000 == 0)
        return QString::number(bits / 1'000'000) + QStringLiteral("mbit");
    if (bits % 1000 == 0)
        return QString::number(bits / 1000) + QStringLiteral("kbit");
    return QString::number(bits) + QStringLiteral("bit");
}

QString formatValue(Type type, std::uint64_t v)
{
    switch (type) {
    case Type::Bytes:
        if (v % (1024 * 1024) == 0)
            return QString::number(v / (1024 * 1024)) + QStringLiteral("mb");
        if (v % 1024 == 0)
            return QString::number(v / 1024) + QStringLiteral("kb");
        return QString::number(v);
    case Type::Rate: return formatRate(v);
    case Type::Time:
        if (v % 1'000'000 == 0)
            return QString::number(v / 1'000'000) + QStringLiteral("s");
        if (v % 1000 == 0)
            return QString::number(v / 1000) + QStringLiteral("ms");
        return QString::number(v) + QStringLiteral("us");
    case Type::Count:
    case Type::Flag: break;
    }
    return QString::number(v);
}

Error badValue(const Kind &kind, const Parameter &p, const QString &text)
{
    return Error{QdiscSettings::tr("%1 %2: '%3' is not %4 from %5 to %6. The form is: %7.")
                     .arg(QLatin1String(kind.name), QLatin1String(p.name), logSafe(text, 40), example(p.type),
                          formatValue(p.type, p.minimum), formatValue(p.type, p.maximum), QLatin1String(kind.form))};
}

// The value of P given as TEXT, in the kernel's units and within P's range.
Result<std::uint64_t> parseValue(const Kind &kind, const Parameter &p, const QString &text)
{
    const auto number = scaledNumber(text, p.type);
    if (!number || *number < p.minimum || *number > p.maximum)
        return std::unexpected(badValue(kind, p, text));
    const long double whole = std::floor(*number);
    if (p.type != Type::Rate && whole != *number)
        return std::unexpected(badValue(kind, p, text));
    return std::uint64_t(whole);
}

// tbf's "latency": how long a packet may wait, as the queue's limit in bytes (as tc reckons it).
Result<void> completeTbf(const Kind &kind, QdiscSetting &s)
{
    const auto form = QLatin1String(kind.form);
    if (!s.value(QStringLiteral("rate")) || !s.value(QStringLiteral("burst")))
        return fail(QdiscSettings::tr("tbf needs a rate and a burst. The form is: %1.").arg(form));
    const auto latency = s.value(QStringLiteral("latency"));
    if (latency.has_value() == s.value(QStringLiteral("limit")).has_value())
        return fail(QdiscSettings::tr("tbf takes exactly one of latency and limit. The form is: %1.").arg(form));
    if (latency) {
        const long double limit =
            static_cast<long double>(*s.value(QStringLiteral("rate"))) * static_cast<long double>(*latency) / 1e6L +
            static_cast<long double>(*s.value(QStringLiteral("burst")));
        if (limit > kU32)
            return fail(
                QdiscSettings::tr("tbf latency %1 at this rate makes a queue above 4 GiB; give a shorter latency.")
                    .arg(formatValue(Type::Time, *latency)));
        QList<std::pair<QString, std::uint64_t>> kept;
        for (const auto &pair : s.parameters)
            if (pair.first != QLatin1String("latency"))
                kept.append(pair);
        s.parameters = kept;
        s.set(QStringLiteral("limit"), std::uint64_t(limit));
    }
    return {};
}

// PARAMETERS in KIND's order, so that one setting has one text.
void sortParameters(const Kind &kind, QdiscSetting &s)
{
    QList<std::pair<QString, std::uint64_t>> sorted;
    for (const Parameter &p : kind.parameters)
        if (const auto v = s.value(QLatin1String(p.name)))
            sorted.append({QLatin1String(p.name), *v});
    s.parameters = sorted;
}

Result<QdiscSetting> parseDefault(const QStringList &words)
{
    if (words.size() > 2)
        return fail(QdiscSettings::tr("'default' takes at most the kind the kernel attaches, as in 'default "
                                      "noqueue'; it deletes the root qdisc set by hand."));
    QdiscSetting s;
    s.kernelDefault = true;
    s.kind = words.value(1);
    return s;
}

Result<QdiscSetting> parseParameters(const Kind &kind, const QStringList &words)
{
    QdiscSetting s;
    s.kind = QLatin1String(kind.name);
    for (qsizetype i = 1; i < words.size(); ++i) {
        const Parameter *p = parameterNamed(kind, words[i]);
        if (!p)
            return fail(QdiscSettings::tr("%1 has no parameter '%2'. The form is: %3.")
                            .arg(QLatin1String(kind.name), logSafe(words[i], 40), QLatin1String(kind.form)));
        if (s.value(words[i]))
            return fail(QdiscSettings::tr("%1 %2 is given twice.").arg(QLatin1String(kind.name), words.at(i)));
        if (p->type == Type::Flag) {
            s.set(words[i], 1);
            continue;
        }
        if (i + 1 >= words.size())
            return fail(QdiscSettings::tr("%1 %2 needs a value: %3. The form is: %4.")
                            .arg(QLatin1String(kind.name), words[i], example(p->type), QLatin1String(kind.form)));
        auto value = parseValue(kind, *p, words[++i]);
        if (!value)
            return std::unexpected(value.error());
        s.set(QLatin1String(p->name), *value);
    }
    if (s.value(QStringLiteral("ecn")) && s.value(QStringLiteral("noecn")))
        return fail(QdiscSettings::tr("fq_codel takes ecn or noecn, not both."));
    if (s.value(QStringLiteral("bandwidth")) && s.value(QStringLiteral("unlimited")))
        return fail(QdiscSettings::tr("cake takes bandwidth or unlimited, not both."));
    if (QLatin1String(kind.name) == QLatin1String("tbf"))
        if (auto done = completeTbf(kind, s); !done)
            return std::unexpected(done.error());
    sortParameters(kind, s);
    return s;
}

// How far apart two values of a rounded parameter may be and still be the same setting: the
// kernel keeps tbf's burst as a time in 64 ns ticks and codel's times in 1.024 us steps.
bool close(std::uint64_t a, std::uint64_t b)
{
    const std::uint64_t difference = a > b ? a - b : b - a;
    return difference <= std::max<std::uint64_t>(2, std::max(a, b) / 200);
}

} // namespace

std::optional<std::uint64_t> QdiscSetting::value(const QString &name) const
{
    for (const auto &[n, v] : parameters)
        if (n == name)
            return v;
    return std::nullopt;
}

void QdiscSetting::set(const QString &name, std::uint64_t v)
{
    for (auto &pair : parameters)
        if (pair.first == name) {
            pair.second = v;
            return;
        }
    parameters.append({name, v});
}

QStringList QdiscSettings::supportedKinds()
{
    QStringList out;
    for (const Kind &k : kinds())
        out << QLatin1String(k.name);
    return out;
}

QString QdiscSettings::moduleOf(const QString &kind)
{
    const Kind *k = kindNamed(kind);
    return k ? QString(QLatin1String(k->module)) : QString(QStringLiteral("sch_") + kind);
}

QString QdiscSettings::acceptedForm(const QString &kind)
{
    const Kind *k = kindNamed(kind);
    return k ? QLatin1String(k->form) : QString();
}

Result<QdiscSetting> QdiscSettings::parse(const QString &text)
{
    const QStringList words = text.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return fail(
            tr("No qdisc given; give one of %1, or 'default'.").arg(supportedKinds().join(QStringLiteral(", "))));
    const QString kind = words.first().toLower();
    if (kind == QLatin1String("default"))
        return parseDefault(words);
    const Kind *k = kindNamed(kind);
    if (!k)
        return fail(tr("tcptune does not set the qdisc '%1'; give one of %2 (e.g. 'pfifo limit 1000' or 'tbf rate "
                       "50mbit burst 32kb latency 50ms'), or 'default' for the kernel's own.")
                        .arg(logSafe(words.first(), 40), supportedKinds().join(QStringLiteral(", "))));
    return parseParameters(*k, words);
}

QString QdiscSettings::canonical(const QdiscSetting &s)
{
    if (s.kernelDefault)
        return s.kind.isEmpty() ? QStringLiteral("default") : QString(QStringLiteral("default ") + s.kind);
    QStringList words{s.kind};
    const Kind *k = kindNamed(s.kind);
    for (const auto &[name, value] : s.parameters) {
        const Parameter *p = k ? parameterNamed(*k, name) : nullptr;
        words << name;
        if (p && p->type != Type::Flag)
            words << formatValue(p->type, value);
        else if (!p)
            words << QString::number(value);
    }
    return words.join(QLatin1Char(' '));
}

bool QdiscSettings::satisfies(const QdiscSetting &actual, const QdiscSetting &requested)
{
    if (actual.kernelDefault || requested.kernelDefault)
        return actual.kernelDefault && requested.kernelDefault &&
               (requested.kind.isEmpty() || actual.kind.isEmpty() || requested.kind == actual.kind);
    if (actual.kind != requested.kind)
        return false;
    const Kind *k = kindNamed(requested.kind);
    for (const auto &[name, wanted] : requested.parameters) {
        const auto got = actual.value(name);
        const Parameter *p = k ? parameterNamed(*k, name) : nullptr;
        if (!got || (p && p->rounded ? !close(*got, wanted) : *got != wanted))
            return false;
    }
    return true;
}

bool QdiscSettings::satisfies(const QString &actual, const QString &requested)
{
    const auto a = parse(actual);
    const auto r = parse(requested);
    return a && r && satisfies(*a, *r);
}

} // namespace tcptune
