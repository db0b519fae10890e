#pragma once
// A non-modal strip above the charts for the helper's, the lab's or the agent's messages: the
// work goes on while it shows, and the user closes it when read.

#include <QFrame>

#include <functional>

class QLabel;
class QPushButton;
class QToolButton;

namespace tcptune {

class MessageBanner final : public QFrame {
    Q_OBJECT
public:
    enum class Level { Info, Warning, Error };

    explicit MessageBanner(QWidget *parent = nullptr);

    void showMessage(const QString &text, Level level = Level::Info);
    // Shows a button beside the message that calls ACTION once (hidden with the next message).
    void setAction(const QString &label, std::function<void()> action);
    QPushButton *actionButton() const { return m_action; }
    QString text() const;
    Level level() const { return m_level; }

private:
    QLabel *m_text;
    QToolButton *m_close;
    QPushButton *m_action;
    std::function<void()> m_callback;
    Level m_level = Level::Info;
};

} // namespace tcptune
