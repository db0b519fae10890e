#!/usr/bin/env python3
"""Where the CPU goes: tcptune's sender and agent against iperf3's client and server, per byte moved.

Usage (root): bench/traffic/profile.py [BUILD_DIR] [--duration S] [--runs N] [--paths loopback,veth]
              [--streams 1,4] [--tcptune "PATH [RUN OPTIONS]"]... [--no-iperf3] [--nice N]

Throughput depends on what else runs; CPU time, system calls and context switches per byte moved
depend far less on it, so this comparison holds on a busy machine too. On the paths of run.py
(loopback, and a veth pair between two namespaces the script creates and deletes) it runs, for
each stream count, iperf3 (`iperf3 -s` / `iperf3 -c`) and each tcptune variant (`tcptune serve` /
`tcptune run`, default BUILD_DIR/bin/tcptune; give --tcptune several times to compare builds or
options, e.g. --tcptune "build/bin/tcptune --sample-ms 60000" --tcptune "build/bin/tcptune
--sample-ms 1" for the cost of sampling in CPU per byte) alternately, N times each (default 3 x 3 s), both ends under `perf stat` (task-clock, context
switches, migrations, system calls by kind). Each end's user and system seconds come from
wait4(). It prints, per tool, the medians per GB received: CPU seconds of each end (user+sys),
system calls and context switches of each end, and the throughput (which alone depends on load).
--nice runs both ends at that nice level (e.g. -20 on a machine busy with nice 5 builds: the
throughput column then says a little more; it is still not a quiet-machine figure).
"""
import json
import os
import signal
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import machine  # noqa: E402
import run as traffic  # noqa: E402  (paths, namespaces, ports)

SYSCALLS = {
    "send": ["sendto", "write", "sendmsg", "sendfile64", "splice", "writev"],
    "recv": ["recvfrom", "read", "recvmsg", "readv"],
    "wait": ["poll", "ppoll", "select", "pselect6", "epoll_wait", "epoll_pwait", "epoll_pwait2", "clock_nanosleep",
             "nanosleep"],
    "getsockopt": ["getsockopt"],
    "futex": ["futex"],
}
EVENTS = ["task-clock", "context-switches", "cpu-migrations", "raw_syscalls:sys_enter"] + [
    f"syscalls:sys_enter_{name}" for names in SYSCALLS.values() for name in names]


def perf_wrapped(ns, out_file, argv, nice):
    prefix = ["nice", "-n", str(nice)] if nice is not None else []
    return traffic.in_ns(ns, prefix + ["perf", "stat", "-x", ",", "-o", out_file, "-e", ",".join(EVENTS), "--"] + argv)


def read_counts(path):
    counts = {}
    with open(path) as f:
        for line in f:
            parts = line.strip().split(",")
            if len(parts) < 3 or line.startswith("#"):
                continue
            try:
                counts[parts[2]] = float(parts[0])
            except ValueError:
                counts[parts[2]] = 0.0
    return counts


def wait_rusage(proc):
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def end_figures(counts, cpu_s):
    f = {"cpu_s": cpu_s, "task_s": counts.get("task-clock", 0) / 1000, "cs": counts.get("context-switches", 0),
         "migrations": counts.get("cpu-migrations", 0), "syscalls": counts.get("raw_syscalls:sys_enter", 0)}
    for kind, names in SYSCALLS.items():
        f[kind] = sum(counts.get(f"syscalls:sys_enter_{n}", 0) for n in names)
    return f


def stop_server(proc):
    """Ends the server under perf (perf's child) so that perf writes its counts."""
    try:
        with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except OSError:
        children = []
    for child in children:
        os.kill(child, signal.SIGINT)
    try:
        return wait_rusage(proc)
    except ChildProcessError:
        return 0.0


def one_run(tool, ns, server_ns, host, streams, duration, nice, scratch):
    tcptune, extra = (tool[0], list(tool[1:])) if tool != "iperf3" else (None, [])
    port = traffic.AGENT_PORT if tcptune else traffic.IPERF_PORT
    server_argv = ([tcptune, "serve", "--port", str(port), "--bind", host] if tcptune else
                   ["iperf3", "-s", "-p", str(port), "-B", host])
    client_argv = ([tcptune, "run", "--target", f"{host}:{port}", "--duration", str(duration), "--streams",
                    str(streams), "--json"] + extra if tcptune else
                   ["iperf3", "-c", host, "-p", str(port), "-t", str(duration), "-P", str(streams), "-J"])
    server_out, client_out = os.path.join(scratch, "server.perf"), os.path.join(scratch, "client.perf")
    server = subprocess.Popen(perf_wrapped(server_ns, server_out, server_argv, nice), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        traffic.wait_port(ns, host, port)
        client = subprocess.Popen(perf_wrapped(ns, client_out, client_argv, nice), stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        stdout = client.stdout.read()
        client_cpu = wait_rusage(client)
    finally:
        server_cpu = stop_server(server)
    if tcptune:
        o = json.loads(stdout)
        moved, bps = o["receiver_bytes"], o["throughput_bps"]
    else:
        o = json.loads(stdout)["end"]["sum_received"]
        moved, bps = o["bytes"], o["bits_per_second"]
    return {"bytes": moved, "bps": bps, "client": end_figures(read_counts(client_out), client_cpu),
            "server": end_figures(read_counts(server_out), server_cpu)}


def per_gb(runs, side, key):
    return statistics.median(r[side][key] / (r["bytes"] / 1e9) for r in runs)


def table(rows):
    print("| path | streams | tool | Gbit/s | CPU s/GB (both ends) | sender CPU s/GB | receiver CPU s/GB | "
          "sender syscalls/GB "
          "(send, wait, getsockopt, futex) | receiver syscalls/GB (recv, wait, futex) | sender cs/GB | "
          "receiver cs/GB | migrations/GB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for path, streams, name, runs in rows:
        def g(side, key):
            return per_gb(runs, side, key)
        both = statistics.median((r["client"]["cpu_s"] + r["server"]["cpu_s"]) / (r["bytes"] / 1e9) for r in runs)
        print(f"| {path} | {streams} | {name} | {statistics.median(r['bps'] for r in runs) / 1e9:.2f} | "
              f"{both:.3f} | {g('client', 'cpu_s'):.3f} | {g('server', 'cpu_s'):.3f} | "
              f"{g('client', 'syscalls'):.0f} ({g('client', 'send'):.0f}, {g('client', 'wait'):.0f}, "
              f"{g('client', 'getsockopt'):.0f}, {g('client', 'futex'):.0f}) | "
              f"{g('server', 'syscalls'):.0f} ({g('server', 'recv'):.0f}, {g('server', 'wait'):.0f}, "
              f"{g('server', 'futex'):.0f}) | {g('client', 'cs'):.0f} | {g('server', 'cs'):.0f} | "
              f"{g('client', 'migrations') + g('server', 'migrations'):.1f} |")


def option(args, name, default):
    return args[args.index(name) + 1] if name in args else default


def main():
    args = sys.argv[1:]
    values = {"--duration", "--runs", "--paths", "--streams", "--tcptune", "--nice"}
    positional = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] not in values)]
    build = positional[0] if positional else "build"
    duration = int(option(args, "--duration", 3))
    runs = int(option(args, "--runs", 3))
    paths = option(args, "--paths", "loopback,veth").split(",")
    stream_counts = [int(s) for s in option(args, "--streams", "1,4").split(",")]
    nice = int(option(args, "--nice", 0)) if "--nice" in args else None
    variants = [tuple(args[i + 1].split()) for i, a in enumerate(args) if a == "--tcptune"]
    variants = [(os.path.abspath(v[0]),) + v[1:] for v in variants]
    variants = variants or [(os.path.abspath(os.path.join(build, "bin", "tcptune")),)]
    if os.geteuid() != 0 or not all(os.path.exists(v[0]) for v in variants):
        sys.exit("needs root, perf, iperf3 and " + ", ".join(v[0] for v in variants))
    tools = ([] if "--no-iperf3" in args else ["iperf3"]) + variants
    names = {"iperf3": "iperf3"}
    names.update({v: "tcptune" if len(variants) == 1 else f"tcptune ({' '.join(v)})" for v in variants})

    machine.report("start")
    scratch = f"/tmp/tcptune-bench-profile-{os.getpid()}"
    os.makedirs(scratch, exist_ok=True)
    rows = []
    try:
        traffic.netns_setup()
        for path, ns, host in traffic.PATHS:
            if path not in paths:
                continue
            server_ns = traffic.NS_B if ns else None
            for streams in stream_counts:
                results = {tool: [] for tool in tools}
                for _ in range(runs):
                    for tool in tools:
                        results[tool].append(one_run(tool, ns, server_ns, host, streams, duration, nice, scratch))
                for tool in tools:
                    rows.append((path, streams, names[tool], results[tool]))
                print(f"{path} {streams} stream(s) done", flush=True)
    finally:
        traffic.netns_teardown()
    print()
    table(rows)
    print()
    print(f"Medians of {runs} alternating runs of {duration} s; per GB received. Command: "
          f"bench/traffic/profile.py {' '.join(args)}")
    machine.report("end")


if __name__ == "__main__":
    main()
