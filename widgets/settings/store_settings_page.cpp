#include "settings/store_settings_page.h"

#include "experiment/store/result_store.h"
#include "experiment/store/store_location.h"
#include "panels/background_call.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

namespace tcptune {
namespace {

const QString kDefaultSslMode = QStringLiteral("prefer"); // libpq's own default: left out of the address
const QString kErrorStyle = QStringLiteral("QLabel { color: #b00020; }");

QString defaultFile()
{
    return ResultStore::localDataFolder() + QStringLiteral("/results.db");
}

// The environment variable that overrides the setting, or empty (ResultStore::defaultPath()).
QString overridingVariable()
{
    for (const char *variable : {"TCPTUNE_STORE", "TCPTUNE_RESULTS_DB"})
        if (!qEnvironmentVariableIsEmpty(variable))
            return QString::fromLatin1(variable);
    return {};
}

struct Probe {
    bool connected = false;
    QString message;
};

// Runs on a thread of its own: a QSqlDatabase connection belongs to the thread that opened it.
Probe probe(const QString &address)
{
    ResultStore store;
    if (auto opened = store.open(address); !opened)
        return {false, opened.error().message};
    const auto experiments = store.experimentList();
    if (!experiments)
        return {false, experiments.error().message};
    return {true, StoreSettingsPage::tr("Connected: schema %1, %n experiment(s).", nullptr, int(experiments->size()))
                      .arg(store.schemaVersion())};
}

QLabel *wrappingLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

StoreSettingsPage::StoreSettingsPage(QWidget *parent)
    : QGroupBox(tr("Result store"), parent)
    , m_thisComputer(new QRadioButton(tr("&This computer"), this))
    , m_server(new QRadioButton(tr("&PostgreSQL server"), this))
    , m_file(wrappingLabel(QString(), this))
    , m_address(new QLineEdit(this))
    , m_addressProblem(wrappingLabel(QString(), this))
    , m_overridden(wrappingLabel(QString(), this))
    , m_test(new QPushButton(tr("Test co&nnection"), this))
    , m_testResult(wrappingLabel(QString(), this))
{
    setObjectName(QStringLiteral("storeSettingsPage"));
    m_thisComputer->setObjectName(QStringLiteral("storeThisComputer"));
    m_server->setObjectName(QStringLiteral("storeServer"));
    m_file->setObjectName(QStringLiteral("storeFile"));
    m_address->setObjectName(QStringLiteral("storeAddress"));
    m_address->setReadOnly(true);
    m_addressProblem->setObjectName(QStringLiteral("storeAddressProblem"));
    m_addressProblem->setStyleSheet(kErrorStyle);
    m_test->setObjectName(QStringLiteral("storeTest"));
    m_testResult->setObjectName(QStringLiteral("storeTestResult"));
    // Under its radio button, as the button's text starts.
    const int indent = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth) +
                       style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing);
    m_file->setContentsMargins(indent, 0, 0, 0);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_thisComputer);
    layout->addWidget(m_file);
    layout->addWidget(m_server);
    m_serverFields = buildServerFields();
    m_serverFields->setContentsMargins(indent, 0, 0, 0);
    layout->addWidget(m_serverFields);
    auto *address = new QFormLayout;
    address->addRow(tr("&Address:"), m_address);
    layout->addLayout(address);
    layout->addWidget(m_addressProblem);
    layout->addWidget(wrappingLabel(tr("The password is never kept here: libpq reads it from ~/.pgpass (or the file "
                                       "PGPASSFILE names), one line HOST:PORT:DATABASE:USER:PASSWORD, mode 0600."),
                                    this));
    const QString variable = overridingVariable();
    m_overridden->setText(tr("$%1 is set: the workbench uses %2 until it is unset.")
                              .arg(variable, QString::fromLocal8Bit(qgetenv(qPrintable(variable)))));
    m_overridden->setStyleSheet(QStringLiteral("QLabel { background: #fff3c4; color: #5c4400; padding: 3px; }"));
    m_overridden->setVisible(!variable.isEmpty());
    layout->addWidget(m_overridden);
    auto *test = new QHBoxLayout;
    test->addWidget(m_test, 0, Qt::AlignTop);
    test->addWidget(m_testResult, 1);
    layout->addLayout(test);
    connectFields();
    setLocation(QString());
}

QWidget *StoreSettingsPage::buildServerFields()
{
    auto *fields = new QWidget(this);
    fields->setObjectName(QStringLiteral("storeServerFields"));
    m_host = new QLineEdit(fields);
    m_host->setObjectName(QStringLiteral("storeHost"));
    m_host->setPlaceholderText(tr("db.example.org, or a socket folder such as /run/postgresql"));
    m_port = new QSpinBox(fields);
    m_port->setObjectName(QStringLiteral("storePort"));
    m_port->setRange(1, 65535);
    m_port->setValue(5432);
    m_database = new QLineEdit(QStringLiteral("tcptune"), fields);
    m_database->setObjectName(QStringLiteral("storeDatabase"));
    m_user = new QLineEdit(ResultStore::currentUserName(), fields);
    m_user->setObjectName(QStringLiteral("storeUser"));
    m_sslMode = new QComboBox(fields);
    m_sslMode->setObjectName(QStringLiteral("storeSslMode"));
    m_sslMode->addItems({QStringLiteral("disable"), QStringLiteral("allow"), kDefaultSslMode, QStringLiteral("require"),
                         QStringLiteral("verify-ca"), QStringLiteral("verify-full")});
    m_sslMode->setCurrentText(kDefaultSslMode);
    m_sslMode->setToolTip(tr("libpq's sslmode: require encrypts; verify-full also checks the server's "
                             "certificate and name (~/.postgresql/root.crt)."));
    auto *form = new QFormLayout(fields);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Host or socket folder:"), m_host);
    form->addRow(tr("P&ort:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("&SSL mode:"), m_sslMode);
    return fields;
}

void StoreSettingsPage::connectFields()
{
    for (QRadioButton *radio : {m_thisComputer, m_server})
        connect(radio, &QRadioButton::toggled, this, &StoreSettingsPage::updateAddress);
    for (QLineEdit *edit : {m_host, m_database, m_user})
        connect(edit, &QLineEdit::textChanged, this, &StoreSettingsPage::updateAddress);
    connect(m_port, &QSpinBox::valueChanged, this, &StoreSettingsPage::updateAddress);
    connect(m_sslMode, &QComboBox::currentIndexChanged, this, &StoreSettingsPage::updateAddress);
    connect(m_test, &QPushButton::clicked, this, &StoreSettingsPage::testConnection);
}

void StoreSettingsPage::setLocation(const QString &location)
{
    const auto parsed = StoreLocation::parse(location.trimmed());
    m_sqliteFile = defaultFile();
    m_extraOptions.clear();
    if (!parsed || !parsed->isPostgres()) {
        if (parsed && !parsed->path.isEmpty())
            m_sqliteFile = parsed->path;
        m_thisComputer->setChecked(true);
        updateAddress();
        if (!parsed) // a setting edited by hand: say why it is not shown
            showTestResult(false, parsed.error().message);
        return;
    }
    m_host->setText(parsed->host);
    m_port->setValue(parsed->port > 0 ? parsed->port : 5432);
    m_database->setText(parsed->database);
    m_user->setText(parsed->user);
    QStringList extra;
    m_sslMode->setCurrentText(kDefaultSslMode);
    for (const QString &option : parsed->options.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        if (option.startsWith(QLatin1String("sslmode=")))
            m_sslMode->setCurrentText(option.section(QLatin1Char('='), 1));
        else
            extra.append(option);
    }
    m_extraOptions = extra.join(QLatin1Char(';'));
    m_server->setChecked(true);
    updateAddress();
}

QString StoreSettingsPage::location() const
{
    if (m_thisComputer->isChecked())
        return m_sqliteFile;
    return m_addressProblem->text().isEmpty() ? m_address->text() : QString();
}

QString StoreSettingsPage::locationToSave() const
{
    const QString chosen = location();
    return chosen == defaultFile() ? QString() : chosen;
}

void StoreSettingsPage::updateAddress()
{
    const bool server = m_server->isChecked();
    m_file->setText(tr("Keeps every result in the SQLite file %1.").arg(m_sqliteFile));
    m_file->setEnabled(!server);
    m_serverFields->setEnabled(server);
    QString address = m_sqliteFile;
    QString problem;
    if (server && (m_host->text().trimmed().isEmpty() || m_database->text().trimmed().isEmpty())) {
        address.clear();
        problem = tr("Name the server's host (or socket folder) and the database.");
    } else if (server) {
        StoreLocation chosen;
        chosen.engine = StoreLocation::Engine::Postgres;
        chosen.host = m_host->text().trimmed();
        chosen.port = m_port->value();
        chosen.database = m_database->text().trimmed();
        chosen.user = m_user->text().trimmed();
        QStringList options;
        if (m_sslMode->currentText() != kDefaultSslMode)
            options.append(QStringLiteral("sslmode=") + m_sslMode->currentText());
        if (!m_extraOptions.isEmpty())
            options.append(m_extraOptions);
        chosen.options = options.join(QLatin1Char(';'));
        address = chosen.display();
        if (const auto check = StoreLocation::parse(address); !check)
            problem = check.error().message;
    }
    m_address->setText(address);
    m_address->setCursorPosition(0); // the scheme and the server first; the whole in the tooltip
    m_address->setToolTip(address);
    m_addressProblem->setText(problem);
    m_addressProblem->setVisible(!problem.isEmpty());
    m_test->setEnabled(!m_testing && problem.isEmpty());
    if (!m_testing) // an answer about the address shown before would mislead
        m_testResult->clear();
    Q_EMIT locationChanged(problem.isEmpty());
}

void StoreSettingsPage::testConnection()
{
    const QString address = location();
    if (m_testing || address.isEmpty())
        return;
    m_testing = true;
    m_test->setEnabled(false);
    m_testResult->setStyleSheet(QString());
    m_testResult->setText(tr("Connecting to %1 …").arg(address));
    runInBackground(
        this, [address] { return probe(address); },
        [this, address](const Probe &result) {
            m_testing = false;
            m_test->setEnabled(!location().isEmpty());
            if (address != location()) {
                m_testResult->clear();
                return;
            }
            showTestResult(result.connected, result.message);
            Q_EMIT testFinished(result.connected, result.message);
        });
}

QString StoreSettingsPage::testResult() const
{
    return m_testResult->text();
}

void StoreSettingsPage::showTestResult(bool connected, const QString &message)
{
    m_testResult->setStyleSheet(connected ? QString() : kErrorStyle);
    m_testResult->setText(message);
}

} // namespace tcptune
