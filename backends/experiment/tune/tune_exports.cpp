#include "experiment/tune/tune_exports.h"

#include "experiment/spec/experiment_spec.h"
#include "knobs/link_knobs.h"

#include <QList>
#include <QMap>

#include <netinet/in.h>

namespace tcptune {

namespace {

// A recommended change at the end an export is for, its key without "remote:".
struct EndChange {
    QString key;
    const TuneChange *change = nullptr;
    const KnobInfo *knob = nullptr;
};

QList<EndChange> changesAt(const TuneAnswer &answer, RunEnd end)
{
    QList<EndChange> out;
    for (const TuneChange &change : answer.changes) {
        const bool remote = change.knob.startsWith(ExperimentSpec::kRemotePrefix);
        if (remote != (end == RunEnd::Remote))
            continue;
        const QString key = remote ? change.knob.mid(ExperimentSpec::kRemotePrefix.size()) : change.knob;
        if (auto knob = ExperimentSpec::lookupKnob(key))
            out.append(EndChange{key, &change, *knob});
    }
    return out;
}

QList<EndChange> ofKind(const QList<EndChange> &changes, KnobKind kind)
{
    QList<EndChange> out;
    for (const EndChange &c : changes)
        if (c.knob->kind == kind)
            out.append(c);
    return out;
}

// NAME on one comment line: no line breaks can end the comment early.
QString commentSafe(const QString &name)
{
    QString shown = name.simplified();
    for (QChar &c : shown)
        if (!c.isPrint())
            c = QLatin1Char('?');
    return shown.isEmpty() ? QStringLiteral("tcptune tune") : shown;
}

QString endName(RunEnd end)
{
    return end == RunEnd::Remote ? QStringLiteral("the far host") : QStringLiteral("this host");
}

QString header(const QString &name, RunEnd end, const QList<EndChange> &changes)
{
    QString text = QStringLiteral("# %1: what tcptune tune recommends for %2.\n").arg(commentSafe(name), endName(end));
    if (changes.isEmpty())
        return text + QStringLiteral("# No change is recommended at this end: this file sets nothing.\n");
    for (const EndChange &c : changes) {
        const QString from = c.change->from.isEmpty() ? QStringLiteral("unset") : c.change->from;
        text += QStringLiteral("# %1: %2 -> %3 (%4)\n").arg(c.key, from, c.change->to, ruleName(c.change->rule));
    }
    return text;
}

QString onOff(const EndChange &c)
{
    if (c.knob->type != ValueType::Bool)
        return c.change->to;
    return c.change->to == QLatin1String("1") ? QStringLiteral("on") : QStringLiteral("off");
}

// ethtool's and ip's name of a link knob's parameter.
QString toolParameter(const KnobInfo &knob)
{
    if (knob.linkParameter == QLatin1String("rx-checksum"))
        return QStringLiteral("rx");
    if (knob.linkParameter == QLatin1String("tx-checksum"))
        return QStringLiteral("tx");
    if (knob.linkParameter.endsWith(QLatin1String("-ring")))
        return knob.linkParameter.chopped(5);
    if (knob.linkParameter == QLatin1String("combined-channels"))
        return QStringLiteral("combined");
    return knob.linkParameter;
}

// The shell line that sets a link knob.
QString linkCommand(const EndChange &c)
{
    const QString device = c.knob->device;
    const QString value = onOff(c);
    switch (linkknobs::groupOf(*c.knob)) {
    case linkknobs::Group::Feature:
        return QStringLiteral("ethtool -K %1 %2 %3").arg(device, toolParameter(*c.knob), value);
    case linkknobs::Group::Coalescing:
        return QStringLiteral("ethtool -C %1 %2 %3").arg(device, toolParameter(*c.knob), value);
    case linkknobs::Group::Rings:
        return QStringLiteral("ethtool -G %1 %2 %3").arg(device, toolParameter(*c.knob), value);
    case linkknobs::Group::Channels:
        return QStringLiteral("ethtool -L %1 %2 %3").arg(device, toolParameter(*c.knob), value);
    case linkknobs::Group::Interface:
    case linkknobs::Group::SizeLimits:
        return QStringLiteral("ip link set dev %1 %2 %3").arg(device, toolParameter(*c.knob), value);
    case linkknobs::Group::Bql:
        return QStringLiteral(
                   "for q in /sys/class/net/%1/queues/tx-*/byte_queue_limits; do echo %2 > \"$q/limit_max\"; "
                   "done")
            .arg(device, value);
    case linkknobs::Group::Qdisc: return QStringLiteral("tc qdisc replace dev %1 root %2").arg(device, value);
    }
    return QString();
}

QString shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString sysctlD(const QString &head, const QList<EndChange> &changes)
{
    QString text = head;
    for (const EndChange &c : ofKind(changes, KnobKind::Sysctl))
        text += QStringLiteral("%1 = %2\n").arg(c.key, c.change->to);
    return text;
}

// tuned's [net] option a link knob belongs to; empty for one tuned does not set.
QString tunedNetOption(const KnobInfo &knob)
{
    switch (linkknobs::groupOf(knob)) {
    case linkknobs::Group::Feature: return QStringLiteral("features");
    case linkknobs::Group::Coalescing: return QStringLiteral("coalesce");
    case linkknobs::Group::Rings: return QStringLiteral("ring");
    case linkknobs::Group::Channels: return QStringLiteral("channels");
    case linkknobs::Group::Interface: return knob.linkParameter; // txqueuelen, mtu
    case linkknobs::Group::SizeLimits:
    case linkknobs::Group::Bql:
    case linkknobs::Group::Qdisc: break;
    }
    return QString();
}

// One [net] section per device (the first "[net]", the others "[net_DEV]" of type net).
QString tunedNet(const QList<EndChange> &links)
{
    QMap<QString, QMap<QString, QStringList>> devices; // device -> option -> "name value" parts
    QString notes;
    for (const EndChange &c : links) {
        const QString option = tunedNetOption(*c.knob);
        if (option.isEmpty()) {
            notes += QStringLiteral("# %1 is not a tuned option: `%2` sets it.\n").arg(c.key, linkCommand(c));
            continue;
        }
        const bool grouped = option != c.knob->linkParameter;
        devices[c.knob->device][option].append(grouped ? QString(toolParameter(*c.knob) + QLatin1Char(' ') + onOff(c))
                                                       : onOff(c));
    }
    QString text;
    for (auto device = devices.cbegin(); device != devices.cend(); ++device) {
        text += device == devices.cbegin() ? QStringLiteral("\n[net]\n")
                                           : QStringLiteral("\n[net_%1]\ntype=net\n").arg(device.key());
        text += QStringLiteral("devices=%1\n").arg(device.key());
        for (auto option = device->cbegin(); option != device->cend(); ++option)
            text += QStringLiteral("%1=%2\n").arg(option.key(), option->join(QLatin1Char(' ')));
    }
    return notes.isEmpty() ? text : QString(text + QLatin1Char('\n') + notes);
}

QString tuned(const QString &head, const QString &name, const QList<EndChange> &changes)
{
    QString text = head + QStringLiteral("\n[main]\nsummary=%1 (tcptune tune)\n").arg(commentSafe(name));
    const QList<EndChange> sysctls = ofKind(changes, KnobKind::Sysctl);
    if (!sysctls.isEmpty()) {
        text += QStringLiteral("\n[sysctl]\n");
        for (const EndChange &c : sysctls)
            text += QStringLiteral("%1=%2\n").arg(c.key, c.change->to);
    }
    return text + tunedNet(ofKind(changes, KnobKind::Link));
}

QString shell(const QString &head, const QList<EndChange> &changes)
{
    QString text = QStringLiteral("#!/bin/sh\n") + head;
    const QList<EndChange> sysctls = ofKind(changes, KnobKind::Sysctl);
    const QList<EndChange> links = ofKind(changes, KnobKind::Link);
    if (sysctls.isEmpty() && links.isEmpty())
        return text;
    text += QStringLiteral("set -e\n");
    for (const EndChange &c : sysctls)
        text += QStringLiteral("sysctl -w %1\n").arg(shellQuoted(c.key + QLatin1Char('=') + c.change->to));
    for (const EndChange &c : links)
        text += linkCommand(c) + QLatin1Char('\n');
    return text;
}

QString socketOptions(const QString &head, const QList<EndChange> &changes)
{
    QString text = head;
    for (const EndChange &c : ofKind(changes, KnobKind::SocketOption)) {
        const QString level =
            c.knob->socket.level == IPPROTO_TCP ? QStringLiteral("IPPROTO_TCP") : QStringLiteral("SOL_SOCKET");
        const QString option = c.key.mid(c.key.indexOf(QLatin1Char('.')) + 1);
        const QString value =
            c.knob->type == ValueType::Enum ? QStringLiteral("\"%1\"").arg(c.change->to) : c.change->to;
        text += QStringLiteral("setsockopt(fd, %1, %2, %3)\n").arg(level, option, value);
    }
    return text;
}

// The changes a format sets: the others are left out of its header as well.
QList<EndChange> changesFor(TuneExportFormat format, const QList<EndChange> &changes)
{
    switch (format) {
    case TuneExportFormat::SysctlD: return ofKind(changes, KnobKind::Sysctl);
    case TuneExportFormat::Tuned:
    case TuneExportFormat::Shell: return ofKind(changes, KnobKind::Sysctl) + ofKind(changes, KnobKind::Link);
    case TuneExportFormat::SocketOptions: return ofKind(changes, KnobKind::SocketOption);
    }
    return {};
}

} // namespace

QMap<QString, QString> tuneSysctlsAt(const TuneAnswer &answer, RunEnd end)
{
    QMap<QString, QString> out;
    for (const EndChange &c : ofKind(changesAt(answer, end), KnobKind::Sysctl))
        out.insert(c.key, c.change->to);
    return out;
}

QString tuneExportFormatName(TuneExportFormat format)
{
    switch (format) {
    case TuneExportFormat::SysctlD: return QStringLiteral("sysctl.d");
    case TuneExportFormat::Tuned: return QStringLiteral("tuned");
    case TuneExportFormat::Shell: return QStringLiteral("shell");
    case TuneExportFormat::SocketOptions: return QStringLiteral("socket");
    }
    return QString();
}

QByteArray tuneExport(const TuneAnswer &answer, RunEnd end, TuneExportFormat format, const QString &name)
{
    const QList<EndChange> changes = changesFor(format, changesAt(answer, end));
    const QString head = header(name, end, changes);
    QString text;
    switch (format) {
    case TuneExportFormat::SysctlD: text = sysctlD(head, changes); break;
    case TuneExportFormat::Tuned: text = tuned(head, name, changes); break;
    case TuneExportFormat::Shell: text = shell(head, changes); break;
    case TuneExportFormat::SocketOptions: text = socketOptions(head, changes); break;
    }
    return text.toUtf8();
}

} // namespace tcptune
