#include "panels/message_banner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace tcptune {

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_close->setText(QStringLiteral("×"));
    m_close->setToolTip(tr("Close this message"));
    m_close->setAutoRaise(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void MessageBanner::showMessage(const QString &text, Level level)
{
    m_level = level;
    m_text->setText(text);
    QPalette p = palette();
    const QColor colour = level == Level::Error     ? QColor(253, 226, 226)
                          : level == Level::Warning ? QColor(255, 243, 205)
                                                    : QColor(220, 236, 252);
    p.setColor(QPalette::Window, colour);
    setPalette(p);
    show();
}

QString MessageBanner::text() const
{
    return m_text->text();
}

} // namespace tcptune
