#include "knobs/pending_knobs_note.h"

#include "experiment/spec/experiment_spec.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace tcptune {

PendingKnobsNote::PendingKnobsNote(QWidget *parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
    , m_forget(new QPushButton(tr("For&get them"), this))
{
    setObjectName(QStringLiteral("pendingKnobsNote"));
    m_text->setObjectName(QStringLiteral("pendingKnobsText"));
    m_text->setWordWrap(true);
    m_text->setStyleSheet(QStringLiteral("QLabel { background: #e8f0fe; color: #17325c; padding: 3px; }"));
    m_forget->setObjectName(QStringLiteral("forgetPendingKnobs"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_forget);
    connect(m_forget, &QPushButton::clicked, this, [this] { setKnobs({}); });
    hide();
}

void PendingKnobsNote::setKnobs(const QMap<QString, QString> &knobs)
{
    if (knobs == m_knobs)
        return;
    m_knobs = knobs;
    showKnobs();
    Q_EMIT knobsChanged();
}

void PendingKnobsNote::remove(const QString &key)
{
    if (m_knobs.remove(key) == 0)
        return;
    showKnobs();
    Q_EMIT knobsChanged();
}

QString PendingKnobsNote::text() const
{
    return isHidden() ? QString() : m_text->text();
}

void PendingKnobsNote::showKnobs()
{
    QStringList values;
    for (auto it = m_knobs.begin(); it != m_knobs.end(); ++it)
        values.append(QStringLiteral("%1 = %2").arg(it.key(), ExperimentSpec::formatValue(it.key(), it.value())));
    m_text->setText(tr("From the session, not set yet: %1. The next run sets them and puts them back after it.")
                        .arg(values.join(QStringLiteral(", "))));
    setVisible(!m_knobs.isEmpty());
}

} // namespace tcptune
