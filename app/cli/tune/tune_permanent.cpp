#include "cli/tune/tune_permanent.h"

#include "cli/console.h"
#include "experiment/spec/experiment_spec.h"
#include "helper/helper_protocol.h"
#include "experiment/tune/tune_exports.h"
#include "helper/permanent_sysctls.h"

#include <QCommandLineParser>

#include <algorithm>

namespace tcptune::cli {
namespace {

const QString kMake = QStringLiteral("make-permanent");
const QString kUndo = QStringLiteral("undo");
const QString kList = QStringLiteral("list-permanent");

QString describe(const PermanentSysctls &setting)
{
    QStringList lines{QStringLiteral("%1 (%2):").arg(setting.name, setting.path)};
    for (auto it = setting.sysctls.cbegin(); it != setting.sysctls.cend(); ++it)
        lines.append(QStringLiteral("  %1 = %2").arg(it.key(), it.value()));
    return lines.join(QLatin1Char('\n'));
}

int printPermanent(HelperConnection &helper)
{
    auto settings = listPermanent(helper);
    if (!settings)
        return failWith(settings.error().message, 1);
    if (settings->isEmpty())
        out() << TunePermanent::tr("No permanent settings: 'tcptune tune SPEC --make-permanent NAME' makes one.")
              << '\n';
    for (const PermanentSysctls &setting : std::as_const(*settings))
        out() << describe(setting) << '\n';
    out().flush();
    return 0;
}

} // namespace

void TunePermanent::add(QCommandLineParser &parser)
{
    parser.addOptions({
        {kMake,
         tr("After the tune: write its changes of this end's sysctls to /etc/sysctl.d/90-tcptune-NAME.conf "
            "through tcptune-helper, loaded at every boot (not now: the file takes effect at the next boot)."),
         tr("NAME")},
        {kUndo, tr("Remove the permanent setting NAME (its sysctl.d file) and exit; runs nothing."), tr("NAME")},
        {kList, tr("List the permanent settings tcptune wrote and exit; runs nothing.")},
    });
}

std::optional<int> TunePermanent::runStandalone(const QCommandLineParser &parser, HelperConnection &helper)
{
    if (parser.isSet(kList))
        return printPermanent(helper);
    if (!parser.isSet(kUndo))
        return std::nullopt;
    if (auto valid = helperprotocol::checkPermanentName(parser.value(kUndo)); !valid)
        return failWith(valid.error().message, 2);
    auto removed = undoPermanent(helper, parser.value(kUndo));
    if (!removed)
        return failWith(removed.error().message, 1);
    out() << tr("Removed %1; from the next boot on the kernel's defaults apply again to:").arg(removed->path) << '\n';
    for (auto it = removed->sysctls.cbegin(); it != removed->sysctls.cend(); ++it)
        out() << QStringLiteral("  %1 (was %2)").arg(it.key(), it.value()) << '\n';
    out().flush();
    return 0;
}

Result<void> TunePermanent::check(const QCommandLineParser &parser)
{
    if (!parser.isSet(kMake))
        return {};
    return helperprotocol::checkPermanentName(parser.value(kMake));
}

Result<QStringList> TunePermanent::write(const QCommandLineParser &parser, HelperConnection &helper,
                                         const TuneAnswer &answer)
{
    if (!parser.isSet(kMake))
        return QStringList();
    QStringList lines;
    const bool farChanges = std::any_of(answer.changes.cbegin(), answer.changes.cend(), [](const TuneChange &c) {
        return c.knob.startsWith(ExperimentSpec::kRemotePrefix);
    });
    if (farChanges)
        lines.append(tr("The far end's changes are not made permanent from here: write them there with "
                        "'--export-end remote --export-sysctl FILE' and copy the file to its /etc/sysctl.d."));
    const QMap<QString, QString> sysctls = tuneSysctlsAt(answer, RunEnd::Local);
    if (sysctls.isEmpty()) {
        lines.append(tr("Nothing made permanent: the answer changes no sysctl of this end."));
        return lines;
    }
    auto written = makePermanent(helper, parser.value(kMake), sysctls);
    if (!written)
        return std::unexpected(written.error());
    lines.append(tr("Made permanent from the next boot on ('tcptune tune --undo %1' removes it):").arg(written->name));
    lines.append(describe(*written));
    return lines;
}

} // namespace tcptune::cli
