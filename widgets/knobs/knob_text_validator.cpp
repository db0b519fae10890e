#include "knobs/knob_text_validator.h"

#include "knobs/knob_info.h"
#include "knobs/knob_value.h"

namespace tcptune {

KnobTextValidator::KnobTextValidator(const KnobInfo &knob, QObject *parent)
    : QValidator(parent)
    , m_knob(knob)
{
}

QValidator::State KnobTextValidator::validate(QString &input, int &pos) const
{
    Q_UNUSED(pos);
    const Result<QString> parsed = knobvalue::parse(m_knob, input);
    m_problem = parsed ? QString() : parsed.error().message;
    // Half-typed values ("25", "256k" on the way to "256kb") must stay editable.
    return parsed ? Acceptable : Intermediate;
}

} // namespace tcptune
