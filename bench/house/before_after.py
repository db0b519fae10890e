#!/usr/bin/env python3
"""The same benchmarks from two builds of tcptune, alternately: did a restructuring cost speed?

Usage: bench/house/before_after.py BEFORE_BUILD AFTER_BUILD [--rounds N] [--packets N] [--quick]

Both builds must be built with the same flags (scripts/build, which builds bench/ too), from two
commits: the one before the change and the one after. Per round, each build runs, in an order
swapped every round (before, after, after, before, ...) so that a drift of the machine falls on both:
- `tcptune analyze --json CAPTURE`: the capture reader and flow analysis, wall time of the process,
  on a capture of about PACKETS packets (default 1,000,000) made once from tests/data's bulk captures
  (editcap shifts each copy in time, mergecap appends them);
- `tcptune results list --db DB`: the result store's queries, wall time, on a store of 2,000 runs
  that the BEFORE build's bench_result_store writes once (each build reads its own copy, as a newer
  build may migrate the file);
- bench_chart_replot 300000 5: the workbench chart's replot of 300,000 points at full range, the
  median the program measures itself.
It prints the median of each figure per build and the median of the per-round ratios after/before
(above 1: the after build is slower). Figures mean something only on a quiet machine: it prints the
machine and the load average at the start and the end.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import machine  # noqa: E402

SOURCE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BULK_CAPTURES = ["tcptrace_dsack_iperf_bulk_ts_sack.pcap", "tcptrace_zwnd_iperf_bulk_snap68.pcap"]
STORE_RUNS = ("200", "10")  # experiments, runs each


def packet_count(path):
    out = subprocess.run(["capinfos", "-c", "-M", path], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"Number of packets:\s+(\d+)", out).group(1))


def make_capture(work, packets):
    """Copies of the bulk captures, each shifted an hour after the last, appended to one file."""
    pieces, total, hour = [], 0, 0
    while total < packets:
        for name in BULK_CAPTURES:
            piece = os.path.join(work, f"piece-{len(pieces)}.pcap")
            subprocess.run(["editcap", "-F", "pcap", "-t", str(3600 * hour),
                            os.path.join(SOURCE, "tests", "data", "captures", name), piece], check=True)
            pieces.append(piece)
            total += packet_count(piece)
            hour += 1
    capture = os.path.join(work, "capture.pcap")
    subprocess.run(["mergecap", "-F", "pcap", "-a", "-w", capture] + pieces, check=True)
    for piece in pieces:
        os.remove(piece)
    return capture, total


def make_stores(work, before):
    """One store written by the BEFORE build; a copy for each build."""
    db = os.path.join(work, "store.db")
    subprocess.run([os.path.join(before, "bin", "bench_result_store"), "--db", db, "--experiments", STORE_RUNS[0],
                    "--runs", STORE_RUNS[1], "--samples", "100", "--repeats", "1"],
                   check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    copies = {}
    for label in ("before", "after"):
        copies[label] = os.path.join(work, f"store-{label}.db")
        shutil.copyfile(db, copies[label])
    return copies


def wall_seconds(argv):
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def replot_ms(build):
    out = subprocess.run([os.path.join(build, "bin", "bench_chart_replot"), "300000", "5"], check=True,
                         capture_output=True, text=True, env=dict(os.environ, QT_QPA_PLATFORM="offscreen")).stdout
    return float(re.search(r"replot full range: median ([\d.]+) ms", out).group(1))


def measure(build, label, capture, stores):
    tcptune = os.path.join(build, "bin", "tcptune")
    return {
        "analyze (s)": wall_seconds([tcptune, "analyze", "--json", capture]),
        "results list (s)": wall_seconds([tcptune, "results", "list", "--db", stores[label]]),
        "chart replot (ms)": replot_ms(build),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--packets", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="2 rounds on 100,000 packets: only shows it runs")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.packets = 2, 100_000
    builds = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
    machine.report("start")
    with tempfile.TemporaryDirectory(prefix="tcptune-bench-house-") as work:
        capture, packets = make_capture(work, args.packets)
        stores = make_stores(work, builds["before"])
        print(f"capture: {packets:,} packets; store: {int(STORE_RUNS[0]) * int(STORE_RUNS[1]):,} runs", flush=True)
        figures = {"before": [], "after": []}
        for round_index in range(args.rounds):
            order = ("before", "after") if round_index % 2 == 0 else ("after", "before")
            for label in order:
                figures[label].append(measure(builds[label], label, capture, stores))
        report(figures)
    machine.report("end")


def report(figures):
    print("\n| figure | before (median) | after (median) | after / before (median of the rounds' ratios) |")
    print("|---|---|---|---|")
    for name in figures["before"][0]:
        before = [f[name] for f in figures["before"]]
        after = [f[name] for f in figures["after"]]
        ratios = [a / b for a, b in zip(after, before)]
        print(f"| {name} | {statistics.median(before):.3f} | {statistics.median(after):.3f} | "
              f"{statistics.median(ratios):.3f} (range {min(ratios):.3f}-{max(ratios):.3f}) |")


if __name__ == "__main__":
    main()
