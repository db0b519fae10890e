#!/usr/bin/env python3
"""`tcptune serve` under all of the reviewer's loads at once (issues 13 and 33), with and without
a token: the figures for the closing note.

Why one script: the tests (tst_agent_load) check each defence on its own and briefly; only all
loads together, measured on a quiet machine, say whether a client still gets its throughput while
the agent keeps its memory, threads and CPU bounded. fair_admission.py stays the long variant of
the reconnecting neighbours alone.

Usage (root): bench/agent/load.py [BUILD_DIR] [--mode token|tokenless|both] [--scale F]
                                  [--duration S]

For each mode, in a network namespace of its own (tcptune-t-benchload, loopback only, made anew
per mode and deleted at the end, also on an error or Ctrl-C; every connection goes to
127.0.0.1 inside it), the script
  1. starts `tcptune serve --max-streams 64` (token mode: with --token-file from
     `serve --new-token`) and measures the idle agent: 3 `tcptune run`s of S (3) seconds and
     4 streams (with --token-file in token mode), median throughput;
  2. starts all loads at once:
       - 1,000 idle connections from 127.0.0.2, opened once (as tst_agent_load does),
       - 50 connections sending random bytes from 127.0.0.3, 20 slowloris connections (a byte a
         second) from 127.0.0.4, each opened again when the agent closes it,
       - 60 connections from each of 127.0.0.2-11 (the client's own /24), each opened again as
         soon as the agent closes it, for at least 25 s,
       - 16 clients from 127.0.0.5 asking for 64 streams x 64 MiB answers they never read,
         speaking protocol 6 (client nonce; without a token the data connections' proof is
         derived from the nonces, agent_auth.h), so they reach the agent's start handling; in
         token mode they answer the challenge with a wrong proof;
  3. meanwhile runs the same client 4 times back to back: each run's throughput and its ratio
     to the idle median;
  4. samples the agent's peak RSS (VmHWM) and thread count, and records what the greedy clients
     got: refused (the agent's message) or admitted, and then how much of the 64 MiB answer
     reached them (the agent's answers give up after a 10 s send deadline);
  5. stops the loads, waits (at most 30 s) for the agent's threads to come back to their idle
     count and measures its CPU over 5 s.
It prints the machine, the load average at start and end (a warning above 1: the figures only
mean something on a quiet machine) and per mode PASS/FAIL against the targets: 4 of 4 runs,
each >= 0.8 x idle, peak RSS < 256 MB, threads < 2 x max-streams + 16, idle CPU < 2 % of a core.
--scale F shrinks the attack's counts (not its duration), e.g. 0.1 for a smoke run.
"""
import argparse
import collections
import fcntl
import hashlib
import hmac
import json
import os
import platform
import random
import resource
import select
import selectors
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

NS = "tcptune-t-benchload"
PORT = 15300
MAX_STREAMS = 64
RUN_STREAMS = 4
IDLE_RUNS = 3
LOADED_RUNS = 4
BUILD_UP_S = 3  # loads running before the first measured run
NEIGHBOUR_MIN_S = 25  # the reconnecting neighbours run at least this long
PROTOCOL = 6  # agentproto::kVersion
ANSWER_BYTES = 64 << 20  # TrafficLimits::kMaxMessageSize
TICK = os.sysconf("SC_CLK_TCK")

TARGET_RATIO = 0.8
TARGET_RSS_MB = 256
TARGET_THREADS = 2 * MAX_STREAMS + 16
TARGET_IDLE_CPU = 2.0  # percent of one core


# --- protocol 6, as agent_protocol.h and agent_auth.h define it ---------------------------------

def line(obj):
    obj = dict(obj, tcptune_agent=PROTOCOL)
    return (json.dumps(obj, separators=(",", ":")) + "\n").encode()


def hkdf_sha256(ikm, salt, info, length):
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    okm, previous, i = b"", b"", 1
    while len(okm) < length:
        previous = hmac.new(prk, previous + info + bytes([i]), hashlib.sha256).digest()
        okm += previous
        i += 1
    return okm[:length]


def data_secret(agent_nonce, client_nonce, token=b""):
    """agentauth::dataSecret: without a token it comes from the two nonces alone."""
    info = f"tcptune-agent/{PROTOCOL} data connections".encode()
    return hkdf_sha256(token, client_nonce.encode() + agent_nonce.encode(), info, 32)


def data_proof(secret, session, stream):
    return hmac.new(secret, f"data\n{session}\n{stream}".encode(), hashlib.sha256).hexdigest()


def greedy_start():
    """The "start" of agentproto::startMessage for 64 rr streams of 1-byte requests and 64 MiB answers."""
    return {"type": "start", "workload": "rr", "streams": MAX_STREAMS, "duration_s": 60, "omit_s": 0,
            "sample_ms": 10, "request_bytes": 1, "response_bytes": ANSWER_BYTES, "rcvbuf": 0,
            "latency_probe": False, "client": "bench/agent/load.py", "client_nonce": os.urandom(32).hex()}


# --- connections and the agent's /proc figures ----------------------------------------------------

def connect(source, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    try:
        s.bind((source, 0))
        s.connect(("127.0.0.1", PORT))
    except OSError:
        s.close()
        raise
    return s


def connect_now(source):
    """A non-blocking connection (a full accept queue must not hold the caller up)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    try:
        s.bind((source, 0))
        s.connect(("127.0.0.1", PORT))
    except BlockingIOError:
        pass
    except OSError:
        s.close()
        raise
    return s


def read_line(sock, limit=256 * 1024):
    """One JSON line from SOCK (within its timeout); {} when the agent closed or sent no JSON."""
    data = b""
    while b"\n" not in data and len(data) < limit:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    try:
        return json.loads(data.split(b"\n", 1)[0] or b"{}")
    except ValueError:
        return {}


def answer_text(reply):
    """What an agent's line said, for the tally of the greedy clients' outcomes."""
    if reply.get("type") == "error":
        return f'refused: "{reply.get("message", "")}"'
    return f"got {reply.get('type', 'no reply (closed)')}"


def queued_bytes(sock):
    """Bytes that reached SOCK and wait unread (SIOCINQ)."""
    try:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0" * 4))[0]
    except OSError:
        return 0


def status(pid, field):
    """A figure of /proc/PID/status (kB for memory); 0 once the process is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for entry in f:
                if entry.startswith(field + ":"):
                    return int(entry.split()[1])
    except OSError:
        pass
    return 0


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


# --- the loads ------------------------------------------------------------------------------------

class Loads:
    """All loads at once. Every loop ends when stop is set or at the hard deadline."""

    def __init__(self, scale, hard_limit_s):
        self.stop = threading.Event()
        self.deadline = time.time() + hard_limit_s
        self.scale = scale
        self.threads = []
        self.lock = threading.Lock()
        self.counts = collections.Counter()
        self.greedy_outcomes = collections.Counter()
        self.greedy_answer_bytes = []  # per admitted greedy run: most bytes that reached one stream

    def n(self, count):
        return max(1, int(count * self.scale))

    def running(self):
        return not self.stop.is_set() and time.time() < self.deadline

    def count(self, what, n=1):
        with self.lock:
            self.counts[what] += n

    def spawn(self, fn, *args):
        t = threading.Thread(target=fn, args=args, daemon=True)
        t.start()
        self.threads.append(t)

    def start(self):
        self.spawn(self.idle, self.n(1000))
        self.spawn(self.neighbours, self.n(60))
        for _ in range(self.n(50)):
            self.spawn(self.noise, "127.0.0.3", 0.01, lambda: random.randbytes(1024))
        for _ in range(self.n(20)):
            self.spawn(self.noise, "127.0.0.4", 1.0, lambda: bytes([random.choice(b"abcdefgh")]))
        for _ in range(self.n(16)):
            self.spawn(self.greedy)

    def finish(self):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=15)

    def idle(self, count):
        socks = []
        for _ in range(count):
            if not self.running():
                break
            try:
                socks.append(connect("127.0.0.2"))
            except OSError:
                self.count("idle connect failed")
        self.count("idle opened", len(socks))
        self.stop.wait(max(0.0, self.deadline - time.time()))
        for s in socks:
            s.close()

    def noise(self, source, every_s, payload):
        """Sends PAYLOAD() every EVERY_S; opens a new connection when the agent closes this one."""
        while self.running():
            try:
                with connect(source) as s:
                    while self.running():
                        s.sendall(payload())
                        self.stop.wait(every_s)
            except OSError:
                self.count(f"{source} closed by the agent")
                self.stop.wait(0.2)

    def neighbours(self, per_address):
        """PER_ADDRESS idle connections from each of 127.0.0.2-11, each opened again at once when closed."""
        sel = selectors.DefaultSelector()
        for host in range(2, 12):
            for _ in range(per_address):
                self.reconnect(sel, f"127.0.0.{host}")
        while self.running():
            for key, _ in sel.select(timeout=0.05):
                try:
                    if key.fileobj.recv(4096):
                        continue  # the reason, before the close
                except BlockingIOError:
                    continue
                except OSError:
                    pass
                sel.unregister(key.fileobj)
                key.fileobj.close()
                self.reconnect(sel, key.data)
                self.count("neighbour reconnections")
        for key in list(sel.get_map().values()):
            key.fileobj.close()
        sel.close()

    def reconnect(self, sel, source):
        try:
            sel.register(connect_now(source), selectors.EVENT_READ, source)
        except OSError:
            self.count("neighbour connect failed")

    def greedy(self):
        """Asks for 64 streams x 64 MiB answers and never reads them, again and again."""
        while self.running():
            try:
                outcome = self.greedy_once()
            except (OSError, ValueError) as e:
                outcome = f"connection failed: {type(e).__name__}"
            with self.lock:
                self.greedy_outcomes[outcome] += 1
            self.stop.wait(0.5)

    def greedy_once(self):
        with connect("127.0.0.5", timeout=10) as control:
            start = greedy_start()
            control.sendall(line(start))
            reply = read_line(control)
            if reply.get("type") == "challenge":  # token mode: it has no token to prove
                control.sendall(line({"type": "auth", "proof": "0" * 64}))
                reply = read_line(control)
            if reply.get("type") != "ready":
                return answer_text(reply)
            return self.greedy_run(control, reply, start["client_nonce"])

    def greedy_run(self, control, ready, client_nonce):
        secret = data_secret(ready.get("nonce", ""), client_nonce)
        session = ready.get("session", "")
        data = []
        try:
            for i in range(MAX_STREAMS):
                d = connect("127.0.0.5")
                data.append(d)
                d.sendall(line({"type": "data", "session": session, "stream": i,
                                "proof": data_proof(secret, session, i)}) + b"x")
            control.sendall(line({"type": "begin"}))
            began = read_line(control)
            if began.get("type") != "running":
                return f"admitted, then {answer_text(began)}"
            most = self.hold(control, data)
            with self.lock:
                self.greedy_answer_bytes.append(most)
            return "admitted, its run started"
        finally:
            for d in data:
                d.close()

    def hold(self, control, data):
        """Asks for more answers every 0.5 s, reads none, until the agent ends the run or the loads stop;
        returns the most bytes of an answer that waited unread on one stream."""
        control.setblocking(False)
        most = 0
        while self.running():
            most = max([most] + [queued_bytes(d) for d in data])  # before a reset may discard them
            for d in data:
                try:
                    d.send(b"x", socket.MSG_DONTWAIT)
                except OSError:
                    pass
            try:
                if not control.recv(4096):
                    break  # the agent closed the run
            except BlockingIOError:
                pass
            self.stop.wait(0.5)
        return most


# --- the agent and the measured client ------------------------------------------------------------

def start_agent(tcptune, token_file):
    args = [tcptune, "serve", "--bind", "127.0.0.1", "--port", str(PORT), "--max-streams", str(MAX_STREAMS)]
    if token_file:
        args += ["--token-file", token_file]
    agent = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ready, _, _ = select.select([agent.stdout], [], [], 10)
    first = agent.stdout.readline() if ready else ""  # "tcptune agent listening on ..." (its log: stderr)
    if "listening" not in first:
        agent.kill()
        raise RuntimeError(f"the agent did not start: {first.strip() or 'exit ' + str(agent.wait())}")
    time.sleep(1)  # its signal handling starts after the line
    return agent


def stop_agent(agent):
    agent.terminate()
    try:
        agent.wait(timeout=10)
    except subprocess.TimeoutExpired:
        agent.kill()
        agent.wait()


def client_run(tcptune, token_file, seconds):
    """One `tcptune run` as tst_agent_load / fair_admission run it: (throughput in bit/s or None, why)."""
    args = [tcptune, "run", "--target", f"127.0.0.1:{PORT}", "--duration", str(seconds),
            "--streams", str(RUN_STREAMS), "--json"]
    if token_file:
        args += ["--token-file", token_file]
    try:
        r = subprocess.run(args, capture_output=True, text=True, timeout=seconds + 30)
    except subprocess.TimeoutExpired:
        return None, f"no result within {seconds + 30} s"
    if r.returncode != 0:
        lines = r.stderr.strip().splitlines()
        return None, lines[-1] if lines else f"exit {r.returncode}"
    return json.loads(r.stdout)["throughput_bps"], ""


class Sampler:
    """The agent's thread count every 0.1 s, its peak kept, until stopped."""

    def __init__(self, pid):
        self.pid = pid
        self.peak_threads = 0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def loop(self):
        while not self.done.is_set():
            self.peak_threads = max(self.peak_threads, status(self.pid, "Threads"))
            self.done.wait(0.1)

    def stop(self):
        self.done.set()
        self.thread.join(timeout=5)


def threads_settle(pid, idle_threads, limit_s=30):
    """Seconds until the agent is back to its idle thread count (None: not within LIMIT_S)."""
    began = time.time()
    while time.time() - began < limit_s:
        if status(pid, "Threads") <= idle_threads:
            return time.time() - began
        time.sleep(0.2)
    return None


def idle_cpu_percent(pid, seconds=5):
    before = cpu_seconds(pid)
    time.sleep(seconds)
    return (cpu_seconds(pid) - before) / seconds * 100


# --- one mode, inside the namespace ---------------------------------------------------------------

def gbit(bps):
    return f"{bps / 1e9:.2f} Gbit/s"


def baseline(tcptune, token_file, seconds):
    figures = []
    for i in range(IDLE_RUNS):
        bps, why = client_run(tcptune, token_file, seconds)
        print(f"  idle run {i + 1}: {gbit(bps) if bps else 'failed: ' + why}", flush=True)
        if bps:
            figures.append(bps)
    return statistics.median(figures) if figures else None


def loaded_runs(tcptune, token_file, seconds, idle_bps):
    runs = []
    for i in range(LOADED_RUNS):
        bps, why = client_run(tcptune, token_file, seconds)
        ratio = f" ({bps / idle_bps:.2f} x idle)" if bps and idle_bps else ""
        print(f"  run under load {i + 1}: {gbit(bps) + ratio if bps else 'failed: ' + why}", flush=True)
        runs.append({"bps": bps, "ratio": bps / idle_bps if bps and idle_bps else None, "why": why})
    return runs


def under_load(agent, tcptune, token_file, seconds, scale, idle_bps):
    """Steps 2-4: the loads, the 4 runs beside them and the agent's peaks."""
    hard_limit = max(NEIGHBOUR_MIN_S, BUILD_UP_S + LOADED_RUNS * (seconds + 30)) + 10
    loads = Loads(scale, hard_limit)
    sampler = Sampler(agent.pid)
    began = time.time()
    loads.start()
    try:
        time.sleep(BUILD_UP_S)
        runs = loaded_runs(tcptune, token_file, seconds, idle_bps)
        loads.stop.wait(max(0.0, began + NEIGHBOUR_MIN_S - time.time()))
    finally:
        load_s = time.time() - began
        loads.finish()
        sampler.stop()
    return runs, loads, sampler.peak_threads, load_s


def describe_greedy(loads):
    print(f"  greedy clients ({loads.n(16)}), what they got back:")
    for outcome, n in loads.greedy_outcomes.most_common(8):
        print(f"    {n} x {outcome}")
    if loads.greedy_answer_bytes:
        most = max(loads.greedy_answer_bytes)
        print(f"    admitted runs' answers: at most {most / 1024:.0f} KiB of the {ANSWER_BYTES >> 20} MiB asked "
              f"reached one stream ({len(loads.greedy_answer_bytes)} runs)")


def inside(config):
    """One mode in the namespace made for it; writes its figures to config['summary']."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 16384), hard))
    tcptune, seconds, token_mode = config["tcptune"], config["seconds"], config["mode"] == "token"
    workdir = tempfile.mkdtemp(prefix="tcptune-benchload-")
    token_file = os.path.join(workdir, "token") if token_mode else None
    if token_file:
        subprocess.run([tcptune, "serve", "--new-token", token_file], check=True, capture_output=True)
    agent = start_agent(tcptune, token_file)
    try:
        idle_threads = status(agent.pid, "Threads")
        idle_bps = baseline(tcptune, token_file, seconds)
        print(f"  idle agent: median {gbit(idle_bps) if idle_bps else 'none (every run failed)'}", flush=True)
        runs, loads, peak_threads, load_s = under_load(agent, tcptune, token_file, seconds, config["scale"],
                                                       idle_bps)
        print(f"  loads ran {load_s:.0f} s: " + ", ".join(f"{n} {what}" for what, n in sorted(loads.counts.items())))
        describe_greedy(loads)
        peak_rss_mb = status(agent.pid, "VmHWM") / 1024
        settled = threads_settle(agent.pid, idle_threads)
        print(f"  agent threads back to idle ({idle_threads}): "
              f"{f'after {settled:.1f} s' if settled is not None else 'not within 30 s'}", flush=True)
        idle_cpu = idle_cpu_percent(agent.pid)
        result = {"mode": config["mode"], "idle_bps": idle_bps, "runs": runs, "peak_rss_mb": peak_rss_mb,
                  "peak_threads": peak_threads, "idle_cpu": idle_cpu, "alive": agent.poll() is None}
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop_agent(agent)
        for name in os.listdir(workdir):
            os.remove(os.path.join(workdir, name))
        os.rmdir(workdir)
    with open(config["summary"], "w") as f:
        json.dump(result, f)


# --- outside: namespaces, the machine, the verdicts -----------------------------------------------

def sh(*args, check=True):
    return subprocess.run(args, check=check, capture_output=True, text=True)


def remove_namespace():
    """Ends what is left in the namespace (only processes this script started live there) and deletes it."""
    pids = sh("ip", "netns", "pids", NS, check=False).stdout.split()
    for pid in pids:
        try:
            os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass
    sh("ip", "netns", "del", NS, check=False)


def run_mode(mode, tcptune, seconds, scale):
    """One mode in a fresh namespace; its figures, or None when it failed."""
    print(f"\n== mode {mode}: agent {'with --token-file' if mode == 'token' else 'without a token'}, "
          f"--max-streams {MAX_STREAMS}", flush=True)
    fd, summary = tempfile.mkstemp(prefix="tcptune-benchload-", suffix=".json")
    os.close(fd)
    remove_namespace()
    sh("ip", "netns", "add", NS)
    config = {"mode": mode, "tcptune": tcptune, "seconds": seconds, "scale": scale, "summary": summary}
    inner = subprocess.Popen(["ip", "netns", "exec", NS, sys.executable, os.path.abspath(__file__),
                              "--inside", json.dumps(config)])
    try:
        inner.wait()
        with open(summary) as f:
            text = f.read()
        return json.loads(text) if text else None
    except KeyboardInterrupt:
        inner.terminate()  # it stops its agent and loads
        try:
            inner.wait(timeout=30)
        except subprocess.TimeoutExpired:
            inner.kill()
        raise
    finally:
        remove_namespace()
        os.remove(summary)


def verdict(ok):
    return "PASS" if ok else "FAIL"


def summary_lines(r):
    runs = r["runs"]
    completed = sum(1 for run in runs if run["bps"])
    ratios = [run["ratio"] for run in runs if run["ratio"] is not None]
    ratio_text = ", ".join(f"{x:.2f}" for x in ratios) or "none"
    return [
        f"{verdict(completed == LOADED_RUNS)}  runs under load completed: {completed} of {LOADED_RUNS}",
        f"{verdict(len(ratios) == LOADED_RUNS and min(ratios) >= TARGET_RATIO)}  throughput / idle median "
        f"({gbit(r['idle_bps']) if r['idle_bps'] else 'none'}): {ratio_text} (target each >= {TARGET_RATIO})",
        f"{verdict(r['peak_rss_mb'] < TARGET_RSS_MB)}  agent peak RSS: {r['peak_rss_mb']:.1f} MB "
        f"(target < {TARGET_RSS_MB})",
        f"{verdict(r['peak_threads'] < TARGET_THREADS)}  agent peak threads: {r['peak_threads']} "
        f"(target < 2 x {MAX_STREAMS} + 16 = {TARGET_THREADS})",
        f"{verdict(r['idle_cpu'] < TARGET_IDLE_CPU)}  agent CPU over 5 s idle afterwards: {r['idle_cpu']:.2f} % "
        f"(target < {TARGET_IDLE_CPU:g} %)",
    ]


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for entry in f:
            if entry.startswith("model name"):
                model = entry.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} cores, kernel {platform.release()}"


def load_average(when):
    one, five, fifteen = os.getloadavg()
    warning = "  WARNING: the machine is not quiet, the figures are not the ones to quote" if one > 1 else ""
    print(f"load average at {when}: {one:.2f} {five:.2f} {fifteen:.2f}{warning}", flush=True)


def find_tcptune(build):
    for candidate in ("bin/tcptune", "app/tcptune"):
        path = os.path.abspath(os.path.join(build, candidate))
        if os.access(path, os.X_OK):
            return path
    sys.exit(f"no tcptune under {build} (bin/ or app/); give the build folder")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("build", nargs="?", default="build", help="build folder (default build)")
    p.add_argument("--mode", choices=("token", "tokenless", "both"), default="both")
    p.add_argument("--scale", type=float, default=1.0, help="shrink the attack's counts, e.g. 0.1 (smoke)")
    p.add_argument("--duration", type=float, default=3.0, help="seconds per client run (default 3)")
    return p.parse_args()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--inside":
        try:
            return inside(json.loads(sys.argv[2]))
        except KeyboardInterrupt:
            return 130  # the agent is stopped; the outer side deletes the namespace
    args = parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # in order with the namespace's output
    interrupt = signal.default_int_handler  # also when started with SIGINT ignored (in the background)
    signal.signal(signal.SIGINT, interrupt)
    signal.signal(signal.SIGTERM, interrupt)
    if os.geteuid() != 0:
        sys.exit("load.py needs root (it makes a network namespace)")
    tcptune = find_tcptune(args.build)
    print(f"machine: {machine()}")
    print(f"agent: {tcptune}, attack scale {args.scale:g}, client runs of {args.duration:g} s x {RUN_STREAMS} streams")
    load_average("start")
    results = {}
    try:
        for mode in (("token", "tokenless") if args.mode == "both" else (args.mode,)):
            results[mode] = run_mode(mode, tcptune, args.duration, args.scale)
    except KeyboardInterrupt:
        print(f"\ninterrupted; the agent is stopped and {NS} deleted")
        return 130
    finally:
        load_average("end")
    failed = False
    for mode, r in results.items():
        print(f"\nsummary, {mode} mode:")
        if r is None:
            print("FAIL  the mode did not finish (see above)")
            failed = True
            continue
        lines = summary_lines(r) + ([] if r["alive"] else ["FAIL  the agent exited during the load"])
        failed |= any(entry.startswith("FAIL") for entry in lines)
        print("\n".join(lines))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
