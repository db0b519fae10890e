#pragma once
// `tcptune check --junit FILE`: a RegressionCheck as JUnit XML as Jenkins' xUnit plugin and
// GitLab read it (the schema Jenkins validates against: junit-10.xsd). One test case per point
// and gated metric: a regression is a failure, an undecided metric is skipped with the repeats
// that would decide it, a baseline point the candidate did not run is an error.

#include "experiment/tables/regression_check.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace tcptune {

// HOST: the machine the check ran on; WHEN: when it ran; SECONDS: how long it took.
QByteArray regressionCheckJUnit(const RegressionCheck &check, const QString &host, const QDateTime &when,
                                double seconds);

} // namespace tcptune
