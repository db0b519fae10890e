#include "lab/qdisc_support.h"

#include "common/proc_sys.h"
#include "lab/lab_files.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <mutex>
#include <unistd.h>

using namespace Qt::StringLiterals;

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
        return {u"rate"_s, u"1mbit"_s, u"burst"_s, u"16k"_s, u"limit"_s, u"16k"_s};
    return {};
}

} // namespace

QStringList probedQdiscs()
{
    return {u"tbf"_s, u"htb"_s, u"pfifo"_s, u"bfifo"_s, u"netem"_s, u"fq"_s, u"fq_codel"_s};
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
    executor(ip({u"netns"_s, u"del"_s, ns}, true));
    if (auto made = executor(ip({u"netns"_s, u"add"_s, ns})); !made)
        return std::unexpected(made.error());

    QdiscSupport support;
    for (const QString &kind : probedQdiscs()) {
        const LabStep add{LabStep::Tool::Tc,
                          QStringList{u"-n"_s, ns, u"qdisc"_s, u"replace"_s, u"dev"_s, u"lo"_s, u"root"_s, kind} +
                              argumentsFor(kind),
                          QString(), false};
        if (executor(add))
            support.available << kind;
        else
            support.missing << kind;
    }
    executor(ip({u"netns"_s, u"del"_s, ns}, true));
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
