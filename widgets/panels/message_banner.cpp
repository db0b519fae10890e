#include "panels/message_banner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

namespace tcptune {

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_close(new QToolButton(this))
    , m_action(new QPushButton(this))
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
    m_action->setObjectName(QStringLiteral("bannerAction"));
    m_action->hide();
    layout->addWidget(m_action, 0, Qt::AlignTop);
    connect(m_action, &QPushButton::clicked, this, [this] {
        m_action->hide();
        if (auto callback = std::exchange(m_callback, {}))
            callback();
    });
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void MessageBanner::showMessage(const QString &text, Level level)
{
    m_level = level;
    m_text->setText(text);
    m_action->hide();
    m_callback = {};
    QPalette p = palette();
    const QColor colour = level == Level::Error     ? QColor(253, 226, 226)
                          : level == Level::Warning ? QColor(255, 243, 205)
                                                    : QColor(220, 236, 252);
    p.setColor(QPalette::Window, colour);
    setPalette(p);
    show();
}

void MessageBanner::setAction(const QString &label, std::function<void()> action)
{
    m_action->setText(label);
    m_callback = std::move(action);
    m_action->show();
}

QString MessageBanner::text() const
{
    return m_text->text();
}

} // namespace tcptune
