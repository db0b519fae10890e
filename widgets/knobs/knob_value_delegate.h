#pragma once
// Editors for the knob table's value column, by knob type: a switch (check box) for on/off
// knobs, a combo box of the kernel's choices for enums, and a line edit read by the knob
// catalogue's parser for numbers ("256K", "4M", "unlimited") and the three sizes of
// tcp_wmem/tcp_rmem.

#include <QStyledItemDelegate>

class QLineEdit;

namespace tcptune {

class KnobValueDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    void setTypedValue(QLineEdit *edit, QAbstractItemModel *model, const QModelIndex &index) const;
};

} // namespace tcptune
