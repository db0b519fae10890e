#include "panels/target_panel.h"

#include "experiment/spec/experiment_spec.h"
#include "panels/lab_target_page.h"
#include "panels/ssh_target_page.h"
#include "panels/target_end_list.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tcptune {

namespace {

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
    , m_lab(new LabTargetPage(this))
    , m_agentHost(new QLineEdit(this))
    , m_agentPort(portSpin(5300, QStringLiteral("agentPort"), this))
    , m_iperfHost(new QLineEdit(this))
    , m_iperfPort(portSpin(5201, QStringLiteral("iperfPort"), this))
    , m_ssh(new SshTargetPage(this))
    , m_ends(new TargetEndList(this))
    , m_labName(QStringLiteral("lab"))
{
    setUpChoices();
    m_agentHost->setObjectName(QStringLiteral("agentHost"));
    m_agentHost->setPlaceholderText(tr("host running 'tcptune serve'"));
    m_iperfHost->setObjectName(QStringLiteral("iperfHost"));
    m_iperfHost->setPlaceholderText(tr("host running 'iperf3 -s'"));
    // In the order of the kinds in m_kind.
    m_pages->addWidget(m_lab);
    m_pages->addWidget(hostPage(m_agentHost, m_agentPort, m_pages));
    m_pages->addWidget(hostPage(m_iperfHost, m_iperfPort, m_pages));
    m_pages->addWidget(m_ssh);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_kind);
    layout->addWidget(m_pages);
    layout->addWidget(m_ends);
    m_ends->setObjectName(QStringLiteral("targetEnds"));

    connect(m_kind, &QComboBox::currentIndexChanged, this, &TargetPanel::showPage);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &TargetPanel::changed);
    connect(m_agentHost, &QLineEdit::editingFinished, this, &TargetPanel::changed);
    connect(m_iperfHost, &QLineEdit::editingFinished, this, &TargetPanel::changed);
    connect(m_ssh, &SshTargetPage::changed, this, &TargetPanel::changed);
    connect(m_ends, &TargetEndList::addRequested, this, &TargetPanel::addTypedEnd);
    connect(m_ends, &TargetEndList::changed, this, &TargetPanel::changed);
    connect(m_ends, &TargetEndList::removed, this, &TargetPanel::forgetTypedEnd);
    showPage(0);
}

void TargetPanel::setUpChoices()
{
    // Long (translated) choices do not widen the panel: the list shows them whole.
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kind->setMinimumContentsLength(12);
    m_kind->setObjectName(QStringLiteral("targetKind"));
    m_kind->addItem(tr("Local lab"), int(TargetSpec::Kind::Lab));
    m_kind->addItem(tr("tcptune agent"), int(TargetSpec::Kind::Agent));
    m_kind->addItem(tr("iperf3 server"), int(TargetSpec::Kind::Iperf3));
    m_kind->addItem(tr("SSH host"), int(TargetSpec::Kind::Ssh));
    m_kind->setToolTip(tr("The lab runs client and server in network namespaces on this machine."));
}

void TargetPanel::showPage(int index)
{
    // As tall as the page shown (a stack is as tall as its tallest page): the list of ends sits
    // right under the host's fields. As wide as the widest page, so the panel keeps its width.
    for (int i = 0; i < m_pages->count(); ++i)
        m_pages->widget(i)->setSizePolicy(QSizePolicy::Preferred,
                                          i == index ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    m_pages->setCurrentIndex(index);
    m_ends->showProblem({});
    m_ends->setVisible(TargetSpec::Kind(m_kind->itemData(index).toInt()) != TargetSpec::Kind::Lab);
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

QList<TargetSpec> TargetPanel::targets() const
{
    const TargetSpec typed = target();
    if (typed.kind == TargetSpec::Kind::Lab)
        return {typed};
    QList<TargetSpec> ends = m_ends->ends();
    // "Add end" leaves the added end in the fields, to be typed over: it runs once.
    const bool listed =
        std::any_of(ends.cbegin(), ends.cend(), [&typed](const TargetSpec &end) { return end.sameEndAs(typed); });
    if (!typed.host.isEmpty() && !listed)
        ends.append(typed);
    return ends.isEmpty() ? QList<TargetSpec>{typed} : ends;
}

Result<TargetSpec> TargetPanel::typedEnd() const
{
    const TargetSpec typed = target();
    switch (typed.kind) {
    case TargetSpec::Kind::Lab: break;
    case TargetSpec::Kind::Agent:
    case TargetSpec::Kind::Iperf3:
        if (typed.host.isEmpty())
            return fail(tr("Target: no host given. Enter the address of the %1, or choose the local lab.")
                            .arg(typed.kind == TargetSpec::Kind::Agent ? tr("tcptune agent") : tr("iperf3 server")));
        break;
    case TargetSpec::Kind::Ssh: return m_ssh->target();
    }
    return typed;
}

Result<void> TargetPanel::applyTo(ExperimentSpec &spec) const
{
    if (auto ok = applyLabTo(spec); !ok)
        return ok;
    // With ends listed the fields may be empty; what is typed there must still be right.
    const bool typedAnything = TargetSpec::Kind(m_kind->currentData().toInt()) == TargetSpec::Kind::Ssh
                                   ? !m_ssh->loginField()->text().trimmed().isEmpty()
                                   : !target().host.isEmpty();
    if (m_ends->ends().isEmpty() || typedAnything)
        if (auto typed = typedEnd(); !typed)
            return std::unexpected(typed.error());
    const QList<TargetSpec> ends = targets();
    if (const auto problem = ExperimentSpec::targetListProblem(ends))
        return fail(tr("Target, ends: %1").arg(problem->problem));
    spec.setTargets(ends);
    return {};
}

// The lab's parameters for the lab, none for the hosts.
Result<void> TargetPanel::applyLabTo(ExperimentSpec &spec) const
{
    for (const char *key : {"lab.rate", "lab.queue", "lab.mtu", "lab.topology"})
        spec.knobs.remove(QLatin1String(key));
    if (TargetSpec::Kind(m_kind->currentData().toInt()) != TargetSpec::Kind::Lab)
        return {};
    return m_lab->applyTo(spec);
}

// An end removed from the list that is still typed in the fields (the last one added) would
// otherwise run on as the typed end.
void TargetPanel::forgetTypedEnd(const TargetSpec &removed)
{
    if (!removed.sameEndAs(target()))
        return;
    if (removed.kind == TargetSpec::Kind::Ssh)
        m_ssh->clearLogin();
    else
        (removed.kind == TargetSpec::Kind::Agent ? m_agentHost : m_iperfHost)->clear();
    Q_EMIT changed();
}

void TargetPanel::addTypedEnd()
{
    const auto typed = typedEnd();
    if (!typed)
        return m_ends->showProblem(typed.error().message);
    if (!m_ends->add(*typed))
        return;
    // The next host is typed over this one.
    const auto kind = TargetSpec::Kind(m_kind->currentData().toInt());
    QLineEdit *field = kind == TargetSpec::Kind::Agent    ? m_agentHost
                       : kind == TargetSpec::Kind::Iperf3 ? m_iperfHost
                                                          : m_ssh->loginField();
    field->setFocus(Qt::OtherFocusReason);
    field->selectAll();
}

void TargetPanel::showInFields(const TargetSpec &end)
{
    m_kind->setCurrentIndex(m_kind->findData(int(end.kind)));
    if (end.kind == TargetSpec::Kind::Ssh)
        return m_ssh->setTarget(end);
    if (end.kind != TargetSpec::Kind::Agent && end.kind != TargetSpec::Kind::Iperf3)
        return;
    const bool agent = end.kind == TargetSpec::Kind::Agent;
    (agent ? m_agentHost : m_iperfHost)->setText(end.host);
    if (end.port > 0)
        (agent ? m_agentPort : m_iperfPort)->setValue(end.port);
}

void TargetPanel::loadFrom(const ExperimentSpec &spec)
{
    // Several ends: all of them listed, and the first in the fields too, where Test connection
    // reaches it (a listed end in the fields runs once).
    showInFields(spec.target);
    m_ends->setEnds(spec.severalEnds() ? spec.targets() : QList<TargetSpec>{});
    m_lab->loadFrom(spec);
}

void TargetPanel::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("target/kind"), m_kind->currentIndex());
    m_lab->saveSettings(settings);
    settings.setValue(QStringLiteral("target/agentHost"), m_agentHost->text());
    settings.setValue(QStringLiteral("target/agentPort"), m_agentPort->value());
    settings.setValue(QStringLiteral("target/iperfHost"), m_iperfHost->text());
    settings.setValue(QStringLiteral("target/iperfPort"), m_iperfPort->value());
    m_ssh->saveSettings(settings);
    m_ends->saveSettings(settings);
}

void TargetPanel::restoreSettings(const QSettings &settings)
{
    if (!settings.contains(QStringLiteral("target/kind")))
        return;
    m_kind->setCurrentIndex(settings.value(QStringLiteral("target/kind")).toInt());
    m_lab->restoreSettings(settings);
    m_agentHost->setText(settings.value(QStringLiteral("target/agentHost")).toString());
    m_agentPort->setValue(settings.value(QStringLiteral("target/agentPort"), 5300).toInt());
    m_iperfHost->setText(settings.value(QStringLiteral("target/iperfHost")).toString());
    m_iperfPort->setValue(settings.value(QStringLiteral("target/iperfPort"), 5201).toInt());
    m_ssh->restoreSettings(settings);
    m_ends->restoreSettings(settings);
}

} // namespace tcptune
