#include "tune/tune_answer_view.h"

#include "experiment/tune/tune_job.h"
#include "tune/tune_texts.h"

#include <QLocale>

namespace tcptune {

TuneAnswerView::TuneAnswerView(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    showWaiting(tr("Start a tune: its answer appears here when it ends."));
}

void TuneAnswerView::showWaiting(const QString &text)
{
    setPlainText(text);
}

// One line per change, grouped by end: knob, from -> to, what it won (95 % CI, p).
QString TuneAnswerView::changesHtml(const TuneAnswer &answer, ThroughputUnit unit)
{
    if (answer.changes.isEmpty())
        return QStringLiteral("<p>%1</p>").arg(tr("No change to recommend: keep the knobs as they are."));
    QString html;
    const QLocale locale;
    for (const bool far : {false, true}) {
        QStringList lines;
        for (const TuneChange &c : answer.changes) {
            if (c.knob.startsWith(QLatin1String("remote:")) != far)
                continue;
            lines.append(
                QStringLiteral("<li><b>%1</b>: %2 → %3, %4, p = %5</li>")
                    .arg(c.knob.toHtmlEscaped(), TuneTexts::value(c.knob, c.from).toHtmlEscaped(),
                         TuneTexts::value(c.knob, c.to).toHtmlEscaped(),
                         TuneTexts::difference(c.difference, c.ciLow, c.ciHigh, answer.goal, unit).toHtmlEscaped(),
                         locale.toString(c.p, 'g', 2)));
        }
        if (!lines.isEmpty())
            html += QStringLiteral("<p>%1</p><ul>%2</ul>")
                        .arg(far ? tr("Recommended on the far end:") : tr("Recommended on this end:"),
                             lines.join(QString()));
    }
    return html;
}

void TuneAnswerView::showOutcome(const TuneOutcome &outcome, ThroughputUnit unit)
{
    if (!outcome.searched) {
        setPlainText(tr("The tune could not start: %1").arg(outcome.failure));
        return;
    }
    const TuneAnswer &a = outcome.answer;
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(TuneTexts::stopReason(a.stop).toHtmlEscaped());
    html += changesHtml(a, unit);
    if (!a.changes.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Objective: %1 before, %2 after; gain %3.")
                             .arg(TuneTexts::objective(a.baselineObjective, a.goal, unit),
                                  TuneTexts::objective(a.recommendedObjective, a.goal, unit),
                                  TuneTexts::difference(a.recommendedObjective - a.baselineObjective, a.gainCiLow,
                                                        a.gainCiHigh, a.goal, unit))
                             .toHtmlEscaped());
    else
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Objective: %1.").arg(TuneTexts::objective(a.baselineObjective, a.goal, unit)));
    const QString before = RunDiagnosis::verdict(a.findingsBefore);
    const QString after = RunDiagnosis::verdict(a.findingsAfter);
    html += QStringLiteral("<p>%1<br>%2</p>")
                .arg(tr("Verdict before: %1").arg(before.isEmpty() ? tr("none") : before).toHtmlEscaped(),
                     tr("Verdict after: %1").arg(after.isEmpty() ? tr("none") : after).toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Runs used: %1. Stored as experiment %2 (the History tab shows it).")
                         .arg(a.runs)
                         .arg(outcome.experimentId)
                         .toHtmlEscaped());
    setHtml(html);
}

} // namespace tcptune
