#!/usr/bin/env python3
"""tcptune's traffic engine against iperf3 on the same path, the cost of TCP_INFO sampling, and
the send methods (copy, zerocopy, sendfile).

Usage (root): bench/traffic/run.py [BUILD_DIR] [--duration S] [--runs N] [--skip-send-methods] [--quick]
                                  [--cc NAME[,NAME...]] [--streams N[,N...]] [--affinity C,S]

--quick: one run of 1 s per figure, 1 and 4 streams, to see that the script works (its figures
mean nothing).
--cc NAMES: the comparison runs every row once per congestion control (default bbr,cubic), both
tools asking for it on every connection (`iperf3 -C`, `tcptune run --cc`); the sampling and send
method parts use the first. With bbr and no fq qdisc (this VM's default) the kernel paces every
flow with a timer of its own, and on loopback and veth that timer sets much of the pace.
--streams COUNTS: the stream counts of the comparison (default 1,4,8,16).
--affinity C,S: both tools' clients run on CPU C and their servers on CPU S (`iperf3 -A`,
`tcptune run/serve --affinity`); without it the scheduler places them.

Paths: loopback (127.0.0.1) and a veth pair between two namespaces this script creates
(tcptune-t-benchtra / tcptune-t-benchtrb, 198.18.19.0/24), always deleted at the end.
1. For each congestion control, path and stream count it runs `iperf3 -c` (against `iperf3 -s`)
   and `tcptune run` (against `tcptune serve`) alternately, N times each, and reports the median
   receiver throughput of each and the ratio of the medians, and the CPU seconds per GB received
   of both ends together (the client's from its rusage once reaped, the server's from /proc: its
   utime and stime over the run), median of the runs; and whether 4 streams move 1.5x the bytes of 1.
2. Sampling cost: `tcptune run` on loopback, 1 and 16 streams, with --sample-ms 10 and
   --sample-ms 1 against --sample-ms 60000 (no sample during the run), alternating, N each; and,
   as a 1 % difference drowns in the noise of throughput, the cost where it is spent: the share
   of the run thread's CPU that its TCP_INFO readings took (tcptune logs it under
   tcptune.traffic.cost).
3. Send methods, 1 stream on each path: `tcptune run` with copy, --zerocopy and --sendfile, and
   `iperf3 -Z` (sendfile) beside them, alternating, N each.
It prints the machine, the load average at start and end (the figures mean something only on
a quiet machine: load below 1) and the TCP settings the figures depend on (congestion control,
buffer limits), and ends with the tables as Markdown, ready for bench/README.md, each figure
beside its target (issues 15 and 35): ratio >= 1.00 and CPU per GB at most iperf3's in every row,
sampling at 10 ms < 1 %, at 1 ms < 3 %.
Traffic goes only to loopback and to the script's own namespaces.
"""
import datetime
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import machine  # noqa: E402

NS_A, NS_B = "tcptune-t-benchtra", "tcptune-t-benchtrb"
ADDR_A, ADDR_B = "198.18.19.1", "198.18.19.2"
AGENT_PORT, IPERF_PORT = 15290, 15291
# (name, client namespace, server address); the server runs in NS_B when the client has a namespace.
PATHS = (("loopback", None, "127.0.0.1"), ("veth", NS_A, ADDR_B))


def sh(*args, check=True):
    return subprocess.run(args, check=check, capture_output=True, text=True)


def netns_setup(ns_a=NS_A, ns_b=NS_B, addr_a=ADDR_A, addr_b=ADDR_B, devices=("ttbencha", "ttbenchb")):
    """Two namespaces joined by a veth pair (DEVICES), ADDR_A/24 and ADDR_B/24 on its ends."""
    netns_teardown(ns_a, ns_b)
    sh("ip", "netns", "add", ns_a)
    sh("ip", "netns", "add", ns_b)
    sh("ip", "link", "add", devices[0], "netns", ns_a, "type", "veth", "peer", "name", devices[1], "netns", ns_b)
    for ns, dev, addr in ((ns_a, devices[0], addr_a), (ns_b, devices[1], addr_b)):
        sh("ip", "-n", ns, "addr", "add", addr + "/24", "dev", dev)
        sh("ip", "-n", ns, "link", "set", dev, "up")
        sh("ip", "-n", ns, "link", "set", "lo", "up")


def netns_teardown(ns_a=NS_A, ns_b=NS_B):
    for ns in (ns_a, ns_b):
        sh("ip", "netns", "del", ns, check=False)


def in_ns(ns, argv):
    return ["ip", "netns", "exec", ns] + argv if ns else argv


def wait_port(ns, host, port, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = subprocess.run(in_ns(ns, ["bash", "-c", f"exec 3<>/dev/tcp/{host}/{port}"]), capture_output=True)
        if r.returncode == 0:
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {host}:{port}")


# --cc NAME: the congestion control both tools ask for on every connection (empty: the system's).
CONGESTION = []
# --affinity CLIENT,SERVER: the CPUs each end of both tools is pinned to (empty: not pinned).
AFFINITY = []


def client_cpu(argv, env=None):
    """Runs ARGV (a client) to its end; (stdout, stderr, CPU seconds it used). The servers are this
    script's children too, but they are reaped only at the end, so the change of the reaped
    children's usage is the client's."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(argv, check=True, capture_output=True, text=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.stdout, r.stderr, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def iperf3_run(ns, host, streams, duration, extra=(), server=None):
    """(throughput, CPU seconds of client + server) when SERVER (a Servers) is given, else throughput."""
    options = (["-C", CONGESTION[0]] if CONGESTION else []) + (["-A", AFFINITY[0]] if AFFINITY else [])
    before = server.cpu("iperf3") if server else 0
    out, _, cpu = client_cpu(in_ns(ns, ["iperf3", "-c", host, "-p", str(IPERF_PORT), "-t", str(duration), "-P",
                                        str(streams), "-J"] + options + list(extra)))
    bps = json.loads(out)["end"]["sum_received"]["bits_per_second"]
    return (bps, cpu + server.cpu("iperf3") - before) if server else bps


def tcptune_run(tcptune, ns, host, streams, duration, extra=(), metered=False, server=None):
    """(throughput, samples, sampling's share of the run thread's CPU in % when METERED, else None,
    CPU seconds of client + server when SERVER is given, else None)."""
    options = (["--cc", CONGESTION[0]] if CONGESTION else []) + (["--affinity", AFFINITY[0]] if AFFINITY else [])
    env = dict(os.environ, QT_LOGGING_RULES="tcptune.traffic.cost=true") if metered else None
    before = server.cpu("tcptune") if server else 0
    out, err, cpu = client_cpu(in_ns(ns, [tcptune, "run", "--target", f"{host}:{AGENT_PORT}", "--duration",
                                          str(duration), "--streams", str(streams), "--json"] + options + list(extra)),
                               env=env)
    o = json.loads(out)
    share = re.search(r"sampling: .*\(([0-9.]+) %\)", err)
    return (o["throughput_bps"], len(o["samples"]), float(share.group(1)) if share else None,
            cpu + server.cpu("tcptune") - before if server else None)


class Servers:
    """`tcptune serve` and `iperf3 -s` on one path, stopped on exit."""

    def __init__(self, tcptune, ns, host):
        self.procs = [subprocess.Popen(in_ns(ns, argv), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                      for argv in ([tcptune, "serve", "--port", str(AGENT_PORT), "--bind", host]
                                   + (["--affinity", AFFINITY[1]] if AFFINITY else []),
                                   ["iperf3", "-s", "-p", str(IPERF_PORT), "-B", host]
                                   + (["-A", AFFINITY[1]] if AFFINITY else []))]
        self.ns, self.host = ns, host

    def cpu(self, tool):
        """CPU seconds the server of TOOL (tcptune or iperf3) has used so far, all its threads (/proc)."""
        proc = self.procs[0 if tool == "tcptune" else 1]  # ip netns exec execs the server: same pid
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def __enter__(self):
        client_ns = NS_A if self.ns else None
        wait_port(client_ns, self.host, AGENT_PORT)
        wait_port(client_ns, self.host, IPERF_PORT)
        return self

    def __exit__(self, *exc):
        for p in self.procs:
            p.terminate()
            p.wait(10)


def alternate(runs, variants):
    """Runs each callable of VARIANTS (name -> fn) in turn, RUNS rounds; returns name -> results."""
    results = {name: [] for name in variants}
    for _ in range(runs):
        for name, fn in variants.items():
            results[name].append(fn())
    return results


def gbit(values):
    return "[" + ", ".join(f"{v / 1e9:.2f}" for v in values) + "]"


def throughput_and_cpu(run):
    """(throughput, CPU seconds of both ends) of a tcptune_run() result."""
    bps, _, _, cpu = run
    return bps, cpu


def compare_iperf3(tcptune, runs, duration, stream_counts, controls):
    """Rows (congestion control, path, streams, tcptune's runs, iperf3's runs); a run is
    (throughput in bit/s, CPU seconds of both ends)."""
    rows = []
    for cc in controls:
        CONGESTION[:] = [cc] if cc else []
        for name, ns, host in PATHS:
            with Servers(tcptune, NS_B if ns else None, host) as servers:
                for streams in stream_counts:
                    r = alternate(runs, {
                        "iperf3": lambda: iperf3_run(ns, host, streams, duration, server=servers),
                        "tcptune": lambda: throughput_and_cpu(
                            tcptune_run(tcptune, ns, host, streams, duration, server=servers))})
                    rows.append((cc or "default", name, streams, r["tcptune"], r["iperf3"]))
                    print(f"{cc or 'default'} {name} {streams} stream(s): tcptune {gbit(v[0] for v in r['tcptune'])} "
                          f"iperf3 {gbit(v[0] for v in r['iperf3'])} Gbit/s", flush=True)
    CONGESTION[:] = [controls[0]] if controls[0] else []
    return rows


def cpu_per_gb(runs, duration):
    """Median CPU seconds (both ends) per GB received over RUNS of DURATION seconds."""
    return statistics.median(cpu / (bps * duration / 8 / 1e9) for bps, cpu in runs)


def sampling_cost(tcptune, runs, duration, stream_counts=(1, 16)):
    """(streams, interval ms) -> runs; 60000 ms is no sample during the run."""
    results = {}
    with Servers(tcptune, None, "127.0.0.1"):
        for streams in stream_counts:
            r = alternate(runs, {ms: (lambda ms=ms: tcptune_run(tcptune, None, "127.0.0.1", streams, duration,
                                                                ["--sample-ms", str(ms)], metered=ms < 60000))
                                 for ms in (60000, 10, 1)})
            for ms, values in r.items():
                results[(streams, ms)] = values
                print(f"{streams} stream(s), sampling every {ms} ms: {gbit(v[0] for v in values)} Gbit/s, samples "
                      f"{[v[1] for v in values]}, share of the run thread's CPU {[v[2] for v in values]} %", flush=True)
    return results


def send_methods(tcptune, runs, duration):
    rows = []
    for name, ns, host in PATHS:
        with Servers(tcptune, NS_B if ns else None, host):
            r = alternate(runs, {
                "copy": lambda: tcptune_run(tcptune, ns, host, 1, duration)[0],
                "zerocopy": lambda: tcptune_run(tcptune, ns, host, 1, duration, ["--zerocopy"])[0],
                "sendfile": lambda: tcptune_run(tcptune, ns, host, 1, duration, ["--sendfile"])[0],
                "iperf3 -Z": lambda: iperf3_run(ns, host, 1, duration, ["-Z"])})
        rows.append((name, r))
        print(f"{name} send methods: " + ", ".join(f"{k} {gbit(v)}" for k, v in r.items()), flush=True)
    return rows


def tcp_settings():
    """The sysctls the figures depend on (the script's namespaces inherit the congestion control)."""
    names = ("net.ipv4.tcp_congestion_control", "net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem", "net.core.rmem_max",
             "net.core.wmem_max")
    values = []
    for name in names:
        try:
            with open("/proc/sys/" + name.replace(".", "/")) as f:
                values.append(f"{name} = {' '.join(f.read().split())}")
        except OSError:
            values.append(f"{name} unreadable")
    if CONGESTION:
        values.append(f"the sampling and send method parts asked for {CONGESTION[0]} (--cc)")
    if AFFINITY:
        values.append(f"clients on CPU {AFFINITY[0]}, servers on CPU {AFFINITY[1]} (--affinity)")
    return "; ".join(values)


def verdict(met):
    return "met" if met else "**not met**"


def print_scaling(rows):
    """Issue 35's scaling target: 4 streams move at least 1.5x the bytes of 1 wherever iperf3's do."""
    med = statistics.median
    by = {(cc, name, streams): (med(v[0] for v in ours), med(v[0] for v in theirs))
          for cc, name, streams, ours, theirs in rows}
    lines = []
    for (cc, name, streams), (ours4, theirs4) in by.items():
        if streams != 4 or (cc, name, 1) not in by:
            continue
        ours1, theirs1 = by[(cc, name, 1)]
        applies = theirs4 >= 1.5 * theirs1
        lines.append(f"| {cc} | {name} | {ours4 / ours1:.2f}x | {theirs4 / theirs1:.2f}x | "
                     f"{verdict(ours4 >= 1.5 * ours1) if applies else 'does not apply'} |")
    if lines:
        print("\n| congestion control | path | tcptune 4 streams / 1 | iperf3 4 streams / 1 | "
              "target >= 1.5x where iperf3's is |")
        print("|---|---|---|---|---|")
        print("\n".join(lines))


def print_markdown(command, start, rows, sampling, methods, duration, runs):
    med = statistics.median
    print(f"\nFigures of {datetime.date.today()}: `{command}`; machine: {machine.describe()}; load average "
          f"{start:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; {tcp_settings()}; {runs} alternating "
          f"runs of {duration} s per figure, medians.\n")
    print("| congestion control | path | streams | tcptune | iperf3 | ratio tcptune/iperf3 | target >= 1.00 | "
          "CPU s/GB, both ends: tcptune | iperf3 | target <= iperf3's |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for cc, name, streams, ours, theirs in rows:
        ours_bps, theirs_bps = med(v[0] for v in ours), med(v[0] for v in theirs)
        ours_cpu, theirs_cpu = cpu_per_gb(ours, duration), cpu_per_gb(theirs, duration)
        print(f"| {cc} | {name} | {streams} | {ours_bps / 1e9:.2f} Gbit/s | {theirs_bps / 1e9:.2f} Gbit/s | "
              f"{ours_bps / theirs_bps:.3f} | {verdict(ours_bps >= theirs_bps)} | {ours_cpu:.3f} | {theirs_cpu:.3f} | "
              f"{verdict(ours_cpu <= theirs_cpu)} |")
    print_scaling(rows)
    print("\n| sampling (loopback) | streams | samples per run | median | cost against none | "
          "readings' share of the run thread's CPU | target |")
    print("|---|---|---|---|---|---|---|")
    for streams in sorted({streams for streams, _ in sampling}):
        none = med(v[0] for v in sampling[(streams, 60000)])
        for ms, budget in ((10, 1.0), (1, 3.0)):
            values = sampling[(streams, ms)]
            m = med(v[0] for v in values)
            cost = (1 - m / none) * 100
            share = med(v[2] for v in values) if all(v[2] is not None for v in values) else float("nan")
            print(f"| every {ms} ms | {streams} | {med(v[1] for v in values):.0f} | {m / 1e9:.2f} Gbit/s | "
                  f"{cost:+.1f} % | {share:.2f} % | < {budget:.0f} %: throughput {verdict(cost < budget)}, "
                  f"CPU {verdict(share < budget)} |")
        print(f"| none (--sample-ms 60000) | {streams} | 0 | {none / 1e9:.2f} Gbit/s | | | |")
    if methods:
        print("\n| path (1 stream) | tcptune copy | tcptune --zerocopy | tcptune --sendfile | iperf3 -Z |")
        print("|---|---|---|---|---|")
        for name, r in methods:
            print(f"| {name} | " + " | ".join(f"{med(r[k]) / 1e9:.2f} Gbit/s"
                                             for k in ("copy", "zerocopy", "sendfile", "iperf3 -Z")) + " |")


def tcp_info_cost(calls=200000):
    """Seconds per getsockopt(TCP_INFO) on a loopback connection, Python's call overhead included."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    c = socket.create_connection(srv.getsockname())
    s, _ = srv.accept()
    c.sendall(b"x" * 65536)
    start = time.perf_counter()
    for _ in range(calls):
        c.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256)
    per_call = (time.perf_counter() - start) / calls
    for x in (c, s, srv):
        x.close()
    return per_call


def main():
    args = sys.argv[1:]
    values = {"--duration", "--runs", "--cc", "--streams", "--affinity"}
    positional = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] not in values)]
    build = positional[0] if positional else "build"
    quick = "--quick" in args
    duration = int(args[args.index("--duration") + 1]) if "--duration" in args else 1 if quick else 3
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 1 if quick else 5
    # Issue 35: every row with bbr and with cubic, 1 to 16 streams.
    controls = args[args.index("--cc") + 1].split(",") if "--cc" in args else ["bbr", "cubic"]
    stream_counts = [int(n) for n in args[args.index("--streams") + 1].split(",")] if "--streams" in args else \
        [1, 4] if quick else [1, 4, 8, 16]
    CONGESTION[:] = [controls[0]]
    if "--affinity" in args:
        AFFINITY[:] = args[args.index("--affinity") + 1].split(",")
        if len(AFFINITY) != 2:
            sys.exit("--affinity takes two CPUs, the clients' and the servers': e.g. --affinity 0,1")
    tcptune = os.path.abspath(os.path.join(build, "bin", "tcptune"))
    if os.geteuid() != 0 or not os.path.exists(tcptune) or not shutil.which("iperf3"):
        sys.exit("needs root, iperf3 and " + tcptune)
    start = machine.report("start")
    print(f"TCP settings: {tcp_settings()}", flush=True)
    try:
        netns_setup()
        rows = compare_iperf3(tcptune, runs, duration, stream_counts, controls)
        sampling = sampling_cost(tcptune, runs, duration)
        methods = [] if "--skip-send-methods" in args else send_methods(tcptune, runs, duration)
    finally:
        netns_teardown()
    per_call = tcp_info_cost()
    print(f"getsockopt(TCP_INFO): {per_call * 1e6:.2f} us per call (upper bound, Python)")
    machine.report("end")
    print_markdown("bench/traffic/run.py " + " ".join(args), start, rows, sampling, methods, duration, runs)


if __name__ == "__main__":
    main()
