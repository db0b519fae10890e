#include "knobs/knob_value_delegate.h"

#include "knobs/knob_catalogue.h"
#include "knobs/knob_table_model.h"
#include "knobs/knob_text_validator.h"
#include "knobs/knob_value.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>

namespace tcptune {
namespace {

const KnobInfo *knobAt(const QModelIndex &index)
{
    return KnobCatalogue::instance().find(index.data(KnobTableModel::KeyRole).toString());
}

// Numbers and triples are typed as people write them ("256K", "4M", "4096 16K 4M") and read by
// the catalogue's parser: a spin box would take "256K" for 256.
QLineEdit *textEditor(const KnobInfo &knob, QWidget *parent)
{
    auto *edit = new QLineEdit(parent);
    const bool triple = knob.type == ValueType::Triple;
    edit->setObjectName(triple ? QStringLiteral("knobTriple") : QStringLiteral("knobNumber"));
    if (triple)
        edit->setPlaceholderText(KnobValueDelegate::tr("min default max, e.g. 4096 16K 4M"));
    else if (knob.type == ValueType::Qdisc)
        edit->setPlaceholderText(KnobValueDelegate::tr("as tc takes it, e.g. tbf rate 50mbit burst 32kb latency 50ms"));
    else
        edit->setPlaceholderText(knobvalue::exampleFor(knob.unit));
    auto *validator = new KnobTextValidator(knob, edit);
    edit->setValidator(validator);
    QObject::connect(edit, &QLineEdit::textEdited, edit, [edit, validator] {
        edit->setToolTip(validator->problem());
        edit->setStyleSheet(validator->problem().isEmpty() ? QString() : QStringLiteral("color: #b00020;"));
    });
    return edit;
}

// A number as the table shows it ("256KiB", "unlimited") when the parser reads exactly that
// value back; else the kernel's digits, so that confirming an editor never changes a value.
QString editableText(const KnobInfo *knob, const QString &canonical)
{
    if (!knob || knob->type != ValueType::Integer)
        return canonical;
    const QString human = knobvalue::formatHuman(*knob, canonical).remove(QLatin1Char(' '));
    const Result<QString> back = knobvalue::parse(*knob, human);
    return back && knobvalue::sameValue(*back, canonical) ? human : canonical;
}

} // namespace

QWidget *KnobValueDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                         const QModelIndex &index) const
{
    const KnobInfo *knob = knobAt(index);
    if (!knob || (index.column() != KnobTableModel::ValueColumn && index.column() != KnobTableModel::RemoteColumn))
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
    case ValueType::Integer:
    case ValueType::Triple:
    case ValueType::Qdisc: return textEditor(*knob, parent);
    case ValueType::Enum: {
        auto *combo = new QComboBox(parent);
        combo->setObjectName(QStringLiteral("knobChoice"));
        // The kernel's own list: this one's for the local value, the far one's for the Remote
        // column (setEditorData adds the current value when a list is missing).
        combo->addItems(index.data(KnobTableModel::ChoicesRole).toStringList());
        connect(combo, &QComboBox::activated, this,
                [this, combo] { Q_EMIT const_cast<KnobValueDelegate *>(this)->commitData(combo); });
        return combo;
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
    } else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        const QSignalBlocker block(combo);
        if (combo->findText(value) < 0)
            combo->addItem(value);
        combo->setCurrentText(value);
    } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        edit->setText(editableText(knobAt(index), value));
        edit->selectAll();
    } else {
        QStyledItemDelegate::setEditorData(editor, index);
    }
}

void KnobValueDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    if (auto *box = qobject_cast<QCheckBox *>(editor))
        model->setData(index, box->isChecked() ? QStringLiteral("1") : QStringLiteral("0"));
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        model->setData(index, combo->currentText());
    else if (auto *edit = qobject_cast<QLineEdit *>(editor))
        setTypedValue(edit, model, index);
    else
        QStyledItemDelegate::setModelData(editor, model, index);
}

} // namespace tcptune

namespace tcptune {

void KnobValueDelegate::setTypedValue(QLineEdit *edit, QAbstractItemModel *model, const QModelIndex &index) const
{
    const KnobInfo *knob = knobAt(index);
    if (!knob)
        return;
    // Canonical text to the model; a refused value is not sent (the editor showed why).
    if (const Result<QString> parsed = knobvalue::parse(*knob, edit->text()); parsed)
        model->setData(index, *parsed);
}

} // namespace tcptune
