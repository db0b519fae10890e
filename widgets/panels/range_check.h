#pragma once
// Refuses an out-of-range number at its field, with the range, as the CLI does: never clamps it.
// A QSpinBox clamps silently (MTU 100000 typed became 10000, the sixth digit dropped; a duration of
// 0 went back to 3.0 s on leaving the field). The box's own range is widened so that whatever is
// typed stays; the allowed range is checked here: the field turns red, its tooltip and a line under
// it say the range, and the panel's applyTo() refuses the run with the same sentence.

#include "common/error.h"

#include <QObject>
#include <QString>

#include <functional>

class QAbstractSpinBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace tcptune {

class RangeCheck final : public QObject {
    Q_OBJECT
public:
    // FIELD names the box in messages ("MTU"); UNIT follows the numbers (" s"), may be empty.
    RangeCheck(QSpinBox *box, const QString &field, int min, int max, const QString &unit = {});
    RangeCheck(QDoubleSpinBox *box, const QString &field, double min, double max, const QString &unit = {});

    bool isValid() const;
    // Nothing when the value is allowed; else the sentence the field shows.
    [[nodiscard]] Result<void> check() const;
    // The line under the field that says why its value is refused (hidden while it is allowed).
    QLabel *message() const { return m_message; }
    QString rangeText() const;

private:
    void setUp(QAbstractSpinBox *box);
    void update();
    QString number(double v) const;

    QAbstractSpinBox *m_box;
    std::function<double()> m_value;
    QString m_field;
    QString m_unit;
    QString m_help; // the box's own tooltip, kept above the range
    double m_min;
    double m_max;
    int m_decimals;
    QLabel *m_message;
};

} // namespace tcptune
