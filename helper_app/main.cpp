// tcptune-helper: the privileged half of tcptune. Runs as root (started directly, by pkexec or
// by sudo -n), reads one JSON request per line on stdin and answers one JSON reply per line on
// stdout. Every change is journalled under /run/tcptune first and rolled back when stdin closes,
// on SIGTERM/SIGHUP/SIGINT, on "restore", or by the next helper after a crash.

#include "common/descriptor_passing.h"
#include "common/termination_signals.h"
#include "helper/helper_journal.h"
#include "helper/helper_line_reader.h"
#include "helper/helper_operations.h"
#include "helper/helper_protocol.h"
#include "helper/helper_service.h"
#include "helper/sysctl_files.h"
#include "lab/lab_helper_operations.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QStringList>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <poll.h>
#include <sys/stat.h>
#include <syslog.h>
#include <unistd.h>

using namespace tcptune;

namespace {

// TcptuneHelper::tr(): lupdate files this file's text under the context that tr() looks it up in.
class TcptuneHelper final {
    Q_DECLARE_TR_FUNCTIONS(TcptuneHelper)
};

// Who asked for the changes, for the log: pkexec and sudo say so in the environment.
int requestingUid()
{
    for (const char *name : {"PKEXEC_UID", "SUDO_UID"}) {
        if (const char *v = std::getenv(name)) {
            char *end = nullptr;
            const long uid = std::strtol(v, &end, 10);
            if (end != v && *end == '\0' && uid >= 0)
                return int(uid);
        }
    }
    return int(::getuid());
}

// Before anything else: no inherited descriptors but stdin/stdout/stderr, nothing from the
// caller's environment, files private to root.
void harden()
{
    ::close_range(3, ~0U, 0);
    ::umask(077);
    ::clearenv();
    ::setenv("PATH", "/usr/sbin:/usr/bin:/sbin:/bin", 1);
    ::setenv("LC_ALL", "C.UTF-8", 1);
}

// FDS go with the first byte: tcptune's stdout is a Unix socket (HelperClient makes it so).
bool writeAll(const QByteArray &data, const QList<int> &fds = {})
{
    qsizetype done = 0;
    while (done < data.size()) {
        const ssize_t n = descriptors::send(STDOUT_FILENO, data.constData() + done, size_t(data.size() - done),
                                            done == 0 ? fds : QList<int>());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

void logLine(int priority, const QString &message)
{
    ::syslog(priority, "%s", message.toUtf8().constData());
}

struct Arguments {
    QString journalDir = HelperJournal::defaultDirectory();
    QString problem;
    bool help = false;
    bool version = false;
};

// The help is also the source of the tcptune-helper(8) man page (cmake/TcptuneManPage.cmake),
// so it keeps QCommandLineParser's layout: usage, description, an "Options:" table.
QString helpText()
{
    return TcptuneHelper::tr(
        "Usage: tcptune-helper [--journal-dir DIR]\n"
        "The privileged half of tcptune. tcptune starts it as root (directly, through pkexec or through "
        "'sudo -n') and sends it one JSON request per line on stdin; it answers one JSON reply per line on "
        "stdout. It changes only the kernel knobs of its compiled-in catalogue and the network namespaces of "
        "tcptune's lab, journals every change under /run/tcptune before making it, and rolls every change back "
        "when stdin closes, on SIGTERM, SIGHUP or SIGINT, on a 'restore' request, and at its next start after a "
        "crash. Users do not run it themselves.\n"
        "\n"
        "Options:\n"
        "  --journal-dir <DIR>  Keep the journal in DIR, a folder below /run/tcptune.\n"
        "  -h, --help           Print this help and exit.\n"
        "  --version            Print the version and exit.\n");
}

Arguments parseArguments(int argc, char **argv)
{
    Arguments args;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        if (arg == QLatin1String("--journal-dir") && i + 1 < argc)
            args.journalDir = QString::fromLocal8Bit(argv[++i]);
        else if (arg == QLatin1String("--help") || arg == QLatin1String("-h"))
            args.help = true;
        else if (arg == QLatin1String("--version"))
            args.version = true;
        else
            args.problem =
                TcptuneHelper::tr("Unknown argument '%1'. Usage: tcptune-helper [--journal-dir /run/tcptune/DIR]")
                    .arg(arg.left(64));
    }
    return args;
}

int refuse(const QString &message, int code)
{
    writeAll(helperprotocol::errorReply(QJsonValue(), message));
    std::fprintf(stderr, "tcptune-helper: %s\n", message.toLocal8Bit().constData());
    return code;
}

// The journal folder checked, orphans of dead helpers rolled back, this helper's journal made.
[[nodiscard]] Result<std::unique_ptr<HelperService>> openService(const QString &journalDir, int uid)
{
    auto dir = HelperJournal::checkedDirectory(journalDir);
    if (!dir)
        return std::unexpected(dir.error());
    const QString bootId = HelperJournal::currentBootId();
    const QJsonObject recovered = HelperService::recoverOrphans(*dir, bootId, logLine);
    auto journal = HelperJournal::create(*dir, bootId);
    if (!journal)
        return std::unexpected(journal.error());
    auto service = std::make_unique<HelperService>(std::move(*journal), uid, logLine);
    service->setRecovered(recovered);
    return service;
}

// A request that brings descriptors says how many ("fds": N in its params); they are the first N
// of ARRIVED, in order. The count is taken out of PARAMS, so handlers see only their own fields.
[[nodiscard]] Result<QList<int>> claimDescriptors(QJsonObject &params, QList<int> &arrived)
{
    const QJsonValue count = params.take(QStringLiteral("fds"));
    if (count.isUndefined())
        return QList<int>();
    const int n = count.toInt(-1);
    if (n < 0 || n > descriptors::kMaxPerMessage || n > arrived.size())
        return fail(TcptuneHelper::tr("The request announces %1 descriptor(s) but %2 arrived with it; send them over "
                                      "the helper's Unix socket.")
                        .arg(count.toVariant().toString().left(12))
                        .arg(arrived.size()));
    QList<int> claimed = arrived.mid(0, n);
    arrived.remove(0, n);
    return claimed;
}

// Descriptors nobody announces would pile up: keep at most a few messages' worth.
void dropExcess(QList<int> &arrived)
{
    while (arrived.size() > 2 * descriptors::kMaxPerMessage)
        ::close(arrived.takeFirst());
}

// One request line in, one reply line out (with the descriptors it carries, "fds": N). False
// when stdout is gone. ARRIVED: descriptors received and not yet claimed by a request.
bool answer(const HelperOperations &ops, const QByteArray &line, QList<int> &arrived)
{
    if (line.trimmed().isEmpty())
        return true;
    QJsonValue id;
    auto request = helperprotocol::parseRequest(line, &id);
    if (!request)
        return writeAll(helperprotocol::errorReply(id, request.error().message));
    auto claimed = claimDescriptors(request->params, arrived);
    if (!claimed)
        return writeAll(helperprotocol::errorReply(request->id, claimed.error().message));
    HelperOperations::Descriptors fds;
    fds.received = *claimed;
    auto result = ops.dispatch(request->op, request->params, &fds);
    descriptors::closeAll(fds.received);
    if (!result)
        descriptors::closeAll(fds.toSend); // an error reply carries none
    else if (!fds.toSend.isEmpty())
        result->insert(QStringLiteral("fds"), int(fds.toSend.size()));
    const bool sent = writeAll(result ? helperprotocol::okReply(request->id, *result)
                                      : helperprotocol::errorReply(request->id, result.error().message),
                               fds.toSend);
    descriptors::closeAll(fds.toSend);
    return sent;
}

// Serves requests until stdin ends, stdout breaks or a stop signal arrives (STOP_SIGNALS may be
// null: no descriptor was left for them); returns why it ended.
QString serve(const HelperOperations &ops, TerminationSignals *stopSignals)
{
    const int signalFd = stopSignals ? stopSignals->fd() : -1;
    HelperLineReader reader(helperprotocol::kMaxLineBytes);
    bool open = true;
    QString why = QStringLiteral("stdin closed");
    QList<int> arrived;
    const auto onLine = [&](const QByteArray &line) {
        if (!answer(ops, line, arrived)) {
            open = false;
            why = QStringLiteral("stdout closed");
        }
    };
    const auto onOverlong = [&] {
        open = open && writeAll(helperprotocol::errorReply(
                           QJsonValue(), TcptuneHelper::tr("Request line longer than %1 bytes; it is ignored.")
                                             .arg(helperprotocol::kMaxLineBytes)));
    };
    char chunk[8192];
    while (open) {
        pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {signalFd, POLLIN, 0}};
        if (::poll(fds, signalFd >= 0 ? 2 : 1, -1) < 0) {
            if (errno == EINTR)
                continue;
            return QStringLiteral("poll failed");
        }
        if (signalFd >= 0 && (fds[1].revents & POLLIN))
            return QStringLiteral("signal %1").arg(stopSignals->take());
        if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
            continue;
        const ssize_t n = descriptors::receive(STDIN_FILENO, chunk, sizeof chunk, arrived);
        dropExcess(arrived);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (reader.hasPartial())
                writeAll(helperprotocol::errorReply(
                    QJsonValue(),
                    TcptuneHelper::tr("Input ended in the middle of a request (no newline); it is ignored.")));
            break;
        }
        reader.feed(chunk, size_t(n), onLine, onOverlong);
    }
    return why;
}

} // namespace

int main(int argc, char **argv)
{
    const int uid = requestingUid();
    harden();
    // Termination signals arrive through a descriptor, so a rollback never races a request.
    // Without it (no descriptors left), the signals end the helper rather than be lost.
    auto stopSignals = TerminationSignals::install();

    const Arguments args = parseArguments(argc, argv);
    if (!args.problem.isEmpty())
        return refuse(args.problem, 2);
    if (args.help || args.version) // needs no privileges: the man page is made from it at build time
        return writeAll(args.help ? helpText().toUtf8() : QByteArrayLiteral("tcptune-helper " TCPTUNE_VERSION "\n"))
                   ? 0
                   : 1;
    if (::geteuid() != 0)
        return refuse(
            TcptuneHelper::tr("tcptune-helper must run as root: start it through tcptune, which uses pkexec or "
                              "'sudo -n', or run tcptune as root."),
            126);
    ::openlog("tcptune-helper", LOG_PID, LOG_AUTHPRIV);
    auto service = openService(args.journalDir, uid);
    if (!service)
        return refuse(service.error().message, 1);
    HelperOperations ops;
    (*service)->addOperations(ops);
    addLabOperations(ops);                         // lab_up, lab_down, lab_status: see backends/lab
    SysctlFiles::addOperations(ops, uid, logLine); // the tuner's "Make permanent"
    logLine(LOG_INFO, QStringLiteral("started for uid %1").arg(uid));

    const QString why = serve(ops, stopSignals ? stopSignals->get() : nullptr);

    const QJsonObject report = (*service)->rollbackAll();
    const int restored = int(report.value(QStringLiteral("restored")).toArray().size());
    const int warnings = int(report.value(QStringLiteral("warnings")).toArray().size());
    logLine(
        LOG_INFO,
        QStringLiteral("exiting (%1): %2 change(s) rolled back, %3 warning(s)").arg(why).arg(restored).arg(warnings));
    (*service)->removeJournalIfEmpty();
    ::closelog();
    return 0;
}
