#pragma once
// File > Settings...: the workbench's settings, for now where its results are kept (the Result
// store group, StoreSettingsPage). OK saves them in the application's QSettings; the choice
// takes effect at once, since ResultStore::defaultPath() reads it at every open.

#include <QDialog>

class QDialogButtonBox;

namespace tcptune {

class StoreSettingsPage;

class SettingsDialog final : public QDialog {
    Q_OBJECT
public:
    // Shows the saved settings.
    explicit SettingsDialog(QWidget *parent = nullptr);

    StoreSettingsPage *storePage() const { return m_store; }
    QDialogButtonBox *buttons() const { return m_buttons; }

    // Saves the settings and closes; storeChanged() when the store is another than before.
    void accept() override;

Q_SIGNALS:
    void storeChanged(const QString &location);

private:
    StoreSettingsPage *m_store;
    QDialogButtonBox *m_buttons;
};

} // namespace tcptune
