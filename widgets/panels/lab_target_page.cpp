#include "panels/lab_target_page.h"

#include "experiment/record/run_configuration.h"
#include "knobs/knob_catalogue.h"
#include "panels/range_check.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace tcptune {

namespace {

QComboBox *editableCombo(const QStringList &items, const QString &objectName, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->setEditable(true);
    combo->addItems(items);
    combo->setObjectName(objectName);
    combo->setInsertPolicy(QComboBox::NoInsert);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    return combo;
}

} // namespace

LabTargetPage::LabTargetPage(QWidget *parent)
    : QWidget(parent)
    , m_topology(new QComboBox(this))
    , m_rate(editableCombo({QStringLiteral("50mbit"), QStringLiteral("10mbit"), QStringLiteral("100mbit"),
                            QStringLiteral("1gbit"), QStringLiteral("0")},
                           QStringLiteral("labRate"), this))
    , m_queue(editableCombo({QStringLiteral("2M"), QStringLiteral("256K"), QStringLiteral("1M"), QStringLiteral("8M")},
                            QStringLiteral("labQueue"), this))
    , m_mtu(new QSpinBox(this))
{
    setUpChoices();
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Topology"), m_topology);
    form->addRow(tr("Rate"), m_rate);
    form->addRow(tr("Queue"), m_queue);
    form->addRow(tr("MTU"), m_mtu);
    form->addRow(QString(), m_mtuCheck->message());
}

void LabTargetPage::setUpChoices()
{
    // Long (translated) choices do not widen the panel: the list shows them whole.
    m_topology->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_topology->setMinimumContentsLength(12);
    m_topology->setObjectName(QStringLiteral("labTopology"));
    // Short enough to show whole in the box (German too); the list's tooltips say more.
    m_topology->addItem(tr("routed (router bottleneck)"), QStringLiteral("routed"));
    m_topology->setItemData(0, tr("The bottleneck is a router between client and server, as on a real path."),
                            Qt::ToolTipRole);
    m_topology->addItem(tr("direct (sender shapes)"), QStringLiteral("direct"));
    m_topology->setItemData(1, tr("The client's own egress is shaped: its packets wait in its local queue."),
                            Qt::ToolTipRole);
    m_rate->setToolTip(tr("Bottleneck rate, e.g. 50mbit or 1gbit; 0 leaves the link unshaped."));
    m_queue->setToolTip(tr("Queue limit of the bottleneck in bytes, e.g. 2M."));
    m_mtu->setObjectName(QStringLiteral("labMtu"));
    // The catalogue's bounds, which the helper and the commands check too.
    const KnobInfo *mtu = KnobCatalogue::instance().find(QStringLiteral("lab.mtu"));
    m_mtuCheck = new RangeCheck(m_mtu, tr("MTU"), int(mtu->minimum), int(mtu->maximum));
    m_mtu->setValue(1500);
}

Result<void> LabTargetPage::applyTo(ExperimentSpec &spec) const
{
    if (auto ok = m_mtuCheck->check(); !ok)
        return fail(tr("Target, lab: %1").arg(ok.error().message));
    const QList<std::pair<QString, QString>> values{
        {QStringLiteral("lab.topology"), m_topology->currentData().toString()},
        {QStringLiteral("lab.rate"), m_rate->currentText().trimmed()},
        {QStringLiteral("lab.queue"), m_queue->currentText().trimmed()},
        {QStringLiteral("lab.mtu"), QString::number(m_mtu->value())}};
    for (const auto &[key, value] : values)
        if (auto ok = spec.setParameter(key, value); !ok)
            return fail(tr("Target, lab: %1").arg(ok.error().message));
    return {};
}

void LabTargetPage::loadFrom(const ExperimentSpec &spec)
{
    if (const QString v = spec.knobs.value(QStringLiteral("lab.topology")); !v.isEmpty())
        m_topology->setCurrentIndex(std::max(0, m_topology->findData(v)));
    // Shown as typed ("100mbit", "256K"), not in the spec's canonical digits.
    if (const QString v = spec.knobs.value(QStringLiteral("lab.rate")); !v.isEmpty())
        m_rate->setCurrentText(compactKnobValue(QStringLiteral("lab.rate"), v));
    if (const QString v = spec.knobs.value(QStringLiteral("lab.queue")); !v.isEmpty())
        m_queue->setCurrentText(compactKnobValue(QStringLiteral("lab.queue"), v));
    if (const QString v = spec.knobs.value(QStringLiteral("lab.mtu")); !v.isEmpty())
        m_mtu->setValue(v.toInt());
}

void LabTargetPage::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("target/topology"), m_topology->currentIndex());
    settings.setValue(QStringLiteral("target/rate"), m_rate->currentText());
    settings.setValue(QStringLiteral("target/queue"), m_queue->currentText());
    settings.setValue(QStringLiteral("target/mtu"), m_mtu->value());
}

void LabTargetPage::restoreSettings(const QSettings &settings)
{
    m_topology->setCurrentIndex(settings.value(QStringLiteral("target/topology")).toInt());
    m_rate->setCurrentText(settings.value(QStringLiteral("target/rate")).toString());
    m_queue->setCurrentText(settings.value(QStringLiteral("target/queue")).toString());
    m_mtu->setValue(settings.value(QStringLiteral("target/mtu"), 1500).toInt());
}

} // namespace tcptune
