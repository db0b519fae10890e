#include "history/history_filter.h"

#include <QStringList>

namespace tcptune {

HistoryFilter HistoryFilter::parse(const QString &line)
{
    HistoryFilter filter;
    QStringList words;
    for (const QString &word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype colon = word.indexOf(QLatin1Char(':'));
        const QString key = colon > 0 ? word.left(colon).toLower() : QString();
        const QString value = word.mid(colon + 1);
        QString *term = key == QLatin1String("host")     ? &filter.terms.host
                        : key == QLatin1String("user")   ? &filter.terms.user
                        : key == QLatin1String("kernel") ? &filter.terms.kernel
                        : key == QLatin1String("tag")    ? &filter.terms.tag
                                                         : nullptr;
        // A term being typed ("host:") narrows nothing yet; "tcp_wmem:4096" is text.
        if (term)
            *term = value;
        else
            words.append(word);
    }
    filter.text = words.join(QLatin1Char(' '));
    return filter;
}

bool HistoryFilter::sameTerms(const ExperimentFilter &a, const ExperimentFilter &b)
{
    return a.host == b.host && a.user == b.user && a.kernel == b.kernel && a.tag == b.tag;
}

} // namespace tcptune
