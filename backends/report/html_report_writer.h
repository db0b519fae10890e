#pragma once
// One self-contained HTML file (well-formed XHTML, so XML tools read it too): the facts, the
// story 5 table, the charts as inline SVG, every run, the knobs of both ends, the spec and the
// command that reruns it. Failures and flags come first, where nobody can miss them.

#include "common/error.h"
#include "report/report_model.h"

namespace tcptune {

class HtmlReportWriter final {
public:
    static QByteArray render(const ReportModel &model);
    [[nodiscard]] static Result<QStringList> write(const ReportModel &model, const QString &path);
    // SVG text without its XML prolog, ready to inline.
    static QByteArray inlineSvg(const QByteArray &svg);
};

} // namespace tcptune
