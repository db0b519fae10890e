#include "common/mib_counters.h"

#include "common/netns.h"

#include <QCoreApplication>
#include <QFile>
#include <QList>
#include <QSet>

namespace tcptune::mib {
namespace {

// MibCounters::tr(): lupdate files this file's text under the context that tr() looks it up in.
class MibCounters final {
    Q_DECLARE_TR_FUNCTIONS(MibCounters)
};

QList<QByteArrayView> words(QByteArrayView line)
{
    QList<QByteArrayView> out;
    qsizetype i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const qsizetype start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            out.append(line.sliced(start, i - start));
    }
    return out;
}

QList<QByteArrayView> lines(QByteArrayView text)
{
    QList<QByteArrayView> out;
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        if (end > start)
            out.append(text.sliced(start, end - start));
        start = end + 1;
    }
    return out;
}

bool toNumber(QByteArrayView word, qint64 *value)
{
    bool ok = false;
    *value = word.toLongLong(&ok);
    if (ok)
        return true;
    // Counters are unsigned long in the kernel; one past 2^63 still fits as a difference.
    const qulonglong big = word.toULongLong(&ok);
    *value = qint64(big);
    return ok;
}

// A line of counter names: none of them a number (a value line is never taken for one, so a
// broken pair cannot shift the pairing of the lines after it).
bool isNameLine(const QList<QByteArrayView> &words)
{
    qint64 unused = 0;
    for (qsizetype k = 1; k < words.size(); ++k)
        if (toNumber(words[k], &unused))
            return false;
    return true;
}

// What a thread in the namespace reads: its own namespace's files.
[[nodiscard]] Result<QByteArray> readProcNet(const char *file, bool optional)
{
    QFile f(QStringLiteral("/proc/thread-self/net/") + QLatin1String(file));
    if (!f.open(QIODevice::ReadOnly)) {
        if (optional)
            return QByteArray();
        return fail(MibCounters::tr("Cannot read %1: %2.").arg(f.fileName(), f.errorString()));
    }
    // /proc files report size 0: read until the end.
    return f.readAll();
}

} // namespace

Counters parseTablePairs(QByteArrayView text)
{
    Counters out;
    const QList<QByteArrayView> all = lines(text);
    for (qsizetype i = 0; i + 1 < all.size(); ++i) {
        const QList<QByteArrayView> names = words(all[i]);
        const QList<QByteArrayView> values = words(all[i + 1]);
        if (names.isEmpty() || values.isEmpty() || names.first() != values.first() || !names.first().endsWith(':') ||
            names.size() != values.size() || !isNameLine(names))
            continue;
        const QString prefix = QString::fromLatin1(names.first().chopped(1));
        for (qsizetype k = 1; k < names.size(); ++k) {
            qint64 value = 0;
            if (toNumber(values[k], &value))
                out.insert(prefix + QString::fromLatin1(names[k]), value);
        }
        ++i; // the value line is used up
    }
    return out;
}

Counters parseNameValueLines(QByteArrayView text)
{
    Counters out;
    for (QByteArrayView line : lines(text)) {
        const QList<QByteArrayView> w = words(line);
        qint64 value = 0;
        if (w.size() == 2 && toNumber(w[1], &value))
            out.insert(QString::fromLatin1(w[0]), value);
    }
    return out;
}

Result<Counters> read(const QString &netns)
{
    Result<Counters> result = Counters{};
    auto readAll = [&result] {
        for (const char *file : {"netstat", "snmp"}) {
            auto text = readProcNet(file, false);
            if (!text) {
                result = std::unexpected(text.error());
                return;
            }
            result->insert(parseTablePairs(*text));
        }
        if (auto text = readProcNet("snmp6", true))
            result->insert(parseNameValueLines(*text));
    };
    if (auto entered = netns::runIn(netns, readAll); !entered)
        return std::unexpected(entered.error());
    return result;
}

bool isGauge(const QString &name)
{
    static const QSet<QString> gauges = {
        QStringLiteral("IpForwarding"), QStringLiteral("IpDefaultTTL"),  QStringLiteral("TcpRtoAlgorithm"),
        QStringLiteral("TcpRtoMin"),    QStringLiteral("TcpRtoMax"),     QStringLiteral("TcpMaxConn"),
        QStringLiteral("TcpCurrEstab"), QStringLiteral("Ip6Forwarding"), QStringLiteral("Ip6DefaultHopLimit"),
    };
    return gauges.contains(name);
}

Counters deltas(const Counters &before, const Counters &after)
{
    Counters out;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend() || isGauge(it.key()))
            continue;
        const qint64 delta = qint64(quint64(it.value()) - quint64(old.value()));
        if (delta > 0)
            out.insert(it.key(), delta);
    }
    return out;
}

QJsonObject toJson(const Counters &counters)
{
    QJsonObject out;
    for (auto it = counters.cbegin(); it != counters.cend(); ++it)
        out.insert(it.key(), double(it.value()));
    return out;
}

Counters fromJson(const QJsonObject &json)
{
    Counters out;
    for (auto it = json.begin(); it != json.end(); ++it)
        if (it.value().isDouble())
            out.insert(it.key(), qint64(it.value().toDouble()));
    return out;
}

} // namespace tcptune::mib
