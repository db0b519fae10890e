#include "panels/target_panel.h"

#include "experiment/experiment_spec.h"
#include "experiment/run_configuration.h"
#include "panels/ssh_target_page.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

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

QSpinBox *portSpin(int value, const QString &objectName, QWidget *parent)
{
    auto *spin = new QSpinBox(parent);
    spin->setRange(1, 65535);
    spin->setValue(value);
    spin->setObjectName(objectName);
    return spin;
}

// A page with a host and a port field (a tcptune agent's, an iperf3 server's).
QWidget *hostPage(QLineEdit *host, QSpinBox *port, QWidget *parent)
{
    auto *page = new QWidget(parent);
    auto *form = new QFormLayout(page);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(TargetPanel::tr("Host"), host);
    form->addRow(TargetPanel::tr("Port"), port);
    return page;
}

} // namespace

TargetPanel::TargetPanel(QWidget *parent)
    : QGroupBox(tr("Target"), parent)
    , m_kind(new QComboBox(this))
    , m_pages(new QStackedWidget(this))
    , m_topology(new QComboBox(this))
    , m_rate(editableCombo({QStringLiteral("50mbit"), QStringLiteral("10mbit"), QStringLiteral("100mbit"),
                            QStringLiteral("1gbit"), QStringLiteral("0")},
                           QStringLiteral("labRate"), this))
    , m_queue(editableCombo({QStringLiteral("2M"), QStringLiteral("256K"), QStringLiteral("1M"), QStringLiteral("8M")},
                            QStringLiteral("labQueue"), this))
    , m_mtu(new QSpinBox(this))
    , m_agentHost(new QLineEdit(this))
    , m_agentPort(portSpin(5300, QStringLiteral("agentPort"), this))
    , m_iperfHost(new QLineEdit(this))
    , m_iperfPort(portSpin(5201, QStringLiteral("iperfPort"), this))
    , m_ssh(new SshTargetPage(this))
    , m_labName(QStringLiteral("lab"))
{
    setUpChoices();
    m_agentHost->setObjectName(QStringLiteral("agentHost"));
    m_agentHost->setPlaceholderText(tr("host running 'tcptune serve'"));
    m_iperfHost->setObjectName(QStringLiteral("iperfHost"));
    m_iperfHost->setPlaceholderText(tr("host running 'iperf3 -s'"));
    // In the order of the kinds in m_kind.
    m_pages->addWidget(labPage());
    m_pages->addWidget(hostPage(m_agentHost, m_agentPort, m_pages));
    m_pages->addWidget(hostPage(m_iperfHost, m_iperfPort, m_pages));
    m_pages->addWidget(m_ssh);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_kind);
    layout->addWidget(m_pages);

    connect(m_kind, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &TargetPanel::changed);
    connect(m_agentHost, &QLineEdit::editingFinished, this, &TargetPanel::changed);
    connect(m_iperfHost, &QLineEdit::editingFinished, this, &TargetPanel::changed);
    connect(m_ssh, &SshTargetPage::changed, this, &TargetPanel::changed);
}

void TargetPanel::setUpChoices()
{
    // Long (translated) choices do not widen the panel: the list shows them whole.
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kind->setMinimumContentsLength(12);
    m_topology->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_topology->setMinimumContentsLength(12);
    m_kind->setObjectName(QStringLiteral("targetKind"));
    m_kind->addItem(tr("Local lab"), int(TargetSpec::Kind::Lab));
    m_kind->addItem(tr("tcptune agent"), int(TargetSpec::Kind::Agent));
    m_kind->addItem(tr("iperf3 server"), int(TargetSpec::Kind::Iperf3));
    m_kind->addItem(tr("SSH host"), int(TargetSpec::Kind::Ssh));
    m_kind->setToolTip(tr("The lab runs client and server in network namespaces on this machine."));

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
    m_mtu->setRange(576, 65535);
    m_mtu->setValue(1500);
}

QWidget *TargetPanel::labPage()
{
    auto *lab = new QWidget(m_pages);
    auto *labForm = new QFormLayout(lab);
    labForm->setContentsMargins(0, 0, 0, 0);
    labForm->addRow(tr("Topology"), m_topology);
    labForm->addRow(tr("Rate"), m_rate);
    labForm->addRow(tr("Queue"), m_queue);
    labForm->addRow(tr("MTU"), m_mtu);
    return lab;
}

void TargetPanel::setLabName(const QString &name)
{
    m_labName = name;
    Q_EMIT changed();
}

TargetSpec TargetPanel::target() const
{
    TargetSpec target;
    target.kind = TargetSpec::Kind(m_kind->currentData().toInt());
    const bool agent = target.kind == TargetSpec::Kind::Agent;
    if (target.kind == TargetSpec::Kind::Ssh) {
        TargetSpec typed = m_ssh->target().value_or(TargetSpec{});
        typed.kind = TargetSpec::Kind::Ssh;
        return typed;
    }
    if (target.kind == TargetSpec::Kind::Lab) {
        target.labName = m_labName;
    } else {
        target.host = (agent ? m_agentHost : m_iperfHost)->text().trimmed();
        target.port = (agent ? m_agentPort : m_iperfPort)->value();
    }
    return target;
}

Result<void> TargetPanel::applyTo(ExperimentSpec &spec) const
{
    spec.target = target();
    spec.knobs.remove(QStringLiteral("lab.rate"));
    spec.knobs.remove(QStringLiteral("lab.queue"));
    spec.knobs.remove(QStringLiteral("lab.mtu"));
    spec.knobs.remove(QStringLiteral("lab.topology"));
    switch (spec.target.kind) {
    case TargetSpec::Kind::Lab: {
        const QList<std::pair<QString, QString>> values{
            {QStringLiteral("lab.topology"), m_topology->currentData().toString()},
            {QStringLiteral("lab.rate"), m_rate->currentText().trimmed()},
            {QStringLiteral("lab.queue"), m_queue->currentText().trimmed()},
            {QStringLiteral("lab.mtu"), QString::number(m_mtu->value())}};
        for (const auto &[key, value] : values)
            if (auto ok = spec.setParameter(key, value); !ok)
                return fail(tr("Target, lab: %1").arg(ok.error().message));
        break;
    }
    case TargetSpec::Kind::Agent:
    case TargetSpec::Kind::Iperf3: {
        const bool agent = spec.target.kind == TargetSpec::Kind::Agent;
        if (spec.target.host.isEmpty())
            return fail(tr("Target: no host given. Enter the address of the %1, or choose the local lab.")
                            .arg(agent ? tr("tcptune agent") : tr("iperf3 server")));
        break;
    }
    case TargetSpec::Kind::Ssh: {
        auto typed = m_ssh->target();
        if (!typed)
            return std::unexpected(typed.error());
        spec.target = *typed;
        break;
    }
    }
    return {};
}

void TargetPanel::loadFrom(const ExperimentSpec &spec)
{
    m_kind->setCurrentIndex(m_kind->findData(int(spec.target.kind)));
    if (spec.target.kind == TargetSpec::Kind::Agent) {
        m_agentHost->setText(spec.target.host);
        if (spec.target.port > 0)
            m_agentPort->setValue(spec.target.port);
    } else if (spec.target.kind == TargetSpec::Kind::Iperf3) {
        m_iperfHost->setText(spec.target.host);
        if (spec.target.port > 0)
            m_iperfPort->setValue(spec.target.port);
    } else if (spec.target.kind == TargetSpec::Kind::Ssh) {
        m_ssh->setTarget(spec.target);
    }
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

void TargetPanel::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("target/kind"), m_kind->currentIndex());
    settings.setValue(QStringLiteral("target/topology"), m_topology->currentIndex());
    settings.setValue(QStringLiteral("target/rate"), m_rate->currentText());
    settings.setValue(QStringLiteral("target/queue"), m_queue->currentText());
    settings.setValue(QStringLiteral("target/mtu"), m_mtu->value());
    settings.setValue(QStringLiteral("target/agentHost"), m_agentHost->text());
    settings.setValue(QStringLiteral("target/agentPort"), m_agentPort->value());
    settings.setValue(QStringLiteral("target/iperfHost"), m_iperfHost->text());
    settings.setValue(QStringLiteral("target/iperfPort"), m_iperfPort->value());
    m_ssh->saveSettings(settings);
}

void TargetPanel::restoreSettings(const QSettings &settings)
{
    if (!settings.contains(QStringLiteral("target/kind")))
        return;
    m_kind->setCurrentIndex(settings.value(QStringLiteral("target/kind")).toInt());
    m_topology->setCurrentIndex(settings.value(QStringLiteral("target/topology")).toInt());
    m_rate->setCurrentText(settings.value(QStringLiteral("target/rate")).toString());
    m_queue->setCurrentText(settings.value(QStringLiteral("target/queue")).toString());
    m_mtu->setValue(settings.value(QStringLiteral("target/mtu"), 1500).toInt());
    m_agentHost->setText(settings.value(QStringLiteral("target/agentHost")).toString());
    m_agentPort->setValue(settings.value(QStringLiteral("target/agentPort"), 5300).toInt());
    m_iperfHost->setText(settings.value(QStringLiteral("target/iperfHost")).toString());
    m_iperfPort->setValue(settings.value(QStringLiteral("target/iperfPort"), 5201).toInt());
    m_ssh->restoreSettings(settings);
}

} // namespace tcptune
