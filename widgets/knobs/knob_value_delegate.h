#pragma once
// Editors for the knob table's value column, by knob type: a switch (check box) for on/off
// knobs, a spin box with the unit for numbers, a combo box of the kernel's choices for enums,
// and a line edit for the three sizes of tcp_wmem/tcp_rmem.

#include <QStyledItemDelegate>

namespace tcptune {

class KnobValueDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
};

} // namespace tcptune
