#include "panels/ssh_target_page.h"

#include "experiment/record/run_configuration.h"
#include "traffic/far_host_check.h"
#include "traffic/traffic_spec.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

#include <utility>

namespace tcptune {

SshTargetPage::SshTargetPage(QWidget *parent)
    : QWidget(parent)
    , m_login(new QLineEdit(this))
    , m_config(new QLineEdit(this))
    , m_test(new QPushButton(tr("&Test connection"), this))
    , m_report(new QLabel(this))
    , m_knobs(new QTableWidget(0, 2, this))
    , m_check(new FarHostCheck(this))
{
    m_login->setObjectName(QStringLiteral("sshLogin"));
    m_login->setPlaceholderText(tr("user@host[:port]"));
    m_login->setToolTip(tr("The far host runs 'tcptune serve --stdio' through ssh; log-in with a key (your ssh "
                           "agent, config and known_hosts apply)."));
    m_config->setObjectName(QStringLiteral("sshConfig"));
    m_config->setPlaceholderText(tr("optional (ssh -F)"));
    m_config->setToolTip(tr("An ssh config file for special set-ups; empty: your own (~/.ssh/config)."));
    m_test->setObjectName(QStringLiteral("sshTest"));
    m_report->setObjectName(QStringLiteral("sshReport"));
    m_report->setWordWrap(true);
    m_report->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_knobs->setObjectName(QStringLiteral("farKnobs"));
    m_knobs->setHorizontalHeaderLabels({tr("Far knob"), tr("Value")});
    m_knobs->verticalHeader()->hide();
    m_knobs->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_knobs->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_knobs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_knobs->setTextElideMode(Qt::ElideLeft); // the ends of the keys tell them apart
    m_knobs->setWordWrap(false);
    m_knobs->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_knobs->verticalHeader()->setDefaultSectionSize(m_knobs->fontMetrics().height() + 6);
    m_knobs->setFixedHeight(m_knobs->fontMetrics().height() * 14);
    m_knobs->hide();

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Login"), m_login);
    form->addRow(tr("ssh config"), m_config);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_test);
    layout->addWidget(m_report);
    layout->addWidget(m_knobs);

    connect(m_test, &QPushButton::clicked, this, &SshTargetPage::testConnection);
    connect(m_login, &QLineEdit::editingFinished, this, &SshTargetPage::changed);
    connect(m_login, &QLineEdit::textEdited, this, &SshTargetPage::forgetFarHost);
    connect(m_config, &QLineEdit::textEdited, this, &SshTargetPage::forgetFarHost);
    connect(m_check, &FarHostCheck::described, this, [this](const agentproto::HostDescription &description) {
        if (testEnded())
            showDescription(description);
    });
    connect(m_check, &FarHostCheck::failed, this, [this](const QString &message) {
        if (testEnded())
            showFailure(message);
    });
}

Result<TargetSpec> SshTargetPage::target() const
{
    QString text = m_login->text().trimmed();
    if (text.isEmpty())
        return fail(tr("Target: no SSH host given. Enter user@host (a port after a colon), or choose the local lab."));
    if (!text.startsWith(QLatin1String("ssh://")))
        text.prepend(QLatin1String("ssh://"));
    auto parsed = TrafficTarget::parse(text);
    if (!parsed)
        return fail(tr("Target, SSH host: %1").arg(parsed.error().message));
    TargetSpec t;
    t.kind = TargetSpec::Kind::Ssh;
    t.host = parsed->host;
    t.port = parsed->port;
    t.user = parsed->user;
    t.sshConfig = m_config->text().trimmed();
    return t;
}

void SshTargetPage::setTarget(const TargetSpec &target)
{
    QString login = target.user.isEmpty() ? target.host : target.user + QLatin1Char('@') + target.host;
    if (target.port > 0)
        login += QLatin1Char(':') + QString::number(target.port);
    m_login->setText(login);
    m_config->setText(target.sshConfig);
    forgetFarHost();
}

void SshTargetPage::clearLogin()
{
    m_login->clear();
    forgetFarHost();
}

void SshTargetPage::testConnection()
{
    const auto t = target();
    if (!t)
        return showFailure(t.error().message);
    TrafficSpec spec;
    spec.target.kind = TargetKind::Ssh;
    spec.target.host = t->host;
    spec.target.port = std::uint16_t(t->port);
    spec.target.user = t->user;
    spec.sshConfig = t->sshConfig;
    if (!m_check->start(spec))
        return; // a test is running; its answer comes
    m_tested = m_login->text().trimmed() + m_config->text();
    m_test->setEnabled(false);
    m_knobs->hide();
    m_report->setStyleSheet(QString());
    m_report->setText(tr("Testing the connection to %1 …").arg(m_login->text().trimmed()));
}

// False when the login changed while the test ran: the answer is about another host.
bool SshTargetPage::testEnded()
{
    m_test->setEnabled(true);
    return std::exchange(m_tested, QString()) == m_login->text().trimmed() + m_config->text();
}

bool SshTargetPage::isTesting() const
{
    return m_check->isBusy();
}

QString SshTargetPage::reportText() const
{
    return m_report->text();
}

void SshTargetPage::showDescription(const agentproto::HostDescription &description)
{
    m_farHost = description;
    const QString helper = description.helperUsable ? tr("Far helper: yes, %1").arg(description.helper)
                                                    : tr("Far helper: no: %1").arg(description.helper);
    const QString knobs = description.knobsNote.isEmpty()
                              ? tr("Far knobs: %1 values, below and in the Knobs tab").arg(description.knobs.size())
                              : tr("Far knobs: none (%1)").arg(description.knobsNote);
    m_report->setStyleSheet(QString());
    m_report->setText(QStringList{tr("ssh: ok"), tr("Far agent: tcptune %1").arg(description.program), helper,
                                  tr("Far kernel: %1").arg(description.kernel), knobs}
                          .join(QLatin1Char('\n')));
    fillKnobTable(description.knobs);
    Q_EMIT farHostChanged();
}

void SshTargetPage::showFailure(const QString &message)
{
    m_farHost.reset();
    m_knobs->hide();
    m_report->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    m_report->setText(message);
    Q_EMIT farHostChanged();
}

void SshTargetPage::fillKnobTable(const KnobSnapshot &knobs)
{
    m_knobs->setRowCount(int(knobs.size()));
    int row = 0;
    for (auto it = knobs.begin(); it != knobs.end(); ++it, ++row) {
        // "core.rmem_max", "ipv4.tcp_wmem": every catalogue sysctl starts with "net.".
        QString shown = it.key();
        if (shown.startsWith(QLatin1String("net.")))
            shown.remove(0, 4);
        auto *key = new QTableWidgetItem(shown);
        key->setData(Qt::UserRole, it.key());
        key->setToolTip(it.key());
        m_knobs->setItem(row, 0, key);
        auto *value = new QTableWidgetItem(compactKnobValue(it.key(), it.value()));
        value->setToolTip(it.value());
        m_knobs->setItem(row, 1, value);
    }
    m_knobs->setVisible(!knobs.isEmpty());
}

void SshTargetPage::forgetFarHost()
{
    if (!m_farHost && m_report->text().isEmpty())
        return;
    m_farHost.reset();
    m_knobs->hide();
    m_report->clear();
    Q_EMIT farHostChanged();
}

void SshTargetPage::saveSettings(QSettings &settings) const
{
    settings.setValue(QStringLiteral("target/sshLogin"), m_login->text());
    settings.setValue(QStringLiteral("target/sshConfig"), m_config->text());
}

void SshTargetPage::restoreSettings(const QSettings &settings)
{
    m_login->setText(settings.value(QStringLiteral("target/sshLogin")).toString());
    m_config->setText(settings.value(QStringLiteral("target/sshConfig")).toString());
}

} // namespace tcptune
