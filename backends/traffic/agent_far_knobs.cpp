// AgentServer and this host's knobs: what a client learns of them (the ssh description, "ready"),
// and the knobs a run over ssh set, read and put back when it ends.
#include "traffic/agent_server_impl.h"

#include "knobs/knob_catalogue.h"
#include "knobs/knob_snapshot_json.h"
#include "knobs/knob_value.h"

#include <sys/utsname.h>
#include <utility>

namespace tcptune {

namespace {

// The values this host's kernel offers for each enum sysctl of the catalogue.
QMap<QString, QStringList> enumChoices()
{
    QMap<QString, QStringList> choices;
    for (const KnobInfo &knob : KnobCatalogue::instance().all())
        if (knob.kind == KnobKind::Sysctl && knob.type == ValueType::Enum)
            choices.insert(knob.key, knobvalue::allowedValues(knob));
    return choices;
}

} // namespace

// What a connection test over ssh shows of this host: version, kernel, knobs and their choices,
// helper.
agentproto::HostDescription AgentServer::Impl::describeHost() const
{
    agentproto::HostDescription d;
    d.program = QStringLiteral(TCPTUNE_VERSION);
    utsname name{};
    d.kernel = ::uname(&name) == 0 ? QString::fromLocal8Bit(name.release) : tr("unknown");
    if (const auto knobs = readKnobs())
        d.knobs = *knobs;
    else
        d.knobsNote = knobs.error().message;
    d.choices = enumChoices();
    const Result<QString> helper =
        options.checkHelper ? options.checkHelper() : Result<QString>(fail(tr("this agent changes no knobs")));
    d.helperUsable = helper.has_value();
    d.helper = helper ? *helper : helper.error().message;
    return d;
}

// The agent's knobs as the run left them, then the run's own changes put back: before "result",
// so that a client's next run never finds them half restored.
QJsonObject AgentServer::Impl::knobsAfterRun(Session &session)
{
    QJsonObject out;
    if (!session.knobsToRestore)
        return out;
    if (const auto after = readKnobs(); after) {
        out.insert(key("knobs_after"), knobSnapshotToJson(*after));
    } else {
        out.insert(key("knobs_after_note"), after.error().message);
    }
    session.knobsToRestore = false;
    if (auto restored = options.restoreKnobs(); !restored)
        out.insert(key("knobs_restore_error"), restored.error().message);
    return out;
}

// Whatever ended the session (the channel closed, a refusal, the agent stopping): the knobs go back.
void AgentServer::Impl::restoreKnobs(Session &session)
{
    if (!std::exchange(session.knobsToRestore, false))
        return;
    if (auto restored = options.restoreKnobs(); !restored)
        log(tr("%1: run %2: %3").arg(session.peer, session.id, restored.error().message));
}

// Version and knob values only to a client that proved it knows the token (or to the local lab,
// or over ssh).
Result<KnobSnapshot> AgentServer::Impl::knobsForClient(const Session &session) const
{
    if (!session.authenticated && !options.knobsWithoutToken)
        return KnobSnapshot{};
    return readKnobs();
}

} // namespace tcptune
