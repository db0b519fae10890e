#pragma once
// Checks what is typed into a knob editor with the knob catalogue's own parser (the one the
// helper, specs and sweeps use), so "256K", "4M" or "unlimited" mean here what they mean
// everywhere else. Text the parser refuses stays editable (Intermediate) and the reason is
// kept for the editor's tooltip.

#include <QValidator>

namespace tcptune {

struct KnobInfo;

class KnobTextValidator final : public QValidator {
    Q_OBJECT
public:
    // KNOB must outlive the validator (catalogue entries live for the whole program).
    KnobTextValidator(const KnobInfo &knob, QObject *parent = nullptr);

    State validate(QString &input, int &pos) const override;
    // The parser's message for the last refused text; empty when the text is a value.
    QString problem() const { return m_problem; }

private:
    const KnobInfo &m_knob;
    mutable QString m_problem;
};

} // namespace tcptune
