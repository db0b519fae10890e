#include "lab/qdisc_support.h"

#include "common/proc_sys.h"
#include "lab/lab_files.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <mutex>
#include <unistd.h>

namespace tcptune {
namespace {

QString cachePath()
{
    return labfiles::cacheDirectory() + QStringLiteral("/qdiscs.json");
}

// Minimal arguments that make each qdisc valid on its own.
QStringList argumentsFor(const QString &kind)
{
    if (kind == QLatin1String("tbf"))
        return {"rate", "1mbit", "burst", "16k", "limit", "16k"};
    return {};
}

} // namespace

QStringList probedQdiscs()
{
    return {"tbf", "htb", "pfifo", "bfifo", "netem", "fq", "fq_codel"};
}

QString currentBootId()
{
    return procsys::read(QStringLiteral("/proc/sys/kernel/random/boot_id")).value_or(QString());
}

Result<QdiscSupport> probeQdiscs(const LabStepExecutor &executor)
{
    const QString ns = QStringLiteral("tcptune-probe-%1").arg(::getpid());
    const auto ip = [](QStringList args, bool mayFail = false) {
        return LabStep{LabStep::Tool::Ip, std::move(args), QString(), mayFail};
    };
    executor(ip({"netns", "del", ns}, true));
    if (auto made = executor(ip({"netns", "add", ns})); !made)
        return std::unexpected(made.error());

    QdiscSupport support;
    for (const QString &kind : probedQdiscs()) {
        const LabStep add{LabStep::Tool::Tc,
                          QStringList{"-n", ns, "qdisc", "replace", "dev", "lo", "root", kind} + argumentsFor(kind),
                          QString(), false};
        if (executor(add))
            support.available << kind;
        else
            support.missing << kind;
    }
    executor(ip({"netns", "del", ns}, true));
    return support;
}

QdiscSupport cachedQdiscSupport()
{
    QFile file(cachePath());
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject o = QJsonDocument::fromJson(file.read(64 * 1024)).object();
    if (o.value(QStringLiteral("boot_id")).toString() != currentBootId())
        return {};
    return {labfiles::stringList(o.value(QStringLiteral("available"))),
            labfiles::stringList(o.value(QStringLiteral("missing")))};
}

Result<QdiscSupport> qdiscSupport(const LabStepExecutor &executor)
{
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    if (QdiscSupport cached = cachedQdiscSupport(); !cached.available.isEmpty())
        return cached;
    auto probed = probeQdiscs(executor);
    if (!probed)
        return probed;
    QJsonObject o = toJson(*probed);
    o.insert(QStringLiteral("boot_id"), currentBootId());
    // A cache: failing to write it only means probing again next time.
    [[maybe_unused]] const auto written = labfiles::writeRecord(cachePath(), QJsonDocument(o).toJson());
    return probed;
}

QJsonObject toJson(const QdiscSupport &support)
{
    return {{QStringLiteral("available"), QJsonArray::fromStringList(support.available)},
            {QStringLiteral("missing"), QJsonArray::fromStringList(support.missing)}};
}

} // namespace tcptune
