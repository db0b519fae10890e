#!/usr/bin/env python3
"""tcptune's traffic engine against iperf3 on the same path, and the cost of TCP_INFO sampling.

Usage (root): bench/traffic/run.py [BUILD_DIR] [--duration S] [--runs N]

Paths: loopback (127.0.0.1) and a veth pair between two namespaces this script creates
(tcptune-t-benchtra / tcptune-t-benchtrb, 198.18.19.0/24), always deleted at the end.
For each path and for 1 and 4 streams it runs `iperf3 -c` (against `iperf3 -s`) and
`tcptune run` (against `tcptune serve`) alternately, N times each, and reports the median
receiver throughput of each and the ratio of the medians. Sampling cost: `tcptune run` on
loopback with --sample-ms 10 against --sample-ms 60000 (no sample during the run),
alternating, N each. Traffic goes only to loopback and to the script's own namespaces.
"""
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time

NS_A, NS_B = "tcptune-t-benchtra", "tcptune-t-benchtrb"
ADDR_A, ADDR_B = "198.18.19.1", "198.18.19.2"
AGENT_PORT, IPERF_PORT = 15290, 15291


def sh(*args, check=True):
    return subprocess.run(args, check=check, capture_output=True, text=True)


def netns_setup():
    netns_teardown()
    sh("ip", "netns", "add", NS_A)
    sh("ip", "netns", "add", NS_B)
    sh("ip", "link", "add", "ttbencha", "netns", NS_A, "type", "veth", "peer", "name", "ttbenchb", "netns", NS_B)
    for ns, dev, addr in ((NS_A, "ttbencha", ADDR_A), (NS_B, "ttbenchb", ADDR_B)):
        sh("ip", "-n", ns, "addr", "add", addr + "/24", "dev", dev)
        sh("ip", "-n", ns, "link", "set", dev, "up")
        sh("ip", "-n", ns, "link", "set", "lo", "up")


def netns_teardown():
    for ns in (NS_A, NS_B):
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


def iperf3_run(ns, host, streams, duration):
    r = sh(*in_ns(ns, ["iperf3", "-c", host, "-p", str(IPERF_PORT), "-t", str(duration), "-P", str(streams), "-J"]))
    return json.loads(r.stdout)["end"]["sum_received"]["bits_per_second"]


def tcptune_run(tcptune, ns, host, streams, duration, sample_ms=10):
    r = sh(*in_ns(ns, [tcptune, "run", "--target", f"{host}:{AGENT_PORT}", "--duration", str(duration),
                        "--streams", str(streams), "--sample-ms", str(sample_ms), "--json"]))
    o = json.loads(r.stdout)
    return o["throughput_bps"], len(o["samples"])


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
    build = next((a for a in args if not a.startswith("--")), "build")
    duration = int(args[args.index("--duration") + 1]) if "--duration" in args else 3
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    tcptune = os.path.abspath(os.path.join(build, "bin", "tcptune"))
    if os.geteuid() != 0 or not os.path.exists(tcptune) or not shutil.which("iperf3"):
        sys.exit("needs root, iperf3 and " + tcptune)

    servers = []
    rows = []
    try:
        netns_setup()
        paths = (("loopback", None, "127.0.0.1"), ("veth", NS_A, ADDR_B))
        for name, client_ns, host in paths:
            server_ns = NS_B if client_ns else None
            servers.append(subprocess.Popen(in_ns(server_ns, [tcptune, "serve", "--port", str(AGENT_PORT), "--bind", host]),
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            servers.append(subprocess.Popen(in_ns(server_ns, ["iperf3", "-s", "-p", str(IPERF_PORT), "-B", host]),
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            wait_port(client_ns, host, AGENT_PORT)
            wait_port(client_ns, host, IPERF_PORT)
            for streams in (1, 4):
                ours, theirs = [], []
                for _ in range(runs):
                    theirs.append(iperf3_run(client_ns, host, streams, duration))
                    ours.append(tcptune_run(tcptune, client_ns, host, streams, duration)[0])
                rows.append((name, streams, ours, theirs))
                print(f"{name} {streams} stream(s): tcptune {[round(x / 1e9, 2) for x in ours]} "
                      f"iperf3 {[round(x / 1e9, 2) for x in theirs]} Gbit/s", flush=True)
            for s in servers:
                s.terminate()
                s.wait(10)
            servers.clear()

        # Sampling cost on loopback.
        servers.append(subprocess.Popen([tcptune, "serve", "--port", str(AGENT_PORT), "--bind", "127.0.0.1"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_port(None, "127.0.0.1", AGENT_PORT)
        sampled, unsampled, counts = [], [], []
        for _ in range(runs):
            bps, n = tcptune_run(tcptune, None, "127.0.0.1", 1, duration, 10)
            sampled.append(bps)
            counts.append(n)
            unsampled.append(tcptune_run(tcptune, None, "127.0.0.1", 1, duration, 60000)[0])
        print(f"sampling: 10 ms {[round(x / 1e9, 2) for x in sampled]} (samples {counts}), "
              f"none {[round(x / 1e9, 2) for x in unsampled]} Gbit/s", flush=True)
    finally:
        for s in servers:
            s.terminate()
            s.wait(10)
        netns_teardown()

    print()
    print("| path | streams | tcptune median | iperf3 median | ratio tcptune/iperf3 |")
    print("|---|---|---|---|---|")
    for name, streams, ours, theirs in rows:
        mo, mt = statistics.median(ours), statistics.median(theirs)
        print(f"| {name} | {streams} | {mo / 1e9:.2f} Gbit/s | {mt / 1e9:.2f} Gbit/s | {mo / mt:.3f} |")
    ms, mu = statistics.median(sampled), statistics.median(unsampled)
    print()
    print(f"| sampling | median | cost |")
    print("|---|---|---|")
    print(f"| every 10 ms ({statistics.median(counts):.0f} samples in {duration} s) | {ms / 1e9:.2f} Gbit/s | "
          f"{(1 - ms / mu) * 100:+.1f} % |")
    print(f"| none | {mu / 1e9:.2f} Gbit/s | |")
    per_call = tcp_info_cost()
    print()
    print(f"getsockopt(TCP_INFO): {per_call * 1e6:.2f} us per call (upper bound, Python); at 100 samples/s "
          f"per stream that is {per_call * 100 * 100:.3f} % of one core per stream")


if __name__ == "__main__":
    main()
