#include "panels/target_end_list.h"

#include "panels/fitting_label.h"

#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace tcptune {

namespace {

const QString kSettingsKey = QStringLiteral("target/ends");

// An end's name, elided in the middle when the panel is narrow: a long ssh login must not widen
// the left panel (it never scrolls sideways), and its tooltip has it whole.
class EndNameLabel final : public QLabel {
public:
    EndNameLabel(const QString &name, QWidget *parent)
        : QLabel(name, parent)
        , m_name(name)
    {
        setToolTip(name);
        setTextInteractionFlags(Qt::TextSelectableByMouse);
    }

    QSize minimumSizeHint() const override
    {
        return {fontMetrics().averageCharWidth() * 6, QLabel::minimumSizeHint().height()};
    }

protected:
    void resizeEvent(QResizeEvent *event) override
    {
        QLabel::resizeEvent(event);
        setText(fontMetrics().elidedText(m_name, Qt::ElideMiddle, event->size().width()));
    }

private:
    QString m_name;
};

} // namespace

TargetEndList::TargetEndList(QWidget *parent)
    : QWidget(parent)
    , m_add(new QPushButton(tr("&Add end"), this))
    , m_note(new FittingLabel(this))
    , m_rows(new QVBoxLayout)
    , m_problem(new FittingLabel(this))
{
    m_add->setObjectName(QStringLiteral("addEnd"));
    m_add->setToolTip(tr("Adds the host typed above to the ends of the run. Type the next host over it and add "
                         "it too: the run then drives every end at once."));
    m_note->setObjectName(QStringLiteral("endsNote"));
    m_note->setText(tr("Several hosts: the same traffic runs against every end at once."));
    m_note->setStyleSheet(QStringLiteral("QLabel { color: palette(placeholder-text); }"));
    m_problem->setObjectName(QStringLiteral("endsProblem"));
    m_problem->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_problem->hide();
    m_rows->setContentsMargins(0, 0, 0, 0);
    m_rows->setSpacing(0);

    // The button, the ends it added under it, then the note across the panel's whole width (beside
    // the button it took four lines in German).
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_add, 0, Qt::AlignLeft);
    layout->addLayout(m_rows);
    layout->addWidget(m_note);
    layout->addWidget(m_problem);

    connect(m_add, &QPushButton::clicked, this, &TargetEndList::addRequested);
}

void TargetEndList::setEnds(const QList<TargetSpec> &ends)
{
    m_ends = ends;
    showProblem({});
    rebuildRows();
    Q_EMIT changed();
}

bool TargetEndList::add(const TargetSpec &end)
{
    const QList<TargetSpec> longer = m_ends + QList<TargetSpec>{end};
    if (const auto refused = ExperimentSpec::targetListProblem(longer)) {
        showProblem(tr("Ends: %1").arg(refused->problem));
        return false;
    }
    setEnds(longer);
    return true;
}

void TargetEndList::removeAt(qsizetype index)
{
    if (index < 0 || index >= m_ends.size())
        return;
    const TargetSpec end = m_ends.takeAt(index);
    setEnds(m_ends);
    Q_EMIT removed(end);
}

void TargetEndList::showProblem(const QString &problem)
{
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

QString TargetEndList::problem() const
{
    return m_problem->text();
}

void TargetEndList::rebuildRows()
{
    // Later, not now: a row's own remove button may be the one being clicked.
    while (QLayoutItem *item = m_rows->takeAt(0)) {
        if (QWidget *row = item->widget()) {
            row->hide();
            row->setParent(nullptr);
            row->deleteLater();
        }
        delete item;
    }
    for (qsizetype i = 0; i < m_ends.size(); ++i) {
        auto *row = new QWidget(this);
        auto *rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto *name = new EndNameLabel(m_ends.at(i).describe(), row);
        name->setObjectName(QStringLiteral("endName"));
        auto *remove = new QToolButton(row);
        remove->setObjectName(QStringLiteral("removeEnd"));
        remove->setText(QStringLiteral("×"));
        remove->setAutoRaise(true);
        remove->setToolTip(tr("Remove %1 from the ends of the run").arg(m_ends.at(i).describe()));
        rowLayout->addWidget(name, 1);
        rowLayout->addWidget(remove);
        m_rows->addWidget(row);
        connect(remove, &QToolButton::clicked, this, [this, i] { removeAt(i); });
    }
}

void TargetEndList::saveSettings(QSettings &settings) const
{
    if (m_ends.isEmpty()) {
        settings.remove(kSettingsKey);
        return;
    }
    // Written and read back as a spec file holds its targets: the spec's parser checks them again.
    ExperimentSpec spec;
    spec.setTargets(m_ends);
    const QJsonObject targets{{QStringLiteral("target"), spec.toJson().value(QStringLiteral("target"))}};
    settings.setValue(kSettingsKey, QString::fromUtf8(QJsonDocument(targets).toJson(QJsonDocument::Compact)));
}

void TargetEndList::restoreSettings(const QSettings &settings)
{
    const QString text = settings.value(kSettingsKey).toString();
    if (text.isEmpty())
        return setEnds({});
    // A list this version refuses (written by another) is dropped, not half shown.
    const auto spec = ExperimentSpec::fromJsonText(text.toUtf8());
    setEnds(spec ? spec->targets() : QList<TargetSpec>{});
}

} // namespace tcptune
