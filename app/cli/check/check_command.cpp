#include "cli/check/check_command.h"
#include "cli/command.h"

#include "cli/console.h"
#include "cli/sweep/sweep_command.h"
#include "experiment/record/experiment_name.h"
#include "experiment/store/result_store.h"
#include "experiment/tables/regression_check.h"
#include "experiment/tables/regression_check_junit.h"
#include "experiment/tables/regression_check_markdown.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSysInfo>
#include <QSaveFile>

namespace tcptune::cli {
namespace {

// CheckCommand::tr(): lupdate files this file's text under the context that tr() looks it up in.
class CheckCommand final {
    Q_DECLARE_TR_FUNCTIONS(CheckCommand)
};

constexpr int kCannotCheck = 3;

void addOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(CheckCommand::tr(
        "Runs a spec and compares it with a stored baseline: exit 0 without a significant regression beyond the "
        "limits, 1 with one, 2 when the runs are too noisy or too few to decide, 3 when the check could not be "
        "made."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("check"), CheckCommand::tr("Check for a regression."));
    addSweepArguments(parser);
    parser.addOptions({
        {QStringLiteral("baseline"),
         CheckCommand::tr("The stored experiment to compare with: its id or a tag ('tcptune results tag ID NAME')."),
         QStringLiteral("EXPERIMENT|TAG")},
        {QStringLiteral("max-regression"),
         CheckCommand::tr("The largest change for the worse that passes, in % of the baseline: one figure for "
                          "throughput, RTT median and RTT p95 (default 5), or per metric: throughput=3,rtt_p95=20."),
         QStringLiteral("PCT")},
        {QStringLiteral("junit"), CheckCommand::tr("Also write the outcome as JUnit XML (Jenkins, GitLab) to FILE."),
         QStringLiteral("FILE")},
        {QStringLiteral("markdown"), CheckCommand::tr("Also write a Markdown summary (a merge request's) to FILE."),
         QStringLiteral("FILE")},
    });
}

// A file the check will write: its folder must exist and take files, so that a long run is not
// lost to a typo at its end.
[[nodiscard]] Result<void> checkWritable(const QCommandLineParser &parser, const QString &option)
{
    if (!parser.isSet(option))
        return {};
    const QFileInfo file(parser.value(option));
    const QFileInfo folder(file.absolutePath());
    if (!folder.isDir() || !folder.isWritable())
        return fail(CheckCommand::tr("--%1: cannot write into %2; give a file in a folder that exists and is yours.")
                        .arg(option, QDir::toNativeSeparators(file.absolutePath())));
    return {};
}

[[nodiscard]] Result<void> writeFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(CheckCommand::tr("Could not write %1: %2").arg(path, file.errorString()));
    return {};
}

void printCheck(const RegressionCheck &check)
{
    out() << CheckCommand::tr("%1 against the baseline %2:")
                 .arg(experimentName(check.diff.b), experimentName(check.diff.a))
          << '\n';
    for (const MetricCheck &c : check.checks)
        out() << QStringLiteral("  ") << (c.point.isEmpty() ? QString() : c.point + QStringLiteral(": "))
              << c.sentence() << '\n';
    for (const QString &label : check.diff.onlyInA)
        out() << CheckCommand::tr("  %1: in the baseline, not run by this check").arg(label) << '\n';
    switch (check.exitCode()) {
    case 0: out() << CheckCommand::tr("No significant regression beyond the limits.") << '\n'; break;
    case 1:
        out() << CheckCommand::tr("Regression: %n metric(s) significantly worse beyond the limit.", "",
                                  check.count(CheckOutcome::Regression))
              << '\n';
        break;
    default:
        out() << CheckCommand::tr("Undecided: no significant regression, but not every metric could be decided; "
                                  "run more repeats (--repeats) or longer runs (--duration).")
              << '\n';
    }
    out().flush();
}

// Compares the sweep that ran (CANDIDATE) with BASELINE and writes what the options ask for.
int judge(const QCommandLineParser &parser, const RegressionLimits &limits, qint64 baseline, qint64 candidate,
          double seconds)
{
    ResultStore store;
    if (auto r = store.open(sweepStorePath(parser)); !r)
        return failWith(r.error().message, kCannotCheck);
    auto diff = diffExperiments(store, baseline, candidate);
    if (!diff)
        return failWith(diff.error().message, kCannotCheck);
    const RegressionCheck check = checkRegressions(std::move(*diff), limits);
    printCheck(check);
    if (parser.isSet(QStringLiteral("junit")))
        if (auto r = writeFile(
                parser.value(QStringLiteral("junit")),
                regressionCheckJUnit(check, QSysInfo::machineHostName(), QDateTime::currentDateTimeUtc(), seconds));
            !r)
            return failWith(r.error().message, kCannotCheck);
    if (parser.isSet(QStringLiteral("markdown")))
        if (auto r = writeFile(parser.value(QStringLiteral("markdown")), regressionCheckMarkdown(check).toUtf8()); !r)
            return failWith(r.error().message, kCannotCheck);
    return check.exitCode();
}

} // namespace

int runCheckCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addOptions(parser);
    // A bad command line cannot check anything: 3, not the 2 of "undecided" that a CI job reads.
    if (const auto done = parseArguments(parser, args, QStringLiteral("check")))
        return *done == 0 ? 0 : kCannotCheck;
    // Everything the user can get wrong is checked before the sweep runs.
    if (!parser.isSet(QStringLiteral("baseline")))
        return failWith(CheckCommand::tr("Give the experiment to compare with: --baseline ID or --baseline TAG "
                                         "('tcptune results list' shows the stored ones)."),
                        kCannotCheck);
    auto limits = parser.isSet(QStringLiteral("max-regression"))
                      ? RegressionLimits::parse(parser.value(QStringLiteral("max-regression")))
                      : Result<RegressionLimits>(RegressionLimits());
    if (!limits)
        return failWith(limits.error().message, kCannotCheck);
    for (const QString &option : {QStringLiteral("junit"), QStringLiteral("markdown")})
        if (auto writable = checkWritable(parser, option); !writable)
            return failWith(writable.error().message, kCannotCheck);
    qint64 baseline = 0;
    {
        ResultStore store;
        if (auto r = store.open(sweepStorePath(parser)); !r)
            return failWith(r.error().message, kCannotCheck);
        auto resolved = store.resolveExperiment(parser.value(QStringLiteral("baseline")));
        if (!resolved)
            return failWith(resolved.error().message, kCannotCheck);
        baseline = *resolved;
    }
    QElapsedTimer clock;
    clock.start();
    const NamedSweep sweep = runNamedSweep(parser);
    if (sweep.exitCode != 0)
        return failWith(sweep.message, sweep.exitCode == 130 ? 130 : kCannotCheck);
    return judge(parser, *limits, baseline, sweep.experimentId, double(clock.elapsed()) / 1000);
}

} // namespace tcptune::cli

TCPTUNE_REGISTER_COMMAND("check",
                         QT_TRANSLATE_NOOP("CommandSummary",
                                           "Run a spec and fail on a significant regression against a baseline "
                                           "(exit 0, 1, 2 undecided)"),
                         tcptune::cli::runCheckCommand)
