#!/usr/bin/env python3
"""What the per-run diagnosis costs: the same lab run with the readings (MIB counters of every
end before and after, the bottleneck qdisc every 100 ms) and without them (TCPTUNE_NO_DIAGNOSIS=1).

Usage (root): bench/diagnosis/cost.py [BUILD_DIR] [--runs N] [--duration S] [--rate RATE]
              [--topology routed|direct] [--perf] [--keep-lab]

A one-point spec (a bulk stream, 1 run) is run through `tcptune sweep` in a lab of its own
(`bench-diag`, built by the first run, removed at the end unless --keep-lab): the lab's
bottleneck is shaped at RATE (default 10gbit, above what the CPUs move, so the run is CPU-bound
and the qdisc is read all the same). The two variants run alternately, N rounds each (default 7),
the order swapped every round (on, off, off, on, ...) so that a drift of the machine falls on
both; it reports the median receiver throughput of each and the cost in % (issue 14's target:
under 1 %). With --perf every run is counted by `perf stat -e instructions` (tcptune and its
lab agent, which sends and receives in the same process tree): instructions per GB received
depend on the machine's load far less than throughput does.
Throughput differences of 1 % drown in this machine's noise, so the cost is also measured where it
is spent: the MIB counters are read before and after the traffic (outside the measured window),
and the only reading during it is the queue sampler's thread, whose own CPU time tcptune logs
(category tcptune.diagnosis.cost). Its share of the machine's CPU over the traffic (cores x
duration) bounds what it can take from a CPU-bound run.
It prints the machine and the load average at start and end: the throughput figures mean
something only on a quiet machine (load below 1). Traffic stays inside the lab's namespaces.
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import machine  # noqa: E402

LAB = "bench-diag"
VARIANTS = ("on", "off")


def write_spec(path, rate, topology, duration):
    spec = {
        "version": 1,
        "name": "diagnosis cost",
        "target": {"kind": "lab"},
        "knobs": {"lab.topology": topology, "lab.rate": rate},
        "workload": {"type": "bulk", "streams": 1},
        "capture": False,
        "duration_s": duration,
        "omit_s": 0.5,
        "repeats": 1,
        "sample_ms": 10,
    }
    with open(path, "w") as f:
        json.dump(spec, f)


def run_once(tcptune, spec, workdir, variant, perf):
    """One `tcptune sweep` of SPEC; returns (receiver bit/s, receiver bytes, instructions or None,
    the queue sampler's thread CPU in ms or None)."""
    out = os.path.join(workdir, f"out-{variant}")
    env = dict(os.environ)
    env.pop("TCPTUNE_NO_DIAGNOSIS", None)
    env["QT_LOGGING_RULES"] = "tcptune.diagnosis.cost=true"
    if variant == "off":
        env["TCPTUNE_NO_DIAGNOSIS"] = "1"
    argv = [tcptune, "sweep", spec, "--lab", LAB, "--db", os.path.join(workdir, "results.db"), "--out", out]
    counts = os.path.join(workdir, "perf.csv")
    if perf:
        argv = ["perf", "stat", "-x", ",", "-e", "instructions", "-o", counts, "--"] + argv
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"tcptune sweep failed ({r.returncode}): {r.stderr.strip()}")
    with open(os.path.join(out, "results.json")) as f:
        run = json.load(f)["points"][0]["runs"][0]
    if variant == "on" and not run.get("ends"):
        raise RuntimeError("the run with the diagnosis on recorded no ends: is TCPTUNE_NO_DIAGNOSIS set outside?")
    instructions = None
    if perf:
        with open(counts) as f:
            for line in f:
                fields = line.strip().split(",")
                if len(fields) > 2 and fields[2].startswith("instructions"):
                    if not fields[0].isdigit():
                        raise RuntimeError(f"perf cannot count instructions here ({fields[0]}: a VM without "
                                           "hardware counters?); run without --perf")
                    instructions = int(fields[0])
    found = re.search(r"queue readings during the traffic: (\d+), thread CPU ([0-9.]+) ms", r.stderr)
    if variant == "on" and not found:
        raise RuntimeError("tcptune logged no cost of its queue readings (a lab without a bottleneck qdisc?)")
    sampler_ms = float(found.group(2)) if found else None
    return run["throughput_bps"], run["receiver_bytes"], instructions, sampler_ms


def perf_counts_instructions():
    """Whether `perf stat` can count instructions here (a VM often has no hardware counters)."""
    r = subprocess.run(["perf", "stat", "-x", ",", "-e", "instructions", "--", "true"], capture_output=True, text=True)
    return r.returncode == 0 and any(line.split(",")[0].isdigit() for line in r.stderr.splitlines())


def lab_down(tcptune):
    subprocess.run([tcptune, "lab", "down", "--name", LAB], capture_output=True)


def measure(tcptune, args, workdir):
    spec = os.path.join(workdir, "spec.json")
    write_spec(spec, args.rate, args.topology, args.duration)
    run_once(tcptune, spec, workdir, "on", False)  # builds the lab; not counted
    results = {v: [] for v in VARIANTS}
    for i in range(args.runs):
        order = VARIANTS if i % 2 == 0 else tuple(reversed(VARIANTS))
        for variant in order:
            bps, received, instructions, sampler_ms = run_once(tcptune, spec, workdir, variant, args.perf)
            results[variant].append((bps, received, instructions, sampler_ms))
            extra = f", {instructions / (received / 1e9) / 1e9:.2f} G instructions/GB" if instructions else ""
            extra += f", queue sampler {sampler_ms:.2f} ms CPU" if sampler_ms is not None else ""
            print(f"round {i + 1} diagnosis {variant}: {bps / 1e9:.3f} Gbit/s{extra}", flush=True)
    return results


def print_markdown(args, start, results):
    med = statistics.median
    on = med(r[0] for r in results["on"])
    off = med(r[0] for r in results["off"])
    print(f"\nFigures of {datetime.date.today()}: lab {args.topology}, bottleneck {args.rate}, 1 bulk stream, "
          f"{args.duration} s per run; machine: {machine.describe()}; load average {start:.2f} at the start, "
          f"{os.getloadavg()[0]:.2f} at the end; {args.runs} alternating runs per variant, medians.\n")
    print("| diagnosis | receiver throughput (median) | runs (Gbit/s) |" + (" instructions per GB |" if args.perf else ""))
    print("|---|---|---|" + ("---|" if args.perf else ""))
    for name, value in (("on", on), ("off (TCPTUNE_NO_DIAGNOSIS=1)", off)):
        rows = results["on" if name == "on" else "off"]
        line = (f"| {name} | {value / 1e9:.3f} Gbit/s | " + ", ".join(f"{r[0] / 1e9:.3f}" for r in rows) + " |")
        if args.perf:
            per_gb = [r[2] / (r[1] / 1e9) for r in rows if r[2] and r[1] > 0]
            line += f" {med(per_gb) / 1e9:.3f} G |" if per_gb else " - |"
        print(line)
    print(f"\ncost of the diagnosis: {(1 - on / off) * 100:+.2f} % of throughput (target < 1 %)")
    sampler = med(r[3] for r in results["on"])
    cores = os.cpu_count()
    share = sampler / (args.duration * 1000 * cores) * 100
    print(f"queue sampler during the traffic: {sampler:.2f} ms of CPU (median) in a {args.duration} s run = "
          f"{share:.4f} % of the machine's CPU ({cores} cores), {share * cores:.4f} % of one core; the MIB counters "
          "are read before and after the traffic, outside the measured window")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("build_dir", nargs="?", default="build")
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--duration", type=float, default=5)
    p.add_argument("--rate", default="10gbit")
    p.add_argument("--topology", choices=("routed", "direct"), default="routed")
    p.add_argument("--perf", action="store_true", help="count instructions with perf stat")
    p.add_argument("--keep-lab", action="store_true")
    args = p.parse_args()
    if os.geteuid() != 0:
        sys.exit("run as root: the lab is built through tcptune-helper")
    if args.perf and not perf_counts_instructions():
        sys.exit("perf cannot count instructions on this machine (no hardware counters, as in many VMs); "
                 "run without --perf")
    tcptune = os.path.abspath(os.path.join(args.build_dir, "bin", "tcptune"))
    start = machine.report("start")
    with tempfile.TemporaryDirectory(prefix="tcptune-bench-diag-") as workdir:
        try:
            results = measure(tcptune, args, workdir)
        finally:
            if not args.keep_lab:
                lab_down(tcptune)
    machine.report("end")
    print_markdown(args, start, results)


if __name__ == "__main__":
    main()
