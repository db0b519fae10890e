#include "helper/helper_client.h"

#include "common/descriptor_passing.h"
#include "common/install_layout.h"
#include "common/process.h"
#include "helper/helper_protocol.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <poll.h>
#include <thread>
#include <unistd.h>

namespace tcptune {
namespace {

// Replies can be longer than requests (a whole snapshot); this only bounds a runaway helper.
constexpr qsizetype kMaxReplyBytes = 1024 * 1024;

} // namespace

struct HelperClient::Private {
    std::unique_ptr<process::PipedProcess> child;
    int toHelper = -1;   // write end of the helper's stdin (owned by CHILD)
    int fromHelper = -1; // read end of its stdout (owned by CHILD)
    QString method;
    QJsonObject hello;

    std::mutex mutex;
    std::condition_variable replied;
    // A reply and the descriptors that came with it ("fds": N in its result).
    struct Answer {
        helperprotocol::Reply reply;
        QList<int> fds;
    };
    std::map<qint64, std::optional<Answer>> pending;
    QList<int> arrived; // descriptors received, not yet claimed by a reply
    qint64 nextId = 1;
    bool dead = false;
    QString deathMessage;
    QString lastUnsolicitedError; // an error without id, e.g. the helper refusing to start

    std::mutex writeMutex;
    std::atomic_bool stopReader{false};
    std::thread reader;

    ~Private()
    {
        shutDown();
        descriptors::closeAll(arrived);
    }

    void readLoop()
    {
        QByteArray buffer;
        char chunk[8192];
        while (!stopReader) {
            pollfd pfd{fromHelper, POLLIN, 0};
            const int ready = ::poll(&pfd, 1, 100);
            if (ready < 0 && errno != EINTR)
                break;
            if (ready <= 0)
                continue;
            QList<int> fds;
            const ssize_t n = descriptors::receive(fromHelper, chunk, sizeof chunk, fds);
            if (!fds.isEmpty()) {
                std::lock_guard lock(mutex);
                arrived += fds;
            }
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n <= 0)
                break;
            buffer.append(chunk, n);
            qsizetype newline;
            while ((newline = buffer.indexOf('\n')) >= 0) {
                handleLine(buffer.left(newline));
                buffer.remove(0, newline + 1);
            }
            if (buffer.size() > kMaxReplyBytes)
                break;
        }
        std::lock_guard lock(mutex);
        markDead();
    }

    void handleLine(const QByteArray &line)
    {
        auto reply = helperprotocol::parseReply(line);
        std::lock_guard lock(mutex);
        if (!reply) {
            lastUnsolicitedError = reply.error().message;
            return;
        }
        Answer answer{*reply, claimDescriptors(*reply)};
        const auto it = reply->id.isDouble() ? pending.find(reply->id.toInteger()) : pending.end();
        if (it == pending.end()) {
            descriptors::closeAll(answer.fds); // the request timed out meanwhile
            if (!reply->ok)
                lastUnsolicitedError = reply->error;
            return;
        }
        it->second = std::move(answer);
        replied.notify_all();
    }

    // Called with MUTEX held: the first N arrived descriptors are REPLY's when it says "fds": N.
    QList<int> claimDescriptors(helperprotocol::Reply &reply)
    {
        const int n = reply.ok ? reply.result.value(QStringLiteral("fds")).toInt(0) : 0;
        if (n <= 0)
            return {};
        if (n > arrived.size()) {
            reply.ok = false;
            reply.error = tr("The helper announced %1 descriptor(s) but %2 arrived; its output does not reach "
                             "tcptune over a Unix socket (sudo with use_pty relays it through a pipe: use pkexec, "
                             "or 'Defaults!HELPER !use_pty').")
                              .arg(n)
                              .arg(arrived.size());
            return {};
        }
        QList<int> claimed = arrived.mid(0, n);
        arrived.remove(0, n);
        return claimed;
    }

    // Called with MUTEX held, once the helper's stdout has closed.
    void markDead()
    {
        if (dead)
            return;
        dead = true;
        if (deathMessage.isEmpty())
            deathMessage =
                lastUnsolicitedError.isEmpty()
                    ? tr("The privileged helper (tcptune-helper) has exited. It rolls its changes back when it "
                         "ends; if it was killed, the next start or 'tcptune knobs restore' does.")
                    : lastUnsolicitedError;
        replied.notify_all();
    }

    // FDS go with the line's first byte.
    bool writeLine(const QByteArray &line, int timeoutMs, const QList<int> &fds = {})
    {
        std::lock_guard lock(writeMutex);
        if (toHelper < 0)
            return false;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        qsizetype done = 0;
        while (done < line.size()) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0)
                return false;
            pollfd pfd{toHelper, POLLOUT, 0};
            const int ready = ::poll(&pfd, 1, int(left.count()));
            if (ready < 0 && errno != EINTR)
                return false;
            if (ready <= 0)
                continue;
            // The helper has closed its end (it exited, e.g. refusing to start): polling again
            // would only report the same until the deadline.
            if (pfd.revents & (POLLERR | POLLHUP))
                return false;
            const ssize_t n = descriptors::send(toHelper, line.constData() + done, size_t(line.size() - done),
                                                done == 0 ? fds : QList<int>());
            if (n < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (n <= 0)
                return false;
            done += n;
        }
        return true;
    }

    // Closes the helper's stdin (it rolls back and exits), waits a bounded time, then stops.
    void shutDown()
    {
        {
            std::lock_guard lock(writeMutex);
            if (child)
                child->closeStdin();
            toHelper = -1;
        }
        if (reader.joinable()) {
            {
                std::unique_lock lock(mutex);
                replied.wait_for(lock, std::chrono::seconds(15), [this] { return dead; });
            }
            stopReader = true;
            reader.join();
        }
        fromHelper = -1;
        child.reset(); // closes its stdout, gives it a few seconds to end, then kills it
    }

    int exitCode() { return child ? child->waitForExit(2000).value_or(-1) : -1; }
};

HelperClient::HelperClient(std::unique_ptr<Private> p)
    : d(std::move(p))
{
}

HelperClient::~HelperClient() = default;

namespace {

// Launches PROGRAM ARGS with pipes on stdin/stdout; the caller then waits for the hello reply.
[[nodiscard]] Result<std::unique_ptr<HelperClient::Private>> launch(const QString &method, const QString &program,
                                                                    const QStringList &args)
{
    // Its own process group: a Ctrl-C meant for a command tcptune runs must not stop the helper
    // before tcptune restores. Our pipe ends are close-on-exec, so commands tcptune runs later
    // never hold the helper's stdin open: when tcptune dies, the helper sees EOF at once.
    process::Options options;
    options.ownProcessGroup = true;
    auto child = process::PipedProcess::start(program, args, options);
    if (!child)
        return std::unexpected(child.error());
    auto d = std::make_unique<HelperClient::Private>();
    d->method = method;
    d->child = std::move(*child);
    d->toHelper = d->child->stdinFd();
    d->fromHelper = d->child->stdoutFd();
    HelperClient::Private *raw = d.get();
    d->reader = std::thread([raw] { raw->readLoop(); });
    return d;
}

// pkexec asks polkit's authority on the system bus. Where there is none (a server or container
// without a system bus or polkitd) it can only fail, and it prints "Error getting authority: ...
// Could not connect" on our terminal first, before the sudo fallback works: skip it there.
// pkexec is setuid, so GLib reads the bus at its fixed path, not DBUS_SYSTEM_BUS_ADDRESS.
bool polkitAuthorityReachable()
{
    if (!QFileInfo(QStringLiteral("/run/dbus/system_bus_socket")).exists())
        return false;
    return QFileInfo::exists(QStringLiteral("/usr/lib/polkit-1/polkitd")) ||
           QFileInfo::exists(QStringLiteral("/usr/libexec/polkitd")) ||
           QFileInfo::exists(QStringLiteral("/usr/share/dbus-1/system-services/org.freedesktop.PolicyKit1.service"));
}

} // namespace

Result<std::unique_ptr<HelperClient>> HelperClient::start(const HelperStartOptions &opts)
{
    const QString helper = opts.helperPath.isEmpty() ? installlayout::helperExecutable() : opts.helperPath;
    if (!QFileInfo(helper).isExecutable())
        return fail(
            tr("The helper %1 is missing or not executable; build tcptune-helper or install the tcptune package.")
                .arg(helper));
    QStringList helperArgs{QFileInfo(helper).absoluteFilePath()};
    if (!opts.journalDir.isEmpty())
        helperArgs << QStringLiteral("--journal-dir") << opts.journalDir;

    using Launch = HelperStartOptions::Launch;
    QList<Launch> order;
    if (opts.launch != Launch::Automatic)
        order << opts.launch;
    else if (::geteuid() == 0)
        order << Launch::Direct;
    else if (polkitAuthorityReachable())
        order << Launch::Pkexec << Launch::Sudo;
    else
        order << Launch::Sudo;

    QStringList problems;
    if (!order.contains(Launch::Pkexec) && opts.launch == Launch::Automatic && ::geteuid() != 0)
        problems << tr("pkexec was not tried: there is no polkit authority here (no system D-Bus or polkitd).");
    for (Launch how : order) {
        QString program;
        QStringList args;
        QString method;
        if (how == Launch::Direct) {
            program = helperArgs.front();
            args = helperArgs.mid(1);
            method = QStringLiteral("direct");
        } else {
            const QString tool = how == Launch::Pkexec ? QStringLiteral("pkexec") : QStringLiteral("sudo");
            program = process::findInPath(tool);
            if (program.isEmpty()) {
                problems << tr("%1 is not installed.").arg(tool);
                continue;
            }
            if (how == Launch::Sudo)
                args << QStringLiteral("-n");
            args += helperArgs;
            method = tool;
        }
        auto launched = launch(method, program, args);
        if (!launched) {
            problems << launched.error().message;
            continue;
        }
        std::unique_ptr<HelperClient> client(new HelperClient(std::move(*launched)));
        auto hello = client->request(QStringLiteral("hello"), {}, opts.startTimeoutMs);
        if (hello) {
            client->d->hello = *hello;
            return client;
        }
        const int code = client->d->exitCode();
        if (how == Launch::Pkexec && (code == 126 || code == 127))
            problems << tr("Authentication for tcptune-helper was refused or cancelled (pkexec exit %1).").arg(code);
        else if (how == Launch::Sudo && code == 1)
            problems << tr("sudo -n did not start tcptune-helper (a password is needed or sudo is not configured).");
        else
            problems << hello.error().message;
    }
    const QString advice = !opts.refusalAdvice.isEmpty()
                               ? opts.refusalAdvice
                               : tr("Changing kernel knobs needs administrator rights: run tcptune as root, approve "
                                    "the pkexec prompt, or allow 'sudo -n' for tcptune-helper.");
    return fail(tr("Cannot start the privileged helper: %1 %2").arg(problems.join(QLatin1Char(' ')), advice));
}

Result<QJsonObject> HelperClient::request(const QString &op, const QJsonObject &params, int timeoutMs)
{
    auto reply = requestWithDescriptors(op, params, {}, timeoutMs);
    if (!reply)
        return std::unexpected(reply.error());
    descriptors::closeAll(reply->fds); // none were asked for
    return reply->result;
}

Result<DescriptorReply> HelperClient::requestWithDescriptors(const QString &op, const QJsonObject &params,
                                                             const QList<int> &fds, int timeoutMs)
{
    qint64 id = 0;
    {
        std::lock_guard lock(d->mutex);
        if (d->dead)
            return fail(d->deathMessage);
        id = d->nextId++;
        d->pending.emplace(id, std::nullopt);
    }
    const auto forget = [this, id] {
        std::lock_guard lock(d->mutex);
        d->pending.erase(id);
    };
    QJsonObject sent = params;
    if (!fds.isEmpty())
        sent.insert(QStringLiteral("fds"), int(fds.size()));
    const QByteArray line = helperprotocol::encodeRequest(id, op, sent);
    if (line.size() - 1 > helperprotocol::kMaxLineBytes) {
        forget();
        return fail(tr("The request '%1' is longer than %2 bytes; send fewer or shorter values.")
                        .arg(op)
                        .arg(helperprotocol::kMaxLineBytes));
    }
    if (!d->writeLine(line, timeoutMs, fds)) {
        forget();
        std::unique_lock lock(d->mutex);
        // A helper that exited closed its end before its last words were read: they come with the
        // end of its output, which the reader sees at once.
        d->replied.wait_for(lock, std::chrono::seconds(2), [&] { return d->dead; });
        return fail(d->dead ? d->deathMessage
                            : tr("Cannot send the request '%1' to the helper: it does not read its input.").arg(op));
    }
    std::unique_lock lock(d->mutex);
    const bool answered = d->replied.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                                              [&] { return d->dead || d->pending.at(id).has_value(); });
    std::optional<Private::Answer> answer = std::move(d->pending.at(id));
    d->pending.erase(id);
    if (answer) {
        if (!answer->reply.ok)
            return fail(answer->reply.error);
        return DescriptorReply{answer->reply.result, answer->fds};
    }
    if (d->dead)
        return fail(d->deathMessage);
    Q_ASSERT(!answered);
    return fail(tr("The helper did not answer '%1' within %2 ms.").arg(op).arg(timeoutMs));
}

Result<QString> HelperClient::get(const QString &key, const QString &netns)
{
    QJsonObject params{{QStringLiteral("key"), key}};
    if (!netns.isEmpty())
        params.insert(QStringLiteral("netns"), netns);
    auto reply = request(QStringLiteral("get"), params);
    if (!reply)
        return std::unexpected(reply.error());
    return reply->value(QStringLiteral("value")).toString();
}

Result<KnobChange> HelperClient::set(const QString &key, const QString &value, const QString &netns, bool confirmed)
{
    QJsonObject params{{QStringLiteral("key"), key}, {QStringLiteral("value"), value}};
    if (!netns.isEmpty())
        params.insert(QStringLiteral("netns"), netns);
    if (confirmed)
        params.insert(QStringLiteral("confirm"), true);
    auto reply = request(QStringLiteral("set"), params);
    if (!reply)
        return std::unexpected(reply.error());
    return knobChangeFromJson(*reply);
}

Result<KnobSnapshot> HelperClient::snapshot(const QString &netns)
{
    QJsonObject params;
    if (!netns.isEmpty())
        params.insert(QStringLiteral("netns"), netns);
    auto reply = request(QStringLiteral("snapshot"), params);
    if (!reply)
        return std::unexpected(reply.error());
    KnobSnapshot snapshot;
    const QJsonObject values = reply->value(QStringLiteral("values")).toObject();
    for (auto it = values.constBegin(); it != values.constEnd(); ++it)
        snapshot.insert(it.key(), it.value().toString());
    return snapshot;
}

Result<RestoreReport> HelperClient::restore()
{
    auto reply = request(QStringLiteral("restore"), {}, 30000);
    if (!reply)
        return std::unexpected(reply.error());
    return restoreReportFromJson(*reply);
}

Result<QList<KnobChange>> HelperClient::journal()
{
    auto reply = request(QStringLiteral("journal"));
    if (!reply)
        return std::unexpected(reply.error());
    QList<KnobChange> changes;
    for (const QJsonValue &v : reply->value(QStringLiteral("entries")).toArray())
        changes << knobChangeFromJson(v.toObject());
    return changes;
}

const QJsonObject &HelperClient::hello() const
{
    return d->hello;
}

RestoreReport HelperClient::recoveredAtStart() const
{
    return restoreReportFromJson(d->hello.value(QStringLiteral("recovered")).toObject());
}

bool HelperClient::isRunning() const
{
    std::lock_guard lock(d->mutex);
    return !d->dead;
}

QString HelperClient::launchMethod() const
{
    return d->method;
}

KnobChange knobChangeFromJson(const QJsonObject &o)
{
    return {o.value(QStringLiteral("key")).toString(), o.value(QStringLiteral("netns")).toString(),
            o.value(QStringLiteral("old")).toString(), o.value(QStringLiteral("new")).toString()};
}

RestoreReport restoreReportFromJson(const QJsonObject &o)
{
    RestoreReport report;
    for (const QJsonValue &v : o.value(QStringLiteral("restored")).toArray())
        report.restored << knobChangeFromJson(v.toObject());
    for (const QJsonValue &v : o.value(QStringLiteral("warnings")).toArray())
        report.warnings << v.toString();
    return report;
}

} // namespace tcptune
