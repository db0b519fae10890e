#include "knobs/knob_panel.h"

#include "knobs/knob_table_model.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace tcptune {

KnobPanel::KnobPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new KnobTableModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
{
    m_view->setModel(m_model);
    m_view->setObjectName(QStringLiteral("knobTable"));
    m_view->verticalHeader()->hide();
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSectionResizeMode(KnobTableModel::KeyColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);

    auto *reload = new QPushButton(tr("&Reload values"), this);
    reload->setObjectName(QStringLiteral("reloadKnobs"));
    connect(reload, &QPushButton::clicked, this, &KnobPanel::refresh);

    m_status->setText(tr("Values marked * differ from the kernel default."));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(reload);
    layout->addLayout(bottom);
}

void KnobPanel::refresh()
{
    const QString problem = m_model->refresh();
    m_status->setText(problem.isEmpty() ? tr("Values marked * differ from the kernel default.") : problem);
}

} // namespace tcptune
