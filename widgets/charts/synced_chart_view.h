#pragma once
// One chart of ThroughputRttView: turns wheel and drag into zoom and pan requests on the time
// axis (the owner applies them to both charts) and draws the crosshair it is told to draw.

#include <QChartView>

#include <optional>

class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QValueAxis;

namespace tcptune {

class SyncedChartView final : public QChartView {
    Q_OBJECT
public:
    SyncedChartView(QChart *chart, QValueAxis *timeAxis, QWidget *parent = nullptr);

    // Draws a vertical line at time X with TEXT beside it; hidden when X is outside the axis.
    void showCrosshair(double x, const QString &text);
    void hideCrosshair();
    // Where the crosshair's label is drawn, in scene coordinates; empty when hidden (tests).
    QRectF crosshairLabelRect() const;
    QRectF plotArea() const { return chart()->plotArea(); }

    // Time at a widget x coordinate, from the axis range and the plot area.
    double timeAt(double widgetX) const;

Q_SIGNALS:
    void zoomRequested(double factor, double anchorTime);
    void panRequested(double deltaTime);
    void resetRequested();
    void hovered(double time);
    void left();
    void resized();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    QValueAxis *m_timeAxis;
    QGraphicsLineItem *m_line;
    QGraphicsRectItem *m_labelBack;
    QGraphicsSimpleTextItem *m_label;
    std::optional<double> m_dragFrom;
};

} // namespace tcptune
