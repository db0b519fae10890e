#pragma once
// What the parts of ExperimentSpec share: the error that names the spec field it is about. Private
// to the spec, whose parts are experiment_spec.cpp (the struct's own small methods: its ends,
// knobs by kind, a parameter's value as text), experiment_spec_validate.cpp (the checks: the list
// of ends, far knobs, knob keys, a parameter's value and its range), experiment_spec_parse.cpp
// (JSON to ExperimentSpec, field by field) and experiment_spec_json.cpp (ExperimentSpec to JSON).

#include "common/error.h"

#include <QString>

namespace tcptune {

namespace specerror {
// "Spec field 'FIELD': PROBLEM", in ExperimentSpec's tr() context.
Error fieldError(const QString &field, const QString &problem);
} // namespace specerror

} // namespace tcptune
