#include "helper/sysctl_writer.h"

#include "common/netns.h"
#include "common/proc_sys.h"
#include "knobs/knob_catalogue.h"
#include "knobs/knob_value.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace tcptune::sysctlwriter {
namespace {

// SysctlWriter::tr(): lupdate files this file's text under the context that tr() looks it up in.
class SysctlWriter final {
    Q_DECLARE_TR_FUNCTIONS(SysctlWriter)
};

} // namespace

Result<const KnobInfo *> knobFor(const QString &key)
{
    auto knob = KnobCatalogue::instance().lookup(key);
    if (!knob)
        return knob;
    if ((*knob)->kind != KnobKind::Sysctl)
        return fail(SysctlWriter::tr("%1 is a %2 knob, not a kernel sysctl; the helper only changes sysctls.")
                        .arg(key, kindName((*knob)->kind)));
    if (!(*knob)->procPath().startsWith(QLatin1String("/proc/sys/net/")))
        return fail(SysctlWriter::tr("%1 is outside /proc/sys/net; the helper does not change it.").arg(key));
    return knob;
}

Result<void> checkScope(const KnobInfo &knob, const QString &netns)
{
    if (netns.isEmpty())
        return {};
    if (!netns::isTcptuneName(netns))
        return fail(
            SysctlWriter::tr("'%1' is not a tcptune namespace; the helper only enters namespaces whose names start "
                             "with 'tcptune-'.")
                .arg(netns.left(40)));
    if (!knob.perNetns)
        return fail(
            SysctlWriter::tr("%1 is global: it exists only in the host (init) namespace, not per namespace. Set it "
                             "without --netns.")
                .arg(knob.key));
    if (!netns::exists(netns))
        return fail(
            SysctlWriter::tr("Network namespace %1 does not exist; start the lab with 'tcptune lab up'.").arg(netns));
    return {};
}

Result<QString> read(const KnobInfo &knob)
{
    auto value = procsys::read(knob.procPath());
    if (!value)
        return fail(SysctlWriter::tr("%1 cannot be read (%2); this kernel may not have it.")
                        .arg(knob.key, value.error().message));
    return procsys::normalise(*value);
}

Result<QString> parseForKernel(const KnobInfo &knob, const QString &input)
{
    if (knob.type == ValueType::Enum)
        return knobvalue::parse(knob, input, knobvalue::allowedValues(knob));
    return knobvalue::parse(knob, input);
}

Result<void> write(const KnobInfo &knob, const QString &canonical)
{
    // Belt and braces: the entry must be the catalogue's own and its path a plain /proc/sys/net file.
    static const QRegularExpression plainPath(
        QRegularExpression::anchoredPattern(QStringLiteral("/proc/sys/net(/[A-Za-z0-9_]+)+")));
    const QString path = knob.procPath();
    const KnobInfo *listed = KnobCatalogue::instance().find(knob.key);
    if (!listed || listed->kind != KnobKind::Sysctl || !plainPath.match(path).hasMatch())
        return fail(
            SysctlWriter::tr("Refusing to write %1: only the catalogue's sysctls under /proc/sys/net are changed.")
                .arg(path.left(100)));
    const QByteArray nativePath = path.toLocal8Bit();
    const int fd = ::open(nativePath.constData(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return fail(SysctlWriter::tr("Cannot open %1 for writing: %2.")
                        .arg(path, QString::fromLocal8Bit(std::strerror(errno))));
    const QByteArray data = canonical.toUtf8() + '\n';
    const ssize_t written = ::write(fd, data.constData(), size_t(data.size()));
    const int writeErrno = errno;
    ::close(fd);
    if (written != data.size())
        return fail(
            SysctlWriter::tr("The kernel refused %1 = %2: %3.")
                .arg(knob.key, canonical, QString::fromLocal8Bit(std::strerror(written < 0 ? writeErrno : EIO))));
    return {};
}

} // namespace tcptune::sysctlwriter
