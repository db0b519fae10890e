#!/usr/bin/env python3
"""`tcptune serve` under hostile load (issue 13's acceptance), figures for the closing note.

Usage (root): bench/agent/load.py [BUILD_DIR] [--duration S] [--scale F]

In a namespace of its own (tcptune-t-benchload, loopback only, deleted at the end) the script
starts `tcptune serve` without a token (the case where anyone may start runs), measures a 3 s
`tcptune run` from 127.0.0.1 against the idle agent, then starts, all at once and for a bounded
time:
  - 1,000 idle connections (from 127.0.0.2),
  - 50 connections sending random bytes (127.0.0.3),
  - 20 slowloris connections, one byte a second (127.0.0.4),
  - 16 clients asking for 64 streams x 64 MiB responses, reading nothing back (127.0.0.5),
and measures the same run again. Meanwhile it samples the agent's peak RSS (VmHWM) and thread
count; afterwards the agent's CPU use over 5 s of idleness. --scale shrinks the attack counts
(e.g. 0.1 for a smoke test). Targets: throughput under load within 20 % of the idle run, peak
RSS < 256 MB, threads < 2 x max-streams + 16, idle CPU < 2 %. Figures only mean something on a
quiet machine; the script prints the load average at start and end.
"""
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time

NS = "tcptune-t-benchload"
PORT = 15300
MAX_STREAMS = 64
TICK = os.sysconf("SC_CLK_TCK")


def sh(*args, check=True):
    return subprocess.run(args, check=check, capture_output=True, text=True)


def connect(source, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", PORT))
    return s


def line(obj):
    obj["tcptune_agent"] = 2
    return (json.dumps(obj) + "\n").encode()


class Attack:
    """Every attacker runs until stop is set; each loop is bounded by the attack's deadline."""

    def __init__(self, scale, seconds):
        self.stop = threading.Event()
        self.deadline = time.time() + seconds
        self.scale = scale
        self.threads = []
        self.counts = {"refused": 0, "closed": 0}

    def running(self):
        return not self.stop.is_set() and time.time() < self.deadline

    def spawn(self, fn, *args):
        t = threading.Thread(target=fn, args=args, daemon=True)
        t.start()
        self.threads.append(t)

    def idle(self, count):
        socks = []
        for _ in range(count):
            try:
                socks.append(connect("127.0.0.2"))
            except OSError:
                self.counts["refused"] += 1
        while self.running():
            time.sleep(0.2)
        for s in socks:
            s.close()

    def noise(self, source, every_s, size):
        while self.running():
            try:
                s = connect(source)
                while self.running():
                    s.sendall(random.randbytes(size))
                    time.sleep(every_s)
            except OSError:
                self.counts["closed"] += 1
                time.sleep(0.2)

    def greedy(self):
        start = {"type": "start", "workload": "rr", "streams": MAX_STREAMS, "duration_s": 60, "omit_s": 0,
                 "sample_ms": 10, "request_bytes": 1, "response_bytes": 64 * 1024 * 1024, "rcvbuf": 0,
                 "latency_probe": False}
        while self.running():
            try:
                control = connect("127.0.0.5", timeout=10)
                control.sendall(line(dict(start)))
                ready = json.loads(control.makefile().readline() or "{}")
                if ready.get("type") != "ready":
                    self.counts["refused"] += 1
                    control.close()
                    time.sleep(0.5)
                    continue
                data = []
                for i in range(MAX_STREAMS):
                    d = connect("127.0.0.5")
                    d.sendall(line({"type": "data", "session": ready["session"], "secret": ready["secret"],
                                    "stream": i}) + b"x")
                    data.append(d)
                control.sendall(line({"type": "begin"}))
                while self.running():  # ask for answers, never read them
                    for d in data:
                        try:
                            d.send(b"x", socket.MSG_DONTWAIT)
                        except OSError:
                            pass
                    time.sleep(0.5)
                for d in data:
                    d.close()
                control.close()
            except (OSError, ValueError):
                self.counts["closed"] += 1
                time.sleep(0.5)

    def start(self):
        n = lambda count: max(1, int(count * self.scale))
        self.spawn(self.idle, n(1000))
        for _ in range(n(50)):
            self.spawn(self.noise, "127.0.0.3", 0.01, 1024)
        for _ in range(n(20)):
            self.spawn(self.noise, "127.0.0.4", 1.0, 1)
        for _ in range(n(16)):
            self.spawn(self.greedy)

    def finish(self):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=15)


def status(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for entry in f:
            if entry.startswith(field + ":"):
                return int(entry.split()[1])
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def run_client(tcptune, seconds):
    r = subprocess.run([tcptune, "run", "--target", f"127.0.0.1:{PORT}", "--duration", str(seconds), "--json"],
                       capture_output=True, text=True, timeout=seconds + 60)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return json.loads(r.stdout)["throughput_bps"], ""


def inside(tcptune, seconds, scale):
    sh("ip", "link", "set", "lo", "up")
    agent = subprocess.Popen([tcptune, "serve", "--bind", "127.0.0.1", "--port", str(PORT),
                              "--max-streams", str(MAX_STREAMS)],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        agent.stdout.readline()  # "listening on ..."
        idle_bps, why = run_client(tcptune, seconds)
        print(f"idle agent: {idle_bps / 1e9:.2f} Gbit/s" if idle_bps else f"idle run failed: {why}")
        attack = Attack(scale, seconds + 30)
        attack.start()
        time.sleep(3)  # let the attack build up
        peak_threads = 0
        result = {}
        client = threading.Thread(target=lambda: result.update(zip(("bps", "why"), run_client(tcptune, seconds))))
        client.start()
        while client.is_alive():
            peak_threads = max(peak_threads, status(agent.pid, "Threads"))
            time.sleep(0.1)
        attack.finish()
        loaded_bps = result.get("bps")
        print(f"agent under load: {loaded_bps / 1e9:.2f} Gbit/s" if loaded_bps
              else f"run under load failed: {result.get('why')}")
        time.sleep(2)
        before = cpu_seconds(agent.pid)
        time.sleep(5)
        idle_cpu = (cpu_seconds(agent.pid) - before) / 5 * 100
        peak_rss_mb = status(agent.pid, "VmHWM") / 1024
        print(f"peak RSS {peak_rss_mb:.1f} MB (target < 256), peak threads {peak_threads} "
              f"(target < {2 * MAX_STREAMS + 16}), idle CPU {idle_cpu:.2f} % (target < 2), "
              f"attackers refused {attack.counts['refused']} times, cut off {attack.counts['closed']} times")
        if idle_bps and loaded_bps:
            print(f"throughput under load / idle: {loaded_bps / idle_bps:.2f} (target >= 0.8)")
    finally:
        agent.terminate()
        agent.wait(timeout=10)


def main():
    args = sys.argv[1:]
    if "--inside" in args:
        i = args.index("--inside")
        return inside(args[i + 1], float(args[i + 2]), float(args[i + 3]))
    if os.geteuid() != 0:
        sys.exit("load.py needs root (it makes a network namespace)")
    build = next((a for a in args if not a.startswith("--")), "build")
    seconds = float(args[args.index("--duration") + 1]) if "--duration" in args else 3.0
    scale = float(args[args.index("--scale") + 1]) if "--scale" in args else 1.0
    tcptune = os.path.abspath(os.path.join(build, "bin", "tcptune"))
    print(f"load average at start: {os.getloadavg()}, cores: {os.cpu_count()}")
    sh("ip", "netns", "del", NS, check=False)
    sh("ip", "netns", "add", NS)
    try:
        subprocess.run(["ip", "netns", "exec", NS, sys.executable, os.path.abspath(__file__), "--inside", tcptune,
                        str(seconds), str(scale)], check=True)
    finally:
        sh("ip", "netns", "del", NS, check=False)
        print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
