#include "panels/throughput_unit_menu.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>

namespace tcptune {
namespace {

const QString kSettingsKey = QStringLiteral("view/throughputUnit");

QMenu *viewMenu(QMainWindow *window)
{
    if (auto *menu = window->menuBar()->findChild<QMenu *>(QStringLiteral("menuView")))
        return menu;
    QMenu *menu = window->menuBar()->addMenu(ThroughputUnitMenu::tr("&View"));
    menu->setObjectName(QStringLiteral("menuView"));
    return menu;
}

// The accelerator of each choice in the menu, beside its unit's label.
QString actionText(ThroughputUnit unit)
{
    switch (unit.kind()) {
    case ThroughputUnitKind::Mbit: return ThroughputUnitMenu::tr("&Megabits per second (%1)").arg(unit.label());
    case ThroughputUnitKind::Gbit: return ThroughputUnitMenu::tr("&Gigabits per second (%1)").arg(unit.label());
    case ThroughputUnitKind::MByte: return ThroughputUnitMenu::tr("M&egabytes per second (%1)").arg(unit.label());
    }
    return unit.label();
}

} // namespace

ThroughputUnitMenu::ThroughputUnitMenu(QMainWindow *window)
    : QObject(window)
    , m_group(new QActionGroup(this))
{
    // A setting another version wrote, or edited by hand, falls back to Mbit/s.
    m_unit = ThroughputUnit::parse(QSettings().value(kSettingsKey).toString()).value_or(ThroughputUnit());
    QMenu *menu = viewMenu(window)->addMenu(tr("&Throughput unit"));
    menu->setObjectName(QStringLiteral("menuThroughputUnit"));
    m_group->setExclusive(true);
    for (const ThroughputUnit unit : ThroughputUnit::all()) {
        QAction *action = menu->addAction(actionText(unit));
        action->setObjectName(QStringLiteral("actionThroughputUnit_") + unit.key());
        action->setCheckable(true);
        action->setChecked(unit == m_unit);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, unit] { choose(unit); });
    }
}

QAction *ThroughputUnitMenu::actionFor(ThroughputUnit unit) const
{
    return m_group->actions().value(int(ThroughputUnit::all().indexOf(unit)));
}

void ThroughputUnitMenu::choose(ThroughputUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    QSettings().setValue(kSettingsKey, unit.key());
    Q_EMIT unitChanged(unit);
}

} // namespace tcptune
