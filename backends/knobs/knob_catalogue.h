#pragma once
// The compiled-in whitelist of knobs. Nothing outside it is ever read or written: the helper
// builds /proc/sys paths from these entries only, never from its input.

#include "common/error.h"
#include "knobs/knob_info.h"

#include <QCoreApplication>
#include <QList>

#include <map>
#include <memory>
#include <mutex>

namespace tcptune {

class KnobCatalogue final {
    Q_DECLARE_TR_FUNCTIONS(KnobCatalogue)
public:
    static const KnobCatalogue &instance();

    // Every fixed entry; link knobs are per device and not among them (see linkTemplates()).
    const QList<KnobInfo> &all() const { return m_knobs; }
    QList<KnobInfo> ofKind(KnobKind kind) const;
    // The link knobs' templates (key link.DEV.PARAMETER), one per parameter.
    const QList<KnobInfo> &linkTemplates() const { return m_linkTemplates; }
    // nullptr when KEY is not in the catalogue (exact, case-sensitive match). A link key
    // (link.DEV.PARAMETER) with a valid device name and a known parameter yields its entry.
    const KnobInfo *find(const QString &key) const;
    // The socket option that replaces SYSCTL on its socket (SocketOptionInfo::overrides); nullptr
    // when none does.
    const KnobInfo *socketOptionReplacing(const QString &sysctl) const;
    // The entry for KEY, or an error naming the problem (unknown key, characters no key has).
    [[nodiscard]] Result<const KnobInfo *> lookup(const QString &key) const;

private:
    KnobCatalogue();
    // The entry of a link key, made once per key and kept (stable address) for the process.
    [[nodiscard]] Result<const KnobInfo *> linkEntry(const QString &key) const;

    QList<KnobInfo> m_knobs;
    QList<KnobInfo> m_linkTemplates;
    mutable std::mutex m_linkMutex;
    mutable std::map<QString, std::unique_ptr<KnobInfo>> m_linkEntries;
};

} // namespace tcptune
