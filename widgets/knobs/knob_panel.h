#pragma once
// The knob panel: the catalogue's sysctls with live values, changed ones marked.

#include <QWidget>

class QLabel;
class QTableView;

namespace tcptune {

class KnobTableModel;

class KnobPanel final : public QWidget {
    Q_OBJECT
public:
    explicit KnobPanel(QWidget *parent = nullptr);

    KnobTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

public Q_SLOTS:
    void refresh();

private:
    KnobTableModel *m_model;
    QTableView *m_view;
    QLabel *m_status;
};

} // namespace tcptune
