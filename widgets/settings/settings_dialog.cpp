#include "settings/settings_dialog.h"

#include "common/saved_store.h"
#include "experiment/store/result_store.h"
#include "settings/store_settings_page.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace tcptune {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent)
    , m_store(new StoreSettingsPage(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setWindowTitle(tr("Settings — tcptune"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_store);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    // An incomplete server address is not saved.
    connect(m_store, &StoreSettingsPage::locationChanged, this,
            [this](bool complete) { m_buttons->button(QDialogButtonBox::Ok)->setEnabled(complete); });
    m_store->setLocation(savedstore::location());
    resize(sizeHint().expandedTo(QSize(620, 0)));
}

void SettingsDialog::accept()
{
    if (m_store->location().isEmpty())
        return;
    const QString before = ResultStore::defaultPath();
    savedstore::save(m_store->locationToSave());
    QDialog::accept();
    if (const QString after = ResultStore::defaultPath(); after != before)
        Q_EMIT storeChanged(after);
}

} // namespace tcptune
