#include "helper/sysctl_files.h"

#include "helper/helper_operations.h"
#include "helper/helper_protocol.h"
#include "helper/knob_access.h"
#include "knobs/knob_value.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QSaveFile>

#include <sys/stat.h>
#include <syslog.h>

namespace tcptune {
namespace {

const QString kMarker = QStringLiteral("# tcptune-sysctl-file ");
constexpr qint64 kMaxFileBytes = 64 * 1024;

QJsonObject toJsonObject(const QMap<QString, QString> &map)
{
    QJsonObject out;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

QJsonObject fileReply(const QString &name, const QString &path, const QMap<QString, QString> &sysctls)
{
    return {{QStringLiteral("name"), name},
            {QStringLiteral("path"), path},
            {QStringLiteral("sysctls"), toJsonObject(sysctls)}};
}

// One value of a write request as the kernel takes it (numbers of a triple one space apart, as
// sysctl.d writes them), refused unless the catalogue knows the sysctl and accepts the value.
Result<QString> checkedValue(const QString &key, const QJsonValue &value, bool confirmed)
{
    auto knob = knobaccess::knobFor(key);
    if (!knob)
        return std::unexpected(knob.error());
    if ((*knob)->kind != KnobKind::Sysctl)
        return fail(SysctlFiles::tr("%1 is not a sysctl: a sysctl.d file only holds sysctls.").arg(key));
    if (!value.isString())
        return fail(SysctlFiles::tr("The value of %1 must be a string such as \"262144\".").arg(key));
    auto kernel = knobaccess::parseForKernel(**knob, value.toString());
    if (!kernel)
        return std::unexpected(kernel.error());
    const QString canonical = kernel->simplified();
    if (!confirmed && knobvalue::disablesCoreFeature(**knob, canonical))
        return fail(SysctlFiles::tr("%1 = %2 turns a core TCP feature off (%3) for every connection of this machine "
                                    "from the next boot on. It is only written with an explicit confirmation.")
                        .arg(key, canonical, (*knob)->description));
    return canonical;
}

Result<QMap<QString, QString>> checkedSysctls(const QJsonObject &params, bool confirmed)
{
    const QJsonValue raw = params.value(QStringLiteral("sysctls"));
    if (!raw.isObject() || raw.toObject().isEmpty() || raw.toObject().size() > SysctlFiles::kMaxSysctls)
        return fail(SysctlFiles::tr("Parameter \"sysctls\" must be an object of 1 to %1 sysctls and their values.")
                        .arg(SysctlFiles::kMaxSysctls));
    const QJsonObject object = raw.toObject();
    QMap<QString, QString> out;
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        auto value = checkedValue(it.key(), it.value(), confirmed);
        if (!value)
            return std::unexpected(value.error());
        out.insert(it.key(), *value);
    }
    return out;
}

// What the file at PATH holds when it is ours; nullopt when there is none. A symbolic link, or a
// file another program wrote, is refused: the helper writes and removes only its own files.
Result<std::optional<QMap<QString, QString>>> existingFile(const QString &path, const QString &name)
{
    struct stat st {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return std::optional<QMap<QString, QString>>();
    if (!S_ISREG(st.st_mode) || st.st_size > kMaxFileBytes)
        return fail(SysctlFiles::tr("%1 is not a file tcptune wrote (not a plain file of at most 64 KiB); it is left "
                                    "alone.")
                        .arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(SysctlFiles::tr("Cannot read %1: %2").arg(path, file.errorString()));
    auto held = SysctlFiles::parse(file.read(kMaxFileBytes), name);
    if (!held)
        return fail(QStringLiteral("%1: %2").arg(path, held.error().message));
    return std::optional<QMap<QString, QString>>(*held);
}

Result<void> writeFile(const QString &path, const QByteArray &content)
{
    if (!QDir().mkpath(QFileInfo(path).path()))
        return fail(SysctlFiles::tr("Cannot create the folder of %1.").arg(path));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(SysctlFiles::tr("Cannot write %1: %2").arg(path, file.errorString()));
    // Readable by everyone, as the files systemd-sysctl reads are; the helper's umask may be tighter.
    if (::fchmod(file.handle(), 0644) != 0 || file.write(content) != content.size() || !file.commit())
        return fail(SysctlFiles::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

// A request's "name" and the file it names.
struct NamedFile {
    QString name;
    QString path;
};

Result<NamedFile> namedFile(const QJsonObject &params)
{
    auto name = helperprotocol::stringParam(params, QStringLiteral("name"));
    if (!name)
        return std::unexpected(name.error());
    auto path = SysctlFiles::pathFor(*name);
    if (!path)
        return std::unexpected(path.error());
    return NamedFile{*name, *path};
}

Result<QJsonObject> writeOperation(const QJsonObject &params, int uid, const SysctlFiles::Logger &logger)
{
    auto file = namedFile(params);
    if (!file)
        return std::unexpected(file.error());
    const QString &name = file->name;
    const QString &path = file->path;
    auto confirmed = helperprotocol::boolParam(params, QStringLiteral("confirm"));
    if (!confirmed)
        return std::unexpected(confirmed.error());
    auto sysctls = checkedSysctls(params, *confirmed);
    if (!sysctls)
        return std::unexpected(sysctls.error());
    if (auto existing = existingFile(path, name); !existing)
        return std::unexpected(existing.error());
    if (auto written = writeFile(path, SysctlFiles::render(name, *sysctls, uid)); !written)
        return std::unexpected(written.error());
    if (logger)
        logger(LOG_NOTICE, QStringLiteral("uid %1: wrote %2 (%3 sysctls)").arg(uid).arg(path).arg(sysctls->size()));
    return fileReply(name, path, *sysctls);
}

Result<QJsonObject> removeOperation(const QJsonObject &params, int uid, const SysctlFiles::Logger &logger)
{
    auto file = namedFile(params);
    if (!file)
        return std::unexpected(file.error());
    const QString &name = file->name;
    const QString &path = file->path;
    auto existing = existingFile(path, name);
    if (!existing)
        return std::unexpected(existing.error());
    if (!existing->has_value())
        return fail(SysctlFiles::tr("There is no permanent setting named %1 (%2 does not exist); 'tcptune tune "
                                    "--list-permanent' lists them.")
                        .arg(name, path));
    if (!QFile::remove(path))
        return fail(SysctlFiles::tr("Cannot remove %1.").arg(path));
    if (logger)
        logger(LOG_NOTICE, QStringLiteral("uid %1: removed %2").arg(uid).arg(path));
    return fileReply(name, path, **existing);
}

QJsonObject listOperation()
{
    QJsonArray files;
    const QDir dir(QString::fromLatin1(SysctlFiles::kDirectory));
    const QStringList names = dir.entryList({QStringLiteral("90-tcptune-*.conf")}, QDir::Files, QDir::Name);
    for (const QString &fileName : names) {
        const QString name = fileName.mid(int(qstrlen("90-tcptune-"))).chopped(int(qstrlen(".conf")));
        auto path = SysctlFiles::pathFor(name);
        if (!path)
            continue;
        auto existing = existingFile(*path, name);
        if (existing && existing->has_value())
            files.append(fileReply(name, *path, **existing));
    }
    return {{QStringLiteral("files"), files}};
}

} // namespace

void SysctlFiles::addOperations(HelperOperations &ops, int requesterUid, Logger logger)
{
    ops.add(QStringLiteral("sysctl_file_write"),
            [requesterUid, logger](const QJsonObject &p) { return writeOperation(p, requesterUid, logger); });
    ops.add(QStringLiteral("sysctl_file_remove"),
            [requesterUid, logger](const QJsonObject &p) { return removeOperation(p, requesterUid, logger); });
    ops.add(QStringLiteral("sysctl_file_list"),
            [](const QJsonObject &) { return Result<QJsonObject>(listOperation()); });
}

Result<QString> SysctlFiles::pathFor(const QString &name, const QString &directory)
{
    if (auto valid = helperprotocol::checkPermanentName(name); !valid)
        return std::unexpected(valid.error());
    return QStringLiteral("%1/90-tcptune-%2.conf").arg(directory, name);
}

Result<QMap<QString, QString>> SysctlFiles::parse(const QByteArray &content, const QString &name)
{
    const QStringList lines = QString::fromUtf8(content).split(QLatin1Char('\n'));
    if (lines.isEmpty() || lines.first() != kMarker + name)
        return fail(tr("it was not written by tcptune (its first line is not \"%1%2\"), so it is left alone.")
                        .arg(kMarker, name));
    QMap<QString, QString> out;
    for (const QString &line : lines) {
        const QString text = line.trimmed();
        if (text.isEmpty() || text.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype eq = text.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return fail(tr("line \"%1\" is not \"key = value\".").arg(text.left(80)));
        out.insert(text.left(eq).trimmed(), text.mid(eq + 1).trimmed());
    }
    return out;
}

QByteArray SysctlFiles::render(const QString &name, const QMap<QString, QString> &sysctls, int requesterUid)
{
    QByteArray out = (kMarker + name + QLatin1Char('\n')).toUtf8();
    out += QStringLiteral("# Written by tcptune-helper for uid %1 on %2 (\"Make permanent\" of a tune).\n")
               .arg(requesterUid)
               .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate))
               .toUtf8();
    out += QStringLiteral("# Loaded at every boot; 'tcptune tune --undo %1' removes this file.\n").arg(name).toUtf8();
    for (auto it = sysctls.cbegin(); it != sysctls.cend(); ++it)
        out += QStringLiteral("%1 = %2\n").arg(it.key(), it.value()).toUtf8();
    return out;
}

} // namespace tcptune
