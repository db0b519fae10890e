#!/usr/bin/env python3
"""Direction down over ssh: `tcptune run --target ssh://... --direction down` (the far agent,
started by ssh, sends) against `iperf3 -R` (the iperf3 server sends) on the same unshaped veth.

Usage (root): bench/traffic/down.py [BUILD_DIR] [--duration S] [--runs N] [--quick] [--cc NAME]
              [--streams N[,N...]]
--cc NAME: both senders use congestion control NAME (see run.py: with bbr and no fq, a pacing
timer sets the pace on a veth).

Two namespaces of its own (`tcptune-t-benchdna/b`, 198.18.21.0/24, always deleted at the end)
joined by a veth pair; in the server's namespace an OpenSSH server on port 2222 with keys
generated in a temporary folder (nothing touches the machine's sshd or ~/.ssh) and `iperf3 -s`.
For each stream count (--streams, default 1,4) the two variants run alternately, N rounds
(default 5 runs of 3 s), and the script prints the medians of the receiver's throughput and their
ratio (issue 35's target: >= 1.00 with 1 and with 4 streams; issue 12's was 0.95 at 1). tcptune's
figure includes nothing of ssh's own set-up: the run's throughput is counted over its duration
only; the data goes over the agent's own data connection, not through ssh.
It prints the machine and the load average at start and end. Traffic stays inside the script's
namespaces.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import machine  # noqa: E402
import run as bench_run  # noqa: E402
from run import alternate, gbit, in_ns, sh, wait_port  # noqa: E402

NS_A, NS_B = "tcptune-t-benchdna", "tcptune-t-benchdnb"
ADDR_A, ADDR_B = "198.18.21.1", "198.18.21.2"
SSH_PORT, IPERF_PORT = 2222, 15292
TARGET = 1.00


def netns_setup():
    bench_run.netns_setup(NS_A, NS_B, ADDR_A, ADDR_B, ("ttdowna", "ttdownb"))


def netns_teardown():
    bench_run.netns_teardown(NS_A, NS_B)


def write(path, text):
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as f:
        f.write(text)


def ssh_configs(folder):
    """Host and client keys, sshd_config and the client's config; returns (sshd_config, ssh_config)."""
    def path(name):
        return os.path.join(folder, name)
    for key in ("host_key", "client_key"):
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", key, "-f", path(key))
    write(path("authorized_keys"), open(path("client_key.pub")).read())
    write(path("known_hosts"), f"[{ADDR_B}]:{SSH_PORT} " + open(path("host_key.pub")).read())
    write(path("sshd_config"),
          f"Port {SSH_PORT}\nListenAddress {ADDR_B}\nHostKey {path('host_key')}\nPidFile {path('sshd.pid')}\n"
          f"AuthorizedKeysFile {path('authorized_keys')}\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
          "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n")
    write(path("ssh_config"),
          f"Host *\n  IdentityFile {path('client_key')}\n  UserKnownHostsFile {path('known_hosts')}\n"
          "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  IdentitiesOnly yes\n  IdentityAgent none\n")
    return path("sshd_config"), path("ssh_config")


def congestion(tool):
    return [] if not bench_run.CONGESTION else ["-C" if tool == "iperf3" else "--cc", bench_run.CONGESTION[0]]


def tcptune_down(tcptune, ssh_config, duration, streams=1):
    env = dict(os.environ, TCPTUNE_REMOTE_PROGRAM=tcptune)
    # The far host is this machine: ssh starts the build's tcptune there, not one on PATH.
    r = subprocess.run(in_ns(NS_A, [tcptune, "run", "--target",
                                    f"ssh://root@{ADDR_B}:{SSH_PORT}", "--ssh-config", ssh_config, "--direction",
                                    "down", "--duration", str(duration), "--streams", str(streams), "--json"]
                                   + congestion("tcptune")),
                       env=env, capture_output=True, text=True, timeout=duration + 60)
    if r.returncode != 0:
        raise RuntimeError(f"tcptune run failed ({r.returncode}): {r.stderr.strip()}")
    o = json.loads(r.stdout)
    return o["throughput_bps"]


def iperf3_reverse(duration, streams=1):
    r = sh(*in_ns(NS_A, ["iperf3", "-c", ADDR_B, "-p", str(IPERF_PORT), "-R", "-t", str(duration), "-P",
                         str(streams), "-J"]
                  + congestion("iperf3")))
    return json.loads(r.stdout)["end"]["sum_received"]["bits_per_second"]


def measure(tcptune, runs, duration, folder, stream_counts):
    """Stream count -> variant -> throughputs."""
    sshd_config, ssh_config = ssh_configs(folder)
    os.makedirs("/run/sshd", exist_ok=True)  # sshd's privilege separation folder
    servers = [subprocess.Popen(in_ns(NS_B, argv), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for argv in (["/usr/sbin/sshd", "-D", "-e", "-f", sshd_config],
                            ["iperf3", "-s", "-p", str(IPERF_PORT), "-B", ADDR_B])]
    try:
        wait_port(NS_A, ADDR_B, SSH_PORT)
        wait_port(NS_A, ADDR_B, IPERF_PORT)
        tcptune_down(tcptune, ssh_config, 1)  # the first ssh login and agent start, not counted
        return {n: alternate(runs, {"tcptune down over ssh": lambda: tcptune_down(tcptune, ssh_config, duration, n),
                                    "iperf3 -R": lambda: iperf3_reverse(duration, n)})
                for n in stream_counts}
    finally:
        for p in servers:
            p.terminate()
            p.wait(10)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("build_dir", nargs="?", default="build")
    p.add_argument("--duration", type=float, default=3)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--quick", action="store_true", help="one run of 1 s each: does it work")
    p.add_argument("--cc", help="congestion control both senders ask for (default: the system's)")
    p.add_argument("--streams", default="1,4", help="stream counts, comma-separated (default 1,4)")
    args = p.parse_args()
    if args.cc:
        bench_run.CONGESTION.append(args.cc)
    duration, runs = (1, 1) if args.quick else (args.duration, args.runs)
    if os.geteuid() != 0:
        sys.exit("run as root: the script makes network namespaces and starts sshd in one")
    if not os.path.exists("/usr/sbin/sshd"):
        sys.exit("openssh-server is missing: run scripts/install-deps")
    tcptune = os.path.abspath(os.path.join(args.build_dir, "bin", "tcptune"))
    start = machine.report("start")
    try:
        netns_setup()
        with tempfile.TemporaryDirectory(prefix="tcptune-bench-down-") as folder:
            results = measure(tcptune, runs, duration, folder, [int(n) for n in args.streams.split(",")])
    finally:
        netns_teardown()
    end = machine.report("end")
    cc = args.cc or "the system's default congestion control"
    print(f"\nveth, {cc}, {duration:g} s per run, {runs} alternating runs; load average {start:.2f} at the "
          f"start, {end:.2f} at the end\n")
    print("| streams | variant | receiver throughput (median) | runs (Gbit/s) | ratio tcptune/iperf3 |")
    print("|---|---|---|---|---|")
    for streams, variants in results.items():
        med = {name: statistics.median(values) for name, values in variants.items()}
        ratio = med["tcptune down over ssh"] / med["iperf3 -R"]
        for name, values in variants.items():
            verdict = f"{ratio:.3f} (target >= {TARGET:.2f}: {'met' if ratio >= TARGET else 'NOT met'})"
            print(f"| {streams} | {name} | {med[name] / 1e9:.2f} Gbit/s | {gbit(values)} | "
                  f"{verdict if name.startswith('tcptune') else ''} |")


if __name__ == "__main__":
    main()
