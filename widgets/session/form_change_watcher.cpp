#include "session/form_change_watcher.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSpinBox>

namespace tcptune {

FormChangeWatcher::FormChangeWatcher(QObject *parent)
    : QObject(parent)
{
}

void FormChangeWatcher::watch(QWidget *form)
{
    // Editable choices hold a line edit; a spin box's own line edit is set with its signals
    // blocked, so spin boxes are watched themselves.
    for (QLineEdit *edit : form->findChildren<QLineEdit *>())
        connect(edit, &QLineEdit::textChanged, this, &FormChangeWatcher::note);
    for (QSpinBox *box : form->findChildren<QSpinBox *>())
        connect(box, &QSpinBox::textChanged, this, &FormChangeWatcher::note);
    for (QDoubleSpinBox *box : form->findChildren<QDoubleSpinBox *>())
        connect(box, &QDoubleSpinBox::textChanged, this, &FormChangeWatcher::note);
    for (QComboBox *box : form->findChildren<QComboBox *>())
        connect(box, &QComboBox::currentIndexChanged, this, &FormChangeWatcher::note);
    for (QAbstractButton *button : form->findChildren<QAbstractButton *>())
        if (button->isCheckable())
            connect(button, &QAbstractButton::toggled, this, &FormChangeWatcher::note);
}

void FormChangeWatcher::note()
{
    if (!m_paused)
        Q_EMIT changed();
}

} // namespace tcptune
