#include "knobs/knob_value_delegate.h"

#include "knobs/knob_catalogue.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_value.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>

namespace tcptune {
namespace {

const KnobInfo *knobAt(const QModelIndex &index)
{
    return KnobCatalogue::instance().find(index.data(KnobTableModel::KeyRole).toString());
}

} // namespace

QWidget *KnobValueDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                         const QModelIndex &index) const
{
    const KnobInfo *knob = knobAt(index);
    if (!knob || index.column() != KnobTableModel::ValueColumn)
        return QStyledItemDelegate::createEditor(parent, option, index);
    switch (knob->type) {
    case ValueType::Bool: {
        auto *box = new QCheckBox(parent);
        box->setObjectName(QStringLiteral("knobSwitch"));
        box->setAutoFillBackground(true);
        // A switch acts at once: toggling commits, like flipping it in a settings page.
        connect(box, &QCheckBox::toggled, this, [this, box](bool on) {
            box->setText(on ? tr("on") : tr("off"));
            Q_EMIT const_cast<KnobValueDelegate *>(this)->commitData(box);
        });
        return box;
    }
    case ValueType::Integer: {
        // A double spin box with no decimals: the ranges exceed int (tcp_notsent_lowat).
        auto *spin = new QDoubleSpinBox(parent);
        spin->setObjectName(QStringLiteral("knobSpin"));
        spin->setDecimals(0);
        spin->setRange(double(knob->minimum), double(knob->maximum));
        const QString unit = unitName(knob->unit);
        if (!unit.isEmpty())
            spin->setSuffix(QLatin1Char(' ') + unit);
        spin->setGroupSeparatorShown(true);
        return spin;
    }
    case ValueType::Enum: {
        auto *combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("knobChoice"));
        combo->addItems(knobvalue::allowedValues(*knob));
        connect(combo, &QComboBox::activated, this,
                [this, combo] { Q_EMIT const_cast<KnobValueDelegate *>(this)->commitData(combo); });
        return combo;
    }
    case ValueType::Triple: {
        auto *edit = new QLineEdit(parent);
        edit->setObjectName(QStringLiteral("knobTriple"));
        edit->setPlaceholderText(tr("min default max, e.g. 4096 16K 4M"));
        return edit;
    }
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void KnobValueDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    const QString value = index.data(Qt::EditRole).toString();
    if (auto *box = qobject_cast<QCheckBox *>(editor)) {
        const QSignalBlocker block(box);
        box->setChecked(value == QLatin1String("1"));
        box->setText(box->isChecked() ? tr("on") : tr("off"));
    } else if (auto *spin = qobject_cast<QDoubleSpinBox *>(editor)) {
        spin->setValue(value.toDouble());
    } else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        const QSignalBlocker block(combo);
        if (combo->findText(value) < 0)
            combo->addItem(value);
        combo->setCurrentText(value);
    } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        edit->setText(value);
    } else {
        QStyledItemDelegate::setEditorData(editor, index);
    }
}

void KnobValueDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    if (auto *box = qobject_cast<QCheckBox *>(editor))
        model->setData(index, box->isChecked() ? QStringLiteral("1") : QStringLiteral("0"));
    else if (auto *spin = qobject_cast<QDoubleSpinBox *>(editor))
        model->setData(index, QString::number(qint64(spin->value())));
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        model->setData(index, combo->currentText());
    else if (auto *edit = qobject_cast<QLineEdit *>(editor))
        model->setData(index, edit->text());
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace tcptune
