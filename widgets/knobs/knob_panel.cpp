#include "knobs/knob_panel.h"

#include "helper/helper_connection.h"
#include "knobs/core_feature_confirmation.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_value_delegate.h"

#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace tcptune {

KnobPanel::KnobPanel(HelperConnection *helper, QWidget *parent)
    : QWidget(parent)
    , m_model(new KnobTableModel(this))
    , m_view(new QTableView(this))
    , m_namespace(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_error(new QLabel(this))
    , m_revertOne(new QPushButton(tr("Revert &selected"), this))
    , m_revertAll(new QPushButton(tr("Revert &all"), this))
    , m_helper(helper)
{
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("knobTable"));
    m_view->setItemDelegateForColumn(KnobTableModel::ValueColumn, new KnobValueDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->horizontalHeader()->setSectionResizeMode(KnobTableModel::KeyColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(KnobTableModel::OriginalColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(KnobTableModel::ValueColumn, QHeaderView::Interactive);
    m_view->setColumnWidth(KnobTableModel::ValueColumn, 220);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);

    m_namespace->setObjectName(QStringLiteral("knobNamespace"));
    m_namespace->setToolTip(tr("Show and change the knobs of the host or of a tcptune lab namespace."));
    fillNamespaces();
    auto *reload = new QPushButton(tr("&Reload values"), this);
    reload->setObjectName(QStringLiteral("reloadKnobs"));
    m_revertOne->setObjectName(QStringLiteral("revertKnob"));
    m_revertAll->setObjectName(QStringLiteral("revertAllKnobs"));
    m_error->setObjectName(QStringLiteral("knobError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_error->hide();

    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Namespace:"), this));
    top->addWidget(m_namespace);
    top->addStretch(1);
    top->addWidget(reload);
    layout->addLayout(top);
    layout->addWidget(m_view);
    layout->addWidget(m_error);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_revertOne);
    bottom->addWidget(m_revertAll);
    layout->addLayout(bottom);
    m_status->setText(
        tr("Double-click a value to change it. ● changed by tcptune, * differs from the kernel default."));

    connect(reload, &QPushButton::clicked, this, &KnobPanel::refresh);
    connect(m_revertOne, &QPushButton::clicked, this, &KnobPanel::revertSelected);
    connect(m_revertAll, &QPushButton::clicked, this, &KnobPanel::revertAll);
    connect(m_namespace, &QComboBox::activated, this, [this] { setNamespace(m_namespace->currentData().toString()); });
    connectModel();
    connect(m_helper, &HelperConnection::busyChanged, this, [this](bool busy) {
        if (busy)
            m_status->setText(tr("Applying through tcptune-helper..."));
        else if (m_status->text() == tr("Applying through tcptune-helper..."))
            m_status->setText(tr("Done."));
    });
    updateButtons();
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

void KnobPanel::fillNamespaces()
{
    const QString current = m_model->netns();
    m_namespace->clear();
    m_namespace->addItem(tr("Host"), QString());
    const QStringList names =
        QDir(QStringLiteral("/run/netns")).entryList({QStringLiteral("tcptune-*")}, QDir::Files, QDir::Name);
    for (const QString &name : names)
        m_namespace->addItem(name, name);
    if (!current.isEmpty() && m_namespace->findData(current) < 0)
        m_namespace->addItem(current, current);
    m_namespace->setCurrentIndex(std::max(0, m_namespace->findData(current)));
}

void KnobPanel::refresh()
{
    fillNamespaces();
    const QString problem = m_model->refresh(m_model->netns());
    if (!problem.isEmpty())
        showError(problem);
}

void KnobPanel::setNamespace(const QString &netns)
{
    const QString problem = m_model->refresh(netns);
    fillNamespaces();
    if (!problem.isEmpty())
        showError(problem);
    else
        m_error->hide();
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
    m_error->hide();
}

void KnobPanel::onRestoreAnswered(const Result<RestoreReport> &report)
{
    if (!report) {
        showError(report.error().message);
        return;
    }
    m_model->clearChanges();
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
