#pragma once
// Tells when the user changed a field of the watched widgets (text, choices, check boxes, spin
// boxes: their line edits), for the window's modified marker. Changes made while it is paused
// (a session being applied) do not count.

#include <QObject>

namespace tcptune {

class FormChangeWatcher final : public QObject {
    Q_OBJECT
public:
    explicit FormChangeWatcher(QObject *parent = nullptr);

    // Watches every field inside FORM that exists now.
    void watch(QWidget *form);
    void setPaused(bool paused) { m_paused = paused; }
    bool isPaused() const { return m_paused; }

Q_SIGNALS:
    void changed();

private:
    void note();

    bool m_paused = false;
};

} // namespace tcptune
