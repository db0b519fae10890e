#include "experiment/spec/preset_notes.h"

#include <QCoreApplication>
#include <QStringList>

namespace tcptune {

namespace {

// Exactly as the preset files have them: a changed note in a file needs the same change here
// (tst_preset_library checks it), and its German again in translations/tcptune_de.ts.
constexpr const char *kNotes[] = {
    // story1-autocorking.json
    QT_TRANSLATE_NOOP(
        "PresetNote",
        "The lab shapes the client's own egress so that a small write can find an earlier packet of the flow "
        "still queued, and autocorking does engage here: measured in the lab, TcpExtTCPAutoCorking counted 76 "
        "held writes in a 1 s run with it on (the verdict shows the counter). What a veth pair lacks is a "
        "NIC's TX-completion delay: it frees a packet as soon as it is handed over, so the long waits behind "
        "which story 1's writes were corked do not happen and the two arms differ far less than 4 s against 2 "
        "min. Run this preset against a real host (\"target\") to see the full effect."
        " On a real NIC that delay is the driver's TX completion, which its knobs set: link.DEV.tx-usecs and "
        "link.DEV.tx-frames (ethtool -C) and the byte queue limit link.DEV.bql_limit_max; sweeping them at the sender "
        "reproduces story 1 (veth has none of them and refuses them)."),
    // story2-fixed-vs-autotuned.json
    QT_TRANSLATE_NOOP(
        "PresetNote",
        "The lab reproduces the buffer mechanics (the fixed arm's SO_SNDBUF/SO_RCVBUF and the autotuned arm's "
        "growth show in sndbuf_actual and rcvbuf_actual), not the NFS server's NIC, disks and 8 nfsd threads "
        "behind story 2's spread: in the lab the run-to-run spread comes from the machine's load. Compare the "
        "spread against a real host (\"target\")."),
    // story3-tcp-small-queues.json
    QT_TRANSLATE_NOOP(
        "PresetNote",
        "TCP Small Queues holds a flow back until the NIC reports a packet sent (TX completion); a veth pair "
        "frees a packet as soon as it is handed over, so the limit rarely binds in the lab: measured there (3"
        " runs per value), 16 KiB to 4 MiB gave 9.6 to 10.9 Gbit/s and no run collapsed. Run this preset "
        "against a real host (\"target\") whose NIC coalesces TX completions to see story 3's effect."
        " Its second axis turns TSO and GSO off together on the client's veth (link.tcpt-c0.tso and gso): measured in "
        "the lab (1 run per point), 6.1 to 7.7 Gbit/s with them on and 2.2 to 4.8 Gbit/s with them off, every segment "
        "then passing the stack alone. Against a real host, name its device instead of tcpt-c0."),
    // story4-mtu-tsq.json
    QT_TRANSLATE_NOOP(
        "PresetNote",
        "Story 4's collapse came from TCP Small Queues waiting on HiperSockets' TX completions with large "
        "frames; a veth pair completes a packet at once, so the lab does not collapse: measured there (3 runs"
        " per point), every MTU (1500, 9000, 32000 B) and limit gave 8.3 to 13.2 Gbit/s and no run collapsed."
        " Run this preset against a real host (\"target\") to see it."
        " The last combination turns TSO and GSO off on the client's veth (link.tcpt-c0.tso and gso) at 128 KiB: "
        "measured there (1 run per point), 2.6 Gbit/s at MTU 1500, 5.3 at 9000 and 8.1 at 32000 against 5.1 to 7.2 "
        "Gbit/s with them on; without offloads the MTU sets how many segments the stack handles. Against a real host, "
        "name its device instead of tcpt-c0."),
    // story5-send-window.json
    QT_TRANSLATE_NOOP(
        "PresetNote",
        "The lab reproduces the mechanism at the far sender: measured in the lab (8 s runs, settled figures: "
        "each run's start-up phase left out), 40 to 48 Mbit/s at every window and a settled RTT median of "
        "19.8 ms at 64 KiB, 37 ms at 128 KiB, 68 ms at 256 KiB, 97 ms at 384 KiB, 129 ms at 512 KiB and 250 "
        "to 264 ms from 1 to 4 MiB; from 1 MiB on cubic fills the 2 MiB bottleneck queue for about 4 s, so a "
        "shorter run ends before its RTT settles and says so. Up to 1 MiB the send buffer holds the window "
        "and the flow still fills the 50 Mbit/s path; from 2 MiB on congestion control sets the pace (the verdict "
        "and the queue series show both). mvneta's collapse to 3 MB/s after a few seconds was the driver's and is not "
        "reproduced."
        " On a real NIC the driver's part is set by its TX-completion knobs: link.DEV.tx-usecs (mvneta's 10 ms timer "
        "is tx-usecs 10000), link.DEV.tx-frames and the byte queue limit link.DEV.bql_limit_max at the sender (veth "
        "has none of them and refuses them)."),
};

// PresetNote::tr(): looks the notes up where QT_TRANSLATE_NOOP("PresetNote", ...) filed them.
class PresetNote final {
    Q_DECLARE_TR_FUNCTIONS(PresetNote)
};

} // namespace

QString translatedLabNote(const QString &note)
{
    const QByteArray source = note.toUtf8();
    return PresetNote::tr(source.constData());
}

QStringList translatableLabNotes()
{
    QStringList notes;
    for (const char *note : kNotes)
        notes.append(QString::fromUtf8(note));
    return notes;
}

} // namespace tcptune
