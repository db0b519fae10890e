#include "widget_texts.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QWidget>

namespace tcptune::test {

namespace {

// Rows of a view read: enough to see every kind of row, few enough for a long history.
constexpr int kRowsPerView = 50;

class Collector final {
public:
    QList<WidgetText> texts;

    void add(const QObject *where, QString text)
    {
        if (Qt::mightBeRichText(text))
            text = QTextDocumentFragment::fromHtml(text).toPlainText();
        text.remove(QRegularExpression(QStringLiteral("&(?=\\S)")));
        if (!text.trimmed().isEmpty())
            texts.append({QStringLiteral("%1 '%2'").arg(QString::fromLatin1(where->metaObject()->className()),
                                                        where->objectName()),
                          text});
    }

    void addWidget(const QWidget *w)
    {
        add(w, w->windowTitle());
        add(w, w->toolTip());
        add(w, w->statusTip());
        add(w, w->whatsThis());
        if (auto *l = qobject_cast<const QLabel *>(w))
            add(w, l->text());
        if (auto *b = qobject_cast<const QAbstractButton *>(w))
            add(w, b->text());
        if (auto *g = qobject_cast<const QGroupBox *>(w))
            add(w, g->title());
        if (auto *e = qobject_cast<const QLineEdit *>(w))
            add(w, e->placeholderText());
        if (auto *t = qobject_cast<const QTextEdit *>(w))
            add(w, t->toPlainText() + QLatin1Char('\n') + t->placeholderText());
        if (auto *t = qobject_cast<const QPlainTextEdit *>(w))
            add(w, t->toPlainText() + QLatin1Char('\n') + t->placeholderText());
        if (auto *s = qobject_cast<const QAbstractSpinBox *>(w))
            add(w, s->specialValueText());
        if (auto *s = qobject_cast<const QSpinBox *>(w))
            add(w, s->prefix() + QLatin1Char(' ') + s->suffix());
        if (auto *c = qobject_cast<const QComboBox *>(w))
            for (int i = 0; i < c->count(); ++i)
                add(w, c->itemText(i) + QLatin1Char('\n') + c->itemData(i, Qt::ToolTipRole).toString());
        if (auto *t = qobject_cast<const QTabWidget *>(w))
            for (int i = 0; i < t->count(); ++i)
                add(w, t->tabText(i) + QLatin1Char('\n') + t->tabToolTip(i));
        if (auto *m = qobject_cast<const QMenu *>(w))
            add(w, m->title());
        if (auto *d = qobject_cast<const QDockWidget *>(w))
            add(w, d->windowTitle());
        // A header shows its view's model, which the view itself reads.
        if (auto *v = qobject_cast<const QAbstractItemView *>(w); v && !qobject_cast<const QHeaderView *>(w))
            addModel(v, v->model());
    }

    void addModel(const QObject *where, const QAbstractItemModel *model)
    {
        if (!model)
            return;
        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)}) {
            for (int c = 0; c < model->columnCount(); ++c)
                add(where, model->headerData(c, Qt::Horizontal, role).toString());
            for (int r = 0; r < qMin(model->rowCount(), kRowsPerView); ++r)
                for (int c = 0; c < model->columnCount(); ++c)
                    add(where, model->index(r, c).data(role).toString());
        }
    }

    void addAction(const QAction *a)
    {
        add(a, a->text());
        add(a, a->toolTip() == QString(a->text()).remove(QLatin1Char('&')) ? QString() : a->toolTip());
        add(a, a->statusTip());
        add(a, a->whatsThis());
    }
};

} // namespace

QList<WidgetText> readableTexts(QWidget *root)
{
    Collector c;
    c.addWidget(root);
    for (const QWidget *w : root->findChildren<QWidget *>())
        c.addWidget(w);
    for (const QAction *a : root->findChildren<QAction *>())
        c.addAction(a);
    return c.texts;
}

} // namespace tcptune::test
