#pragma once
// The lab's operations in tcptune-helper: lab_up, lab_down, lab_status, lab_sockets,
// lab_socket_options, lab_capture
// and the readers below. They run as root, so every parameter is checked here: lab names must be
// valid (they become tcptune-NAME-* namespace names) and lab values go through the knob
// catalogue's lab parameters.
//
//   lab_up     {"name": "lab", "knobs": {"lab.rate": "50mbit", "lab.topology": "routed", ...}}
//   lab_down   {"name": "lab"}
//   lab_status {"name": "lab"} (or no name: every lab) -> also the kernel's qdiscs
//   lab_sockets {"netns": "tcptune-lab-client", "family": "inet", "count": 3, "congestion_control":
//              "cubic" (optional), "type": "tcp" (default) or "udp"} -> "fds": 3, and the
//              three unbound sockets, made in that namespace, passed with the reply
//              (SCM_RIGHTS); see docs/privileges.md
//   lab_socket_options {"congestion_control": "cubic", "sndbuf": 1048576} with one TCP socket of a
//              lab passed along (SCM_RIGHTS): sets them on it (common/socket_tuning.h), such as a
//              socket the lab's agent accepted -> {"netns": ..., "sndbuf": what SO_SNDBUF reads}
//   lab_capture {"netns": "tcptune-lab-client", "interface": "tcpt-c0", "filter": [[code, jt, jf,
//              k], ...] (classic BPF, compiled by the caller), "buffer_bytes": 8388608} -> "fds": 1, and
//              a packet socket on that link of the lab, the filter locked on it (docs/privileges.md)
//   mib_counters {"netns": "tcptune-lab-client"} -> {"counters": {"TcpOutSegs": 12, ...}}
//   qdisc_stats  {"netns": "tcptune-lab-router", "interface": "tcpt-r1"} -> the root qdisc's
//                statistics (kind, bytes, packets, drops, overlimits, requeues, backlog, qlen)
// mib_counters and qdisc_stats only read, and only in lab namespaces: they let a tcptune that
// does not run as root see inside the lab (the per-run counters and queue series of issue 14).

namespace tcptune {

class HelperOperations;

void addLabOperations(HelperOperations &ops);

} // namespace tcptune
