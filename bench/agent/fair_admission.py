#!/usr/bin/env python3
"""Fair admission of `tcptune serve` over minutes (issue 33), the long variant of tst_agent_load's
tokenClientRunsBesideReconnectingNeighbours (which runs 4 token runs for CI).

Usage (root): bench/agent/fair_admission.py [BUILD_DIR] [--seconds S] [--per-address N]

In a namespace of its own (tcptune-t-benchfair, loopback only, deleted at the end) the script
makes a token (`serve --new-token`), starts `tcptune serve --token-file` and keeps N (default 60)
idle connections open from each of 127.0.0.2-11, the client's own /24, each opened again as soon
as the agent closes it (loops bounded by the deadline). Meanwhile a client with the token runs
1 s runs of 4 streams back to back for S seconds (default 120). It prints how many runs
completed of those tried (target: all), the neighbours' reconnections, the agent's peak RSS
(VmHWM) and the reasons of failed runs.
"""
import os
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

NS = "tcptune-t-benchfair"
PORT = 15301


def sh(*args, check=True):
    return subprocess.run(args, check=check, capture_output=True, text=True)


def connect(source):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    s.bind((source, 0))
    try:
        s.connect(("127.0.0.1", PORT))
    except BlockingIOError:
        pass
    return s


def neighbours(per_address, stop, counts):
    sel = selectors.DefaultSelector()
    for host in range(2, 12):
        for _ in range(per_address):
            source = f"127.0.0.{host}"
            sel.register(connect(source), selectors.EVENT_READ, source)
    while not stop.is_set():
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
            sel.register(connect(key.data), selectors.EVENT_READ, key.data)
            counts["reconnects"] += 1
    for key in list(sel.get_map().values()):
        key.fileobj.close()


def status(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for entry in f:
            if entry.startswith(field + ":"):
                return int(entry.split()[1])
    return 0


def inside(tcptune, seconds, per_address):
    sh("ip", "link", "set", "lo", "up")
    token = os.path.join(tempfile.mkdtemp(), "token")
    sh(tcptune, "serve", "--new-token", token)
    agent = subprocess.Popen([tcptune, "serve", "--bind", "127.0.0.1", "--port", str(PORT), "--token-file", token],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    stop = threading.Event()
    counts = {"reconnects": 0}
    attack = threading.Thread(target=neighbours, args=(per_address, stop, counts))
    try:
        agent.stdout.readline()  # "listening on ..."
        attack.start()
        time.sleep(1)
        tried, completed, reasons = 0, 0, {}
        deadline = time.time() + seconds
        while time.time() < deadline:
            r = subprocess.run([tcptune, "run", "--target", f"127.0.0.1:{PORT}", "--token-file", token,
                                "--duration", "1", "--streams", "4", "--json"],
                               capture_output=True, text=True, timeout=60)
            tried += 1
            if r.returncode == 0:
                completed += 1
            else:
                why = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"exit {r.returncode}"
                reasons[why] = reasons.get(why, 0) + 1
        print(f"token runs beside {10 * per_address} reconnecting neighbours: {completed} of {tried} completed "
              f"(target: all), {counts['reconnects']} reconnections, "
              f"agent peak RSS {status(agent.pid, 'VmHWM') / 1024:.1f} MB")
        for why, n in reasons.items():
            print(f"  {n} x {why}")
    finally:
        stop.set()
        if attack.is_alive():
            attack.join(timeout=15)
        agent.terminate()
        agent.wait(timeout=10)


def main():
    args = sys.argv[1:]
    if "--inside" in args:
        i = args.index("--inside")
        return inside(args[i + 1], float(args[i + 2]), int(args[i + 3]))
    if os.geteuid() != 0:
        sys.exit("fair_admission.py needs root (it makes a network namespace)")
    build = next((a for a in args if not a.startswith("--") and not a.replace(".", "").isdigit()), "build")
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 120.0
    per_address = int(args[args.index("--per-address") + 1]) if "--per-address" in args else 60
    tcptune = os.path.abspath(os.path.join(build, "bin", "tcptune"))
    print(f"load average at start: {os.getloadavg()}, cores: {os.cpu_count()}")
    sh("ip", "netns", "del", NS, check=False)
    sh("ip", "netns", "add", NS)
    try:
        subprocess.run(["ip", "netns", "exec", NS, sys.executable, os.path.abspath(__file__), "--inside", tcptune,
                        str(seconds), str(per_address)], check=True)
    finally:
        sh("ip", "netns", "del", NS, check=False)
        print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
