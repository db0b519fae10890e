#include "panels/help_menu.h"

#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tcptune {
namespace {

QTableWidget *table(QDialog *dialog, const QStringList &headers)
{
    auto *t = new QTableWidget(dialog);
    t->setColumnCount(int(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setWordWrap(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return t;
}

QDialog *dialogWith(QWidget *parent, const QString &title, const QString &intro, QTableWidget *(*fill)(QDialog *))
{
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto *layout = new QVBoxLayout(dialog);
    auto *text = new QLabel(intro, dialog);
    text->setWordWrap(true);
    layout->addWidget(text);
    layout->addWidget(fill(dialog), 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(900, 560);
    return dialog;
}

QTableWidget *knobTable(QDialog *dialog)
{
    QTableWidget *t = table(dialog, {HelpMenu::tr("Knob"), HelpMenu::tr("What it does"), HelpMenu::tr("Kernel default"),
                                     HelpMenu::tr("Story")});
    const QList<KnobInfo> &knobs = KnobCatalogue::instance().all();
    t->setRowCount(int(knobs.size()));
    for (int row = 0; row < knobs.size(); ++row) {
        const KnobInfo &k = knobs[row];
        t->setItem(row, 0, new QTableWidgetItem(k.key));
        t->setItem(row, 1, new QTableWidgetItem(k.translatedDescription()));
        t->setItem(row, 2,
                   new QTableWidgetItem(k.defaultValue.isEmpty() ? QStringLiteral("-")
                                                                 : knobvalue::formatHuman(k, k.defaultValue)));
        t->setItem(row, 3, new QTableWidgetItem(k.story));
    }
    t->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    return t;
}

QTableWidget *shortcutTable(QDialog *dialog)
{
    QTableWidget *t = table(dialog, {HelpMenu::tr("Action"), HelpMenu::tr("Keys")});
    for (QAction *action : dialog->parentWidget()->findChildren<QAction *>()) {
        if (action->shortcuts().isEmpty() || action->text().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            keys.append(key.toString(QKeySequence::NativeText));
        const int row = t->rowCount();
        t->insertRow(row);
        t->setItem(row, 0, new QTableWidgetItem(action->text().remove(QLatin1Char('&'))));
        t->setItem(row, 1, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
    }
    t->sortItems(0);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    return t;
}

} // namespace

HelpMenu::HelpMenu(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    QMenu *help = window->menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("menuHelp"));
    QAction *knobs = help->addAction(tr("&What the knobs mean"), this, [this] { knobGuide()->show(); });
    knobs->setObjectName(QStringLiteral("actionKnobGuide"));
    knobs->setShortcut(QKeySequence::HelpContents);
    QAction *keys = help->addAction(tr("&Keyboard shortcuts"), this, [this] { shortcutList()->show(); });
    keys->setObjectName(QStringLiteral("actionShortcuts"));
    help->addSeparator();
    QAction *about = help->addAction(tr("&About tcptune"), this, [this] {
        QMessageBox::about(m_window, tr("About tcptune"),
                           tr("tcptune %1: a workbench for Linux TCP tuning. Every knob it changes is "
                              "rolled back, even after a crash; 'man tcptune' describes the commands.")
                               .arg(QStringLiteral(TCPTUNE_VERSION)));
    });
    about->setObjectName(QStringLiteral("actionAbout"));
}

QDialog *HelpMenu::knobGuide() const
{
    return dialogWith(m_window, tr("What the knobs mean"),
                      tr("The knobs tcptune can change, what each does, the kernel's default and the story "
                         "(Help > stories in the documentation) it matters for."),
                      knobTable);
}

QDialog *HelpMenu::shortcutList() const
{
    return dialogWith(m_window, tr("Keyboard shortcuts"), tr("Keys of the workbench's commands."), shortcutTable);
}

} // namespace tcptune
