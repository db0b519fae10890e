#include "knobs/knob_panel.h"

#include "experiment/spec/experiment_spec.h"
#include "helper/helper_connection.h"
#include "knobs/core_feature_confirmation.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_value_delegate.h"
#include "knobs/link_group.h"
#include "knobs/pending_knobs_note.h"
#include "lab/lab_manager.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tcptune {

namespace {

KnobScope hostScope()
{
    TargetSpec host;
    host.kind = TargetSpec::Kind::Agent;
    return knobScopeFor(host);
}

void layOutColumns(QTableView *view)
{
    QHeaderView *header = view->horizontalHeader();
    // Values and defaults are short ("4 KiB / 16 KiB / 4 MiB"): one line each, the value column
    // takes what is left, the scope only what its word needs.
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle);
    header->setStretchLastSection(false);
    for (int column : {KnobTableModel::KeyColumn, KnobTableModel::OriginalColumn, KnobTableModel::DefaultColumn,
                       KnobTableModel::ScopeColumn})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(KnobTableModel::ValueColumn, QHeaderView::Stretch);
    header->setMinimumSectionSize(60);
    // The far end's column stands beside the local value (Local | Remote), shown for ssh targets.
    header->setSectionResizeMode(KnobTableModel::RemoteColumn, QHeaderView::Stretch);
    header->moveSection(header->visualIndex(KnobTableModel::RemoteColumn),
                        header->visualIndex(KnobTableModel::ValueColumn) + 1);
    view->setColumnHidden(KnobTableModel::RemoteColumn, true);
    view->setItemDelegateForColumn(KnobTableModel::RemoteColumn, new KnobValueDelegate(view));
}

} // namespace

KnobPanel::KnobPanel(HelperConnection *helper, QWidget *parent)
    : QWidget(parent)
    , m_model(new KnobTableModel(this))
    , m_view(new QTableView(this))
    , m_links(new LinkGroup(this))
    , m_place(new QComboBox(this))
    , m_title(new QLabel(this))
    , m_warning(new QLabel(this))
    , m_remoteNote(new QLabel(this))
    , m_pending(new PendingKnobsNote(this))
    , m_labUp(new QPushButton(tr("&Bring the lab up"), this))
    , m_status(new QLabel(this))
    , m_error(new QLabel(this))
    , m_revertOne(new QPushButton(tr("Revert s&elected"), this))
    , m_revertAll(new QPushButton(tr("Revert &all"), this))
    , m_helper(helper)
    , m_scope(hostScope())
{
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("knobTable"));
    m_view->setItemDelegateForColumn(KnobTableModel::ValueColumn, new KnobValueDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    layOutColumns(m_view);
    setFocusProxy(m_view);

    auto *reload = new QPushButton(tr("Rel&oad values"), this);
    reload->setObjectName(QStringLiteral("reloadKnobs"));
    m_revertOne->setObjectName(QStringLiteral("revertKnob"));
    m_revertAll->setObjectName(QStringLiteral("revertAllKnobs"));
    m_error->setObjectName(QStringLiteral("knobError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_error->hide();

    layOut(reload);
    m_status->setWordWrap(true);
    m_status->setText(
        tr("Double-click a value to change it. ● changed by tcptune, * differs from the kernel default."));

    connect(reload, &QPushButton::clicked, this, &KnobPanel::refresh);
    connect(m_revertOne, &QPushButton::clicked, this, &KnobPanel::revertSelected);
    connect(m_revertAll, &QPushButton::clicked, this, &KnobPanel::revertAll);
    connect(m_place, &QComboBox::activated, this, [this] { setNamespace(m_place->currentData().toString()); });
    connect(m_labUp, &QPushButton::clicked, this, [this] { Q_EMIT labUpRequested(m_scope.labName); });
    connectModel();
    connect(m_helper, &HelperConnection::busyChanged, this, [this](bool busy) {
        if (busy)
            m_status->setText(tr("Applying through tcptune-helper..."));
        else if (m_status->text() == tr("Applying through tcptune-helper..."))
            m_status->setText(tr("Done."));
    });
    setScope(m_scope);
    updateButtons();
}

void KnobPanel::layOut(QPushButton *reload)
{
    auto *layout = new QVBoxLayout(this);
    buildHeader();
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Namespace:"), this));
    top->addWidget(m_place, 1);
    top->addWidget(reload);
    layout->addLayout(top);
    layout->addWidget(m_title);
    auto *warning = new QHBoxLayout;
    warning->addWidget(m_warning, 1);
    warning->addWidget(m_labUp);
    layout->addLayout(warning);
    layout->addWidget(m_remoteNote);
    layout->addWidget(m_pending);
    // The sysctls above the links; either gives room to the other, and the links scroll when the
    // window is small rather than squeezing their table.
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("knobSplit"));
    split->addWidget(m_view);
    auto *linkScroll = new QScrollArea(split);
    linkScroll->setObjectName(QStringLiteral("linkScroll"));
    linkScroll->setWidgetResizable(true);
    linkScroll->setFrameShape(QFrame::NoFrame);
    linkScroll->setWidget(m_links);
    split->addWidget(linkScroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    layout->addWidget(m_error);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_revertOne);
    bottom->addWidget(m_revertAll);
    layout->addLayout(bottom);
}

void KnobPanel::buildHeader()
{
    m_place->setObjectName(QStringLiteral("knobNamespace"));
    m_place->setToolTip(tr("The namespaces of the current target only; its sender comes first."));
    m_title->setObjectName(QStringLiteral("knobTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    m_warning->setObjectName(QStringLiteral("knobWarning"));
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("QLabel { background: #fff3c4; color: #5c4400; padding: 3px; }"));
    m_warning->hide();
    m_labUp->setObjectName(QStringLiteral("knobLabUp"));
    m_labUp->hide();
    m_remoteNote->setObjectName(QStringLiteral("knobRemoteNote"));
    m_remoteNote->setWordWrap(true);
    m_remoteNote->hide();
}

void KnobPanel::connectModel()
{
    connect(m_model, &KnobTableModel::changeRequested, this, &KnobPanel::requestChange);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &KnobPanel::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &KnobPanel::updateButtons);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &KnobPanel::updateButtons);
}

QString KnobPanel::currentNamespace() const
{
    return m_model->netns();
}

QString KnobPanel::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

QString KnobPanel::title() const
{
    return m_title->text();
}

QString KnobPanel::warningText() const
{
    return m_warning->isHidden() ? QString() : m_warning->text();
}

QStringList KnobPanel::listedNamespaces() const
{
    QStringList names;
    for (int i = 0; i < m_place->count(); ++i)
        names.append(m_place->itemData(i).toString());
    return names;
}

QString KnobPanel::remoteNote() const
{
    return m_remoteNote->isHidden() ? QString() : m_remoteNote->text();
}

void KnobPanel::setRemoteEnd(bool shown, const KnobSnapshot &values, bool editable, const QString &whyNot,
                             const QMap<QString, QStringList> &choices)
{
    m_view->setColumnHidden(KnobTableModel::RemoteColumn, !shown);
    // Room for both ends' values whole: the scope (per namespace or global) steps aside.
    m_view->setColumnHidden(KnobTableModel::ScopeColumn, shown);
    m_remoteNote->setVisible(shown);
    m_links->showFarHost(shown, values, editable, whyNot);
    if (!shown) {
        m_model->clearRemote();
        return;
    }
    m_model->setRemote(values, editable, whyNot, choices);
    m_remoteNote->setText(editable ? tr("Remote: the far host's values. A value changed there is set by the far "
                                        "agent for each run (remote:<knob>) and put back after it.")
                                   : tr("Remote (read-only): %1").arg(whyNot));
}

Result<void> KnobPanel::applyRemoteTo(ExperimentSpec &spec) const
{
    const QMap<QString, QString> &changes = m_model->remoteChanges();
    for (auto it = changes.begin(); it != changes.end(); ++it)
        if (auto ok = spec.setParameter(ExperimentSpec::kRemotePrefix + it.key(), it.value()); !ok)
            return fail(tr("Knobs, remote %1: %2").arg(it.key(), ok.error().message));
    return {};
}

void KnobPanel::fillPlaces()
{
    const QString current = m_model->netns();
    const QSignalBlocker block(m_place);
    m_place->clear();
    for (const KnobPlace &place : m_scope.places)
        m_place->addItem(place.label, place.netns);
    // A namespace chosen from outside (a test's scratch namespace) is listed as what it is.
    if (m_place->findData(current) < 0)
        m_place->addItem(current.isEmpty() ? tr("this host") : current, current);
    m_place->setCurrentIndex(std::max(0, m_place->findData(current)));
}

void KnobPanel::refresh()
{
    showProblem(m_model->refresh(m_model->netns()));
    m_links->refresh();
}

void KnobPanel::setScope(const KnobScope &scope)
{
    m_scope = scope;
    const QString netns = m_scope.find(m_model->netns()) ? m_model->netns() : m_scope.places.value(0).netns;
    setNamespace(netns);
}

void KnobPanel::setNamespace(const QString &netns)
{
    const QString problem = m_model->refresh(netns);
    m_links->showScope(m_scope, netns);
    fillPlaces();
    updateTitle();
    showProblem(problem);
}

// A place that cannot be read (a lab that is not up) shows why, and offers to build the lab.
void KnobPanel::showProblem(const QString &problem)
{
    const bool labDown = !problem.isEmpty() && !m_scope.labName.isEmpty() && m_scope.find(m_model->netns()) &&
                         !labStatus(m_scope.labName).isUp();
    m_labUp->setVisible(labDown);
    if (labDown) {
        m_warning->setText(tr("Lab %1 is not up yet, so its knobs cannot be read or changed. Bring it up now, or "
                              "run once (a run builds it).")
                               .arg(m_scope.labName));
        m_warning->show();
        m_error->hide();
        return;
    }
    updateTitle();
    if (problem.isEmpty())
        m_error->hide();
    else
        showError(problem);
}

void KnobPanel::updateTitle()
{
    const KnobPlace *place = m_scope.find(m_model->netns());
    const KnobPlace *sender = m_scope.places.isEmpty() ? nullptr : &m_scope.places.first();
    m_title->setText(tr("Knobs of %1").arg(place ? place->label : m_place->currentText()));
    QString warning;
    if (!place)
        warning = tr("%1 is not part of the current target (%2): changes here do not affect its runs.")
                      .arg(m_place->currentText(), m_scope.target);
    else if (!place->sender && sender)
        warning = tr("Changes here do not reach the sender of %1: its traffic starts in %2.")
                      .arg(m_scope.target, sender->label);
    m_warning->setText(warning);
    m_warning->setVisible(!warning.isEmpty());
    Q_EMIT placeChanged(place ? place->shortLabel : m_place->currentText());
}

void KnobPanel::requestChange(const QString &key, const QString &value)
{
    const QString netns = m_model->netns();
    const KnobInfo *knob = KnobCatalogue::instance().find(key);
    const bool confirmed = knob && CoreFeatureConfirmation::needed(*knob, value, netns);
    if (confirmed && !CoreFeatureConfirmation::ask(this, *knob, value))
        return;
    sendChange(key, value, confirmed);
}

void KnobPanel::sendChange(const QString &key, const QString &value, bool confirmed)
{
    const QString netns = m_model->netns();
    m_helper->submit(this, [this, key, value, netns, confirmed](HelperConnection &helper) -> std::function<void()> {
        auto change = helper.set(key, value, netns, confirmed);
        return [this, key, netns, change] { onSetAnswered(key, netns, change); };
    });
}

void KnobPanel::onSetAnswered(const QString &key, const QString &netns, const Result<KnobChange> &change)
{
    if (!change) {
        if (netns == m_model->netns())
            m_model->setError(key, change.error().message);
        showError(change.error().message);
        return;
    }
    if (change->netns == m_model->netns())
        m_model->applyChange(change->key, change->oldValue, change->newValue);
    m_pending->remove(change->key); // set by hand now: the table shows it
    m_error->hide();
}

void KnobPanel::onRestoreAnswered(const Result<RestoreReport> &report)
{
    if (!report) {
        showError(report.error().message);
        return;
    }
    m_model->clearChanges();
    m_pending->setKnobs({}); // every knob as the host had it, the session's too
    if (report->warnings.isEmpty())
        m_error->hide();
    else
        showError(report->warnings.join(QLatin1Char('\n')));
    m_status->setText(tr("%n knob(s) restored.", nullptr, int(report->restored.size())));
}

void KnobPanel::revertSelected()
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    for (const QModelIndex &row : rows) {
        if (!m_model->isChanged(row.row()))
            continue;
        const QModelIndex value = m_model->index(row.row(), KnobTableModel::ValueColumn);
        // Putting back the value the host had before is no new decision: confirmed.
        sendChange(value.data(KnobTableModel::KeyRole).toString(), value.data(KnobTableModel::OriginalRole).toString(),
                   true);
    }
}

void KnobPanel::revertAll()
{
    m_helper->submit(this, [this](HelperConnection &helper) -> std::function<void()> {
        auto report = helper.restore();
        return [this, report] { onRestoreAnswered(report); };
    });
}

void KnobPanel::showError(const QString &message)
{
    m_error->setText(message);
    m_error->show();
}

void KnobPanel::updateButtons()
{
    bool selectedChanged = false;
    for (const QModelIndex &row : m_view->selectionModel()->selectedRows())
        selectedChanged |= m_model->isChanged(row.row());
    m_revertOne->setEnabled(selectedChanged);
    m_revertAll->setEnabled(!m_model->changedKeys().isEmpty());
}

} // namespace tcptune
