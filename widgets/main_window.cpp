#include "main_window.h"

#include "knobs/knob_panel.h"

#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>

namespace tcptune {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_knobPanel(new KnobPanel(this))
{
    setWindowTitle(tr("tcptune — TCP tuning workbench"));
    setCentralWidget(m_knobPanel);
    buildMenus();
    resize(1100, 700);
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    quit->setObjectName(QStringLiteral("actionQuit"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About tcptune"), this, [this] {
        QMessageBox::about(this, tr("About tcptune"),
                           tr("tcptune %1: a workbench for Linux TCP tuning.").arg(QStringLiteral(TCPTUNE_VERSION)));
    });
}

} // namespace tcptune
