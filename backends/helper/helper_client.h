#pragma once
// HelperClient: the unprivileged side of tcptune-helper. It starts the helper (directly as
// root, else through pkexec, else `sudo -n`), talks the line protocol over a Unix socket (which
// also carries descriptors: sockets made in a lab namespace, see docs/privileges.md) and hands out a
// blocking, thread-safe API. A reader thread collects replies, so a helper that dies or hangs
// fails the pending request (and every later one) with a message instead of blocking forever.
// Destroying the client closes the helper's stdin: the helper then rolls back every change it
// made. Usable from any thread (the GUI through a worker, the experiment Runner, the CLI).

#include "common/error.h"
#include "knobs/knob_reader.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>

namespace tcptune {

struct HelperStartOptions {
    enum class Launch {
        Automatic, // root: direct; else pkexec; else sudo -n
        Direct,    // exec the helper as is (it refuses unless it runs as root)
        Pkexec,
        Sudo,
    };
    Launch launch = Launch::Automatic;
    // The helper executable; empty: installlayout::helperExecutable() (libexec/tcptune installed,
    // build/bin in the build tree).
    QString helperPath;
    // Journal folder passed as --journal-dir (tests); must lie under /run/tcptune. Empty: default.
    QString journalDir;
    // How long to wait for the helper's hello (pkexec may wait for a password).
    int startTimeoutMs = 120000;
    // What to do when no way starts the helper, in the refusal; empty: this host's ways (run as
    // root, approve pkexec, allow sudo -n). A far agent names its own host's sudoers line instead.
    QString refusalAdvice;
};

// One change as the helper reports it: after `set`, and each pending entry of `journal`.
struct KnobChange {
    QString key;
    QString netns;    // empty: the host (init namespace)
    QString oldValue; // before the first change by this helper: what a rollback writes back
    QString newValue; // what the helper wrote (read back from the kernel)
};

// What a rollback did: the changes undone and a warning for each skipped or failed one.
struct RestoreReport {
    QList<KnobChange> restored;
    QStringList warnings;
};

// A reply's result and the descriptors that came with it; the receiver owns (closes) them.
struct DescriptorReply {
    QJsonObject result;
    QList<int> fds;
};

class HelperClient final {
    Q_DECLARE_TR_FUNCTIONS(HelperClient)
public:
    [[nodiscard]] static Result<std::unique_ptr<HelperClient>> start(const HelperStartOptions &opts = {});
    ~HelperClient();
    HelperClient(const HelperClient &) = delete;
    HelperClient &operator=(const HelperClient &) = delete;

    // One request: {"id":N,"op":OP,"params":PARAMS} -> the reply's "result", or its "error",
    // or a message when the helper died or did not answer within TIMEOUT_MS.
    [[nodiscard]] Result<QJsonObject> request(const QString &op, const QJsonObject &params = {}, int timeoutMs = 10000);
    // The same, with FDS sent along (the helper gets them as the request's descriptors; they stay
    // ours to close) and the reply's descriptors handed back.
    [[nodiscard]] Result<DescriptorReply> requestWithDescriptors(const QString &op, const QJsonObject &params,
                                                                 const QList<int> &fds = {}, int timeoutMs = 10000);

    // Current value of KEY (canonical form), in NETNS (empty: host).
    [[nodiscard]] Result<QString> get(const QString &key, const QString &netns = {});
    // Writes VALUE (parsed and checked by the helper) and journals the change. CONFIRMED: the
    // user explicitly agreed to turn a core TCP feature off on the host (tcp_sack=0, ...), which
    // the helper refuses otherwise.
    [[nodiscard]] Result<KnobChange> set(const QString &key, const QString &value, const QString &netns = {},
                                         bool confirmed = false);
    // Every catalogue sysctl readable in NETNS (globals from the host).
    [[nodiscard]] Result<KnobSnapshot> snapshot(const QString &netns = {});
    // Rolls back every change this helper made (keys changed by someone else are skipped).
    [[nodiscard]] Result<RestoreReport> restore();
    // The changes this helper has applied and not yet rolled back.
    [[nodiscard]] Result<QList<KnobChange>> journal();

    // The hello reply: protocol, capabilities (operation names), uid, and "recovered": what the
    // helper rolled back at start from journals of helpers that had died.
    const QJsonObject &hello() const;
    RestoreReport recoveredAtStart() const;
    // False once the helper has exited (its stdout closed).
    bool isRunning() const;
    // How the helper was started: "direct", "pkexec" or "sudo".
    QString launchMethod() const;

    struct Private;

private:
    explicit HelperClient(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

// Parses a reply's change object ({"key","netns","old","new"}).
KnobChange knobChangeFromJson(const QJsonObject &o);
RestoreReport restoreReportFromJson(const QJsonObject &o);

} // namespace tcptune
