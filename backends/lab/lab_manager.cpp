#include "lab/lab_manager.h"

#include "common/netns.h"
#include "lab/lab_enum_names.h"
#include "lab/lab_files.h"
#include "lab/lab_plan.h"
#include "lab/qdisc_stats.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QLockFile>
#include <QSet>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace tcptune {
namespace {

// LabManager::tr(): lupdate files this file's text under the context that tr() looks it up in.
class LabManager final {
    Q_DECLARE_TR_FUNCTIONS(LabManager)
};

// `ip netns add` makes /run/netns with the caller's umask; run from tcptune-helper (umask 077)
// that folder would be root's alone and a user's `tcptune lab status` would call every lab down.
// Open it to reading as iproute2 does under the usual umask (0755); only root can, and needs to.
void keepNamespaceFolderReadable()
{
    const char *folder = "/run/netns";
    if (::geteuid() != 0)
        return;
    if (::mkdir(folder, 0755) != 0 && errno != EEXIST)
        return;
    ::chmod(folder, 0755);
}

QStringList existingNamespaces()
{
    return QDir(QStringLiteral("/run/netns")).entryList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
}

QStringList allLabNamespaces(const QString &labName)
{
    QStringList all;
    for (const QString &suffix : labNamespaceSuffixes())
        all << QString::fromLatin1(netns::kPrefix) + labName + suffix;
    return all;
}

LabStatus statusFrom(const QString &labName, const QStringList &present)
{
    LabStatus status;
    status.name = labName;
    for (const QString &ns : allLabNamespaces(labName)) {
        if (present.contains(ns))
            status.presentNamespaces << ns;
    }
    if (::access(QFile::encodeName(labfiles::runDirectory()).constData(), X_OK) != 0 && errno == EACCES) {
        // Not root: the namespaces are visible, the records are not. Do not call a lab a leftover
        // on that ground; report what can be seen.
        status.recordReadable = false;
        if (status.presentNamespaces.isEmpty())
            return status;
        LabState seen;
        seen.spec.name = labName;
        seen.spec.topology = status.presentNamespaces.size() == 3 ? LabTopology::Routed : LabTopology::Direct;
        seen.complete = true;
        seen.namespaces = status.presentNamespaces;
        status.record = seen;
        status.state = LabStatus::State::Up;
        return status;
    }
    if (auto record = readLabState(labName))
        status.record = *record;

    if (!status.record) {
        if (!status.presentNamespaces.isEmpty()) {
            status.state = LabStatus::State::Leftover;
            status.problem = LabManager::tr("namespaces %1 exist but tcptune has no record of them (left by a crash?)")
                                 .arg(status.presentNamespaces.join(QStringLiteral(", ")));
        }
        return status;
    }
    const LabState &r = *status.record;
    QStringList missing;
    for (const QString &ns : r.namespaces) {
        if (!status.presentNamespaces.contains(ns))
            missing << ns;
    }
    if (!r.complete) {
        status.state = LabStatus::State::Leftover;
        status.problem = LabManager::tr("building the lab did not finish (tcptune or its helper stopped midway)");
    } else if (!missing.isEmpty()) {
        status.state = LabStatus::State::Leftover;
        status.problem = LabManager::tr("namespaces %1 of the lab are gone").arg(missing.join(QStringLiteral(", ")));
    } else {
        status.state = LabStatus::State::Up;
    }
    return status;
}

// Held while a lab is built or removed, so two tcptunes never change one lab at once.
class LabLock final {
public:
    explicit LabLock(const QString &labName)
        : m_lock(labfiles::labsDirectory() + QLatin1Char('/') + labName + QStringLiteral(".lock"))
        , m_labName(labName)
    {
    }
    [[nodiscard]] Result<void> acquire()
    {
        if (auto folder = labfiles::ensureFolder(labfiles::labsDirectory()); !folder)
            return folder;
        if (!m_lock.tryLock(30000))
            return fail(
                LabManager::tr("Another tcptune is changing lab %1; try again when it has finished.").arg(m_labName));
        return {};
    }

private:
    QLockFile m_lock;
    QString m_labName;
};

QStringList linksOf(const LabLayout &l)
{
    QStringList links{l.clientNetns + QLatin1Char('/') + l.clientInterface};
    if (!l.routerNetns.isEmpty())
        links << l.routerNetns + QLatin1Char('/') + l.routerClientInterface
              << l.routerNetns + QLatin1Char('/') + l.routerServerInterface;
    links << l.serverNetns + QLatin1Char('/') + l.serverInterface;
    return links;
}

[[nodiscard]] Result<void> removeLab(const QString &labName, const LabStepExecutor &executor)
{
    auto removed = runLabSteps(buildDownSteps(labName), executor);
    if (!removed)
        return removed;
    const QStringList present = existingNamespaces();
    QStringList remaining;
    for (const QString &ns : allLabNamespaces(labName)) {
        if (present.contains(ns))
            remaining << ns;
    }
    if (!remaining.isEmpty())
        return fail(
            LabManager::tr("Could not remove namespaces %1; see 'ip netns list' and remove them with 'ip netns del'.")
                .arg(remaining.join(QStringLiteral(", "))));
    removeLabState(labName);
    return {};
}

} // namespace

std::optional<LabEndpoints> LabStatus::endpoints(quint16 agentPort) const
{
    if (!isUp() || !record)
        return std::nullopt;
    return endpointsFor(name, record->spec.topology, agentPort);
}

QString stateName(LabStatus::State state)
{
    return nameOf(kLabStateNames, state);
}

QJsonObject toJson(const LabStatus &s)
{
    QJsonObject o{
        {QStringLiteral("name"), s.name},
        {QStringLiteral("state"), stateName(s.state)},
        {QStringLiteral("namespaces"), QJsonArray::fromStringList(s.presentNamespaces)},
    };
    if (!s.problem.isEmpty())
        o.insert(QStringLiteral("problem"), s.problem);
    if (!s.recordReadable)
        o.insert(QStringLiteral("record_readable"), false);
    if (s.record) {
        o.insert(QStringLiteral("spec"), toJson(s.record->spec));
        o.insert(QStringLiteral("links"), QJsonArray::fromStringList(s.record->links));
        o.insert(QStringLiteral("sysctls"), QJsonArray::fromStringList(s.record->sysctls));
        o.insert(QStringLiteral("created_at"), s.record->createdAt.toUTC().toString(Qt::ISODate));
        o.insert(QStringLiteral("qdiscs_missing"), QJsonArray::fromStringList(s.record->qdiscsMissing));
    }
    if (const auto e = s.endpoints())
        o.insert(QStringLiteral("endpoints"), toJson(*e));
    return o;
}

Result<void> checkLabSupported(const LabSpec &spec, const QdiscSupport &support)
{
    if (spec.rateBitsPerSecond > 0 && !support.has(QStringLiteral("tbf")))
        return fail(LabManager::tr(
            "The tbf qdisc is not in this kernel, so the lab cannot limit the rate: leave the lab's rate "
            "(lab.rate) at 0 (unshaped) or load the sch_tbf module."));
    if (spec.delayMs > 0 && !support.has(QStringLiteral("netem")))
        return fail(
            LabManager::tr("netem is not in this kernel (no sch_netem module), so the lab cannot add delay: leave the "
                           "lab's delay (lab.delay) at 0. Rate, queue and MTU still work."));
    return {};
}

Result<LabStatus> labUp(const LabSpec &spec, const LabStepExecutor &executor)
{
    if (auto ok = validateLabName(spec.name); !ok)
        return std::unexpected(ok.error());
    LabLock lock(spec.name);
    if (auto locked = lock.acquire(); !locked)
        return std::unexpected(locked.error());

    auto support = qdiscSupport(executor);
    if (!support)
        return std::unexpected(support.error());
    if (auto ok = checkLabSupported(spec, *support); !ok)
        return std::unexpected(ok.error());
    keepNamespaceFolderReadable();

    const LabStatus before = labStatus(spec.name);
    if (before.state == LabStatus::State::Leftover)
        return fail(LabManager::tr(
                        "Lab %1 was left behind: %2. Remove it with 'tcptune lab down --name %1', then start it again.")
                        .arg(spec.name, before.problem));

    LabState state;
    state.spec = spec;
    state.bootId = currentBootId();
    state.qdiscsMissing = support->missing;
    const LabLayout layout = layoutFor(spec.name, spec.topology);
    state.namespaces = layout.namespaces();
    state.links = linksOf(layout);
    for (const LabStep &step : buildUpSteps(spec)) {
        if (step.tool == LabStep::Tool::Sysctl)
            state.sysctls << QStringLiteral("%1 %2=%3").arg(step.netns, step.args.value(0), step.args.value(1));
    }

    if (before.isUp() && before.record->spec.topology == spec.topology) {
        state.createdAt = before.record->createdAt;
        if (auto ok = runLabSteps(buildConfigureSteps(spec), executor); !ok)
            return std::unexpected(ok.error());
        state.complete = true;
        if (auto ok = writeLabState(state); !ok)
            return std::unexpected(ok.error());
        return labStatus(spec.name);
    }
    if (before.isUp()) {
        if (auto ok = removeLab(spec.name, executor); !ok)
            return std::unexpected(ok.error());
    }

    state.createdAt = QDateTime::currentDateTimeUtc();
    if (auto ok = writeLabState(state); !ok)
        return std::unexpected(ok.error());
    if (auto built = runLabSteps(buildUpSteps(spec), executor); !built) {
        if (auto removed = removeLab(spec.name, executor); !removed)
            return fail(LabManager::tr("Could not build lab %1: %2. Removing what was built failed too: %3")
                            .arg(spec.name, built.error().message, removed.error().message));
        return fail(
            LabManager::tr("Could not build lab %1, nothing of it is left: %2").arg(spec.name, built.error().message));
    }
    state.complete = true;
    if (auto ok = writeLabState(state); !ok)
        return std::unexpected(ok.error());
    return labStatus(spec.name);
}

Result<void> labDown(const QString &labName, const LabStepExecutor &executor)
{
    if (auto ok = validateLabName(labName); !ok)
        return ok;
    LabLock lock(labName);
    if (auto locked = lock.acquire(); !locked)
        return locked;
    return removeLab(labName, executor);
}

LabStatus labStatus(const QString &labName)
{
    return statusFrom(labName, existingNamespaces());
}

Result<QJsonObject> bottleneckStatistics(const LabStatus &status)
{
    if (!status.isUp() || !status.record || status.record->spec.rateBitsPerSecond <= 0)
        return fail(LabManager::tr("Lab %1 has no bottleneck: it is down or unshaped.").arg(status.name));
    const LabLayout l = layoutFor(status.name, status.record->spec.topology);
    auto reader = QdiscStatsReader::open(l.bottleneckNetns, l.bottleneckInterface);
    if (!reader)
        return std::unexpected(reader.error());
    auto stats = (*reader)->readRoot();
    if (!stats)
        return std::unexpected(stats.error());
    QJsonObject out = toJson(*stats);
    out.insert(QStringLiteral("netns"), l.bottleneckNetns);
    out.insert(QStringLiteral("interface"), l.bottleneckInterface);
    return out;
}

QList<LabStatus> listLabs()
{
    const QStringList present = existingNamespaces();
    QSet<QString> names;
    for (const QString &ns : present) {
        if (const QString name = labNameOfNamespace(ns); !name.isEmpty() && validateLabName(name))
            names.insert(name);
    }
    for (const QString &file : QDir(labfiles::labsDirectory()).entryList({QStringLiteral("*.json")}, QDir::Files))
        names.insert(file.chopped(5));
    QStringList sorted(names.cbegin(), names.cend());
    sorted.sort();
    QList<LabStatus> labs;
    for (const QString &name : sorted) {
        LabStatus s = statusFrom(name, present);
        if (s.state != LabStatus::State::Down || s.record)
            labs << s;
    }
    return labs;
}

QList<LabStatus> detectLeftoverLabs()
{
    QList<LabStatus> leftovers;
    for (const LabStatus &s : listLabs()) {
        if (s.state == LabStatus::State::Leftover)
            leftovers << s;
    }
    return leftovers;
}

} // namespace tcptune
