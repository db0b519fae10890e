#pragma once
// The workbench window: composes the panels; owns no logic of its own.

#include <QMainWindow>

namespace tcptune {

class KnobPanel;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    KnobPanel *knobPanel() const { return m_knobPanel; }

private:
    void buildMenus();

    KnobPanel *m_knobPanel;
};

} // namespace tcptune
