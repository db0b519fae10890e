#pragma once
// The Help menu: what each knob means (the catalogue, translated, with defaults and the story it
// matters for), the keyboard shortcuts of the window's actions, and About. Self-contained, so
// the main window adds it with one line.

#include <QObject>

class QDialog;
class QMainWindow;

namespace tcptune {

class HelpMenu final : public QObject {
    Q_OBJECT
public:
    // Adds the menu to WINDOW's menu bar; call after the other menus so it comes last.
    explicit HelpMenu(QMainWindow *window);

    // The dialogs, built on demand (tests open them without exec()).
    QDialog *knobGuide() const;
    QDialog *shortcutList() const;

private:
    QMainWindow *m_window;
};

} // namespace tcptune
