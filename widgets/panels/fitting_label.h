#pragma once
// A word-wrapped label that is never given fewer lines than its text needs at its width. QLabel's
// own minimum height is that of some other width, and a splitter does not ask heightForWidth, so
// a long text (the A/B summary, a run's verdict) lost its last lines at 1280x800 in German. Here
// the minimum height is the text's at the current width, asked again whenever the width changes.

#include <QLabel>

namespace tcptune {

class FittingLabel final : public QLabel {
    Q_OBJECT
public:
    explicit FittingLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
};

} // namespace tcptune
