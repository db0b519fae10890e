#pragma once
// Every text a user can read in a widget tree: titles, labels, buttons, menus and actions, tabs,
// combo box items, placeholders, tooltips, and the headers and cells of item views.

#include <QStringList>

class QWidget;

namespace tcptune::test {

struct WidgetText {
    QString where; // class and object name of the widget it was found in
    QString text;  // plain text, without mnemonics or HTML
};

QList<WidgetText> readableTexts(QWidget *root);

} // namespace tcptune::test
