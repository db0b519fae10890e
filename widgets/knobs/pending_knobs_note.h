#pragma once
// The knobs a reopened session set by hand, shown above the knob table until a run sets them:
// opening a session changes nothing on the system, so they are not in the table's values. The
// next run sets them at its end (as the run's own knobs, put back after it); Forget drops them,
// and a knob the user then sets by hand leaves the list (the table shows it).

#include <QMap>
#include <QWidget>

class QLabel;
class QPushButton;

namespace tcptune {

class PendingKnobsNote final : public QWidget {
    Q_OBJECT
public:
    explicit PendingKnobsNote(QWidget *parent = nullptr);

    // Key -> canonical value; empty hides the note.
    void setKnobs(const QMap<QString, QString> &knobs);
    const QMap<QString, QString> &knobs() const { return m_knobs; }
    void remove(const QString &key);
    QString text() const;

Q_SIGNALS:
    void knobsChanged();

private:
    void showKnobs();

    QMap<QString, QString> m_knobs;
    QLabel *m_text;
    QPushButton *m_forget;
};

} // namespace tcptune
