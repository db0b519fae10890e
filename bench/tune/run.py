#!/usr/bin/env python3
"""The tuner against a full grid over the same knobs, in three lab cases (issue 30).

Usage (root): bench/tune/run.py [BUILD_DIR] [--duration S] [--repeats N] [--cases receiver,latency,full]
                               [--confirm ROUNDS] [--quick]

For each case it runs `tcptune tune SPEC --json` and then the grid: `tcptune sweep` over every
combination of the knobs the tuner may move in that case (the others are in the tune's
`leave_alone`, so both search the same space), each point `--repeats` times. It prints, per case,
the runs each needed, the best the grid found (throughput: the highest mean; latency: the lowest
RTT p95 among the points that keep the tune's share of the best throughput), what the tuner
recommended (its own runs' mean), the ratio of the two and the ratio of the runs, beside issue
30's target: at least 90 % of the grid's best in at most a third of its runs (the full path: no
change recommended, and no grid point significantly better than the starting one).

The grid's best is the highest of many noisy means (a winner's curse), measured minutes apart from
the tuner's runs on a machine whose speed drifts. So it then measures the two configurations
again, alternately (tuner's, grid's, tuner's, ...), --confirm rounds of one run each (default 5),
and prints the ratio of their medians as well: the same comparison under the same conditions.

The cases run in a lab of their own ("t-benchtune", 198.18.0.0/15, made and removed by tcptune);
every sysctl they change is inside its namespaces. --quick: one repeat of 1 s and a budget of a few
runs, to see that the script works (its figures mean nothing). It prints the machine and the load
average at start and end: figures mean something only from a quiet machine (load below 1).
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import machine  # noqa: E402

LAB = "t-benchtune"
KIB = 1024


def doubling(start, stop):
    values, v = [], start
    while v <= stop:
        values.append(v)
        v *= 2
    return values


def triples(low, default, maxima):
    return [f"{low} {min(default, m)} {m}" for m in maxima]


def allowed_congestion_controls():
    """The congestion controls a lab namespace may take as its default: the kernel refuses the others
    there (EPERM), and the tuner chooses among the same."""
    with open("/proc/sys/net/ipv4/tcp_allowed_congestion_control") as f:
        return f.read().split()


CONGESTION = allowed_congestion_controls()

# name -> (base knobs, workload, tune object, grid: list of sweeps, each a list of (parameter, values))
CASES = {
    "receiver": (
        {"lab.topology": "direct", "lab.rate": "0", "net.ipv4.tcp_rmem": "4096 16384 32768"},
        {"type": "bulk", "direction": "down"},
        {"goal": "throughput", "leave_alone": ["socket.SO_RCVBUF", "socket.SO_SNDBUF"]},
        [[("net.ipv4.tcp_rmem", triples(4096, 16384, doubling(32 * KIB, 8192 * KIB))),
          ("net.ipv4.tcp_congestion_control", CONGESTION)],
         [("net.ipv4.tcp_autocorking", ["0", "1"])]],
    ),
    "latency": (
        # cubic through the socket option: a lab namespace cannot take it as its default.
        {"lab.rate": "50mbit", "lab.queue": "2M", "socket.TCP_CONGESTION": "cubic"},
        {"type": "bulk", "direction": "up"},
        {"goal": "latency", "keep_throughput_pct": 90,
         "leave_alone": ["socket.SO_SNDBUF", "net.ipv4.tcp_notsent_lowat"]},
        [[("net.ipv4.tcp_wmem", triples(4096, 16384, doubling(64 * KIB, 4096 * KIB))),
          ("socket.TCP_CONGESTION", ["cubic"] + [c for c in CONGESTION if c != "cubic"])]],
    ),
    "full": (
        {"lab.rate": "50mbit", "lab.queue": "32K"},
        {"type": "bulk", "direction": "up"},
        {"goal": "throughput", "leave_alone": ["socket.SO_SNDBUF", "socket.SO_RCVBUF"]},
        [[("net.ipv4.tcp_wmem", triples(4096, 16384, doubling(64 * KIB, 4096 * KIB))),
          ("net.ipv4.tcp_congestion_control", CONGESTION)]],
    ),
}


def tcptune(build, *args):
    r = subprocess.run([os.path.join(build, "bin", "tcptune"), *args], capture_output=True, text=True)
    # 3: the sweep ran, and some of its runs failed (their points have no mean).
    if r.returncode not in (0, 1, 3):
        sys.exit(f"tcptune {' '.join(args)} failed ({r.returncode}):\n{r.stderr}")
    return json.loads(r.stdout)


def spec_file(folder, name, knobs, workload, duration, extra):
    spec = {"name": f"bench tune {name}", "target": {"kind": "lab", "lab": LAB}, "knobs": knobs,
            "workload": workload, "duration_s": duration, "omit_s": 0.5 if duration >= 2 else 0}
    spec.update(extra)
    path = os.path.join(folder, f"{name}.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    return path


def grid_points(build, folder, store, name, case, duration, repeats):
    """Every point of the grid: (settings, throughput mean, RTT p95) and the runs it took. A grid of
    more than two knobs is the first sweep's two axes once for each value of the later ones."""
    knobs, workload, _, sweeps = case
    outer = [dict()]
    for parameter, values in (sweeps[1] if len(sweeps) > 1 else []):
        outer = [dict(o, **{parameter: v}) for o in outer for v in values]
    points, runs = [], 0
    for i, fixed in enumerate(outer):
        axes = [{"parameter": p, "values": v} for p, v in sweeps[0]]
        path = spec_file(folder, f"{name}-grid{i}", dict(knobs, **fixed), workload, duration,
                         {"repeats": repeats, "sweep": {"axes": axes}})
        result = tcptune(build, "sweep", path, "--json", "--store", store)
        for point in result["points"]:
            stats = point["statistics"]
            runs += point["planned_runs"]
            points.append((dict(fixed, **point["settings"]), stats["throughput_bps"].get("mean"),
                           (stats.get("rtt_ms") or {}).get("p95")))
    return points, runs


def grid_best(points, goal, keep_pct):
    measured = [p for p in points if p[1] is not None]
    best_throughput = max(p[1] for p in measured)
    if goal == "throughput":
        return max(measured, key=lambda p: p[1])
    feasible = [p for p in measured if p[2] is not None and p[1] >= best_throughput * keep_pct / 100]
    return min(feasible, key=lambda p: p[2])


def run_case(build, folder, name, duration, repeats, quick):
    case = CASES[name]
    knobs, workload, tune, _ = case
    store = os.path.join(folder, f"{name}.db")
    tune = dict(tune, budget={"runs": 6 if quick else 60},
                race={"baseline_repeats": 2 if quick else 3, "min_repeats": 2, "max_repeats": 2 if quick else 5})
    answer = tcptune(build, "tune", spec_file(folder, name, knobs, workload, duration, {"tune": tune}),
                     "--json", "--store", store)
    points, grid_runs = grid_points(build, folder, store, name, case, duration, repeats)
    best = grid_best(points, tune["goal"], tune.get("keep_throughput_pct", 90))
    return answer, best, grid_runs


def figure_of(result, goal):
    stats = result["points"][0]["statistics"]
    return stats["throughput_bps"].get("mean") if goal == "throughput" else (stats.get("rtt_ms") or {}).get("p95")


def confirm(build, folder, store, name, answer, best, duration, rounds):
    """The tuner's and the grid's configurations measured alternately, ROUNDS runs each: medians."""
    knobs, workload, tune, _ = CASES[name]
    configs = {"tuner": dict(knobs, **answer["recommended"]["knobs"]), "grid": dict(knobs, **best[0])}
    figures = {"tuner": [], "grid": []}
    for i in range(rounds):
        for who, config in configs.items():
            path = spec_file(folder, f"{name}-confirm-{who}", config, workload, duration, {"repeats": 1})
            figure = figure_of(tcptune(build, "sweep", path, "--json", "--store", store), tune["goal"])
            if figure is not None:
                figures[who].append(figure)
    return {who: statistics.median(v) if v else None for who, v in figures.items()}


def confirm_line(name, goal, medians, rounds):
    tuned, grid = medians["tuner"], medians["grid"]
    if not tuned or not grid:
        return f"| {name} | {rounds} | not measured | | |"
    share = (tuned / grid) if goal == "throughput" else (grid / tuned)
    return f"| {name} | {rounds} | {tuned:.4g} | {grid:.4g} | {share:.2f} |"


def ratio_line(name, goal, answer, best, grid_runs):
    tuned = answer["recommended"]["objective"]
    grid = best[1] if goal == "throughput" else best[2]
    if not tuned or not grid:
        return f"| {name} | {goal} | {answer['stop']} | | {answer['runs']} | {grid_runs} | | not measured | | |"
    # Both as "share of the grid's best": higher is better for throughput, lower for latency.
    share = (tuned / grid) if goal == "throughput" else (grid / tuned)
    changes = ", ".join(f"{c['knob']} {c['from'] or 'unset'} -> {c['to']}" for c in answer["changes"]) or "none"
    return (f"| {name} | {goal} | {answer['stop']} | {changes} | {answer['runs']} | {grid_runs} | "
            f"{answer['runs'] / grid_runs:.2f} | {tuned:.4g} | {grid:.4g} ({best[0]}) | {share:.2f} |")


def main():
    args = sys.argv[1:]
    quick = "--quick" in args
    build = next((a for a in args if not a.startswith("--") and os.path.isdir(a)), "build")

    def option(flag, default):
        return args[args.index(flag) + 1] if flag in args else default

    duration = float(option("--duration", 1 if quick else 3))
    repeats = int(option("--repeats", 1 if quick else 3))
    cases = option("--cases", "receiver,latency,full").split(",")
    rounds = int(option("--confirm", 1 if quick else 5))
    if os.geteuid() != 0:
        sys.exit("bench/tune/run.py needs root: the lab is made of network namespaces")
    machine.report("start")
    rows, confirmed = [], []
    with tempfile.TemporaryDirectory() as folder:
        try:
            for name in cases:
                goal = CASES[name][2]["goal"]
                answer, best, grid_runs = run_case(build, folder, name, duration, repeats, quick)
                rows.append(ratio_line(name, goal, answer, best, grid_runs))
                print(rows[-1], flush=True)
                medians = confirm(build, folder, os.path.join(folder, f"{name}.db"), name, answer, best, duration,
                                  rounds)
                confirmed.append(confirm_line(name, goal, medians, rounds))
                print(confirmed[-1], flush=True)
        finally:
            subprocess.run([os.path.join(build, "bin", "tcptune"), "lab", "down", "--name", LAB],
                           capture_output=True)
    machine.report("end")
    print(f"\nruns of {duration:g} s, grid points {repeats} times each\n")
    print("| case | goal | tuner stopped | tuner's changes | tuner runs | grid runs | runs ratio | tuner's "
          "recommendation | grid's best (its point) | share of the grid's best |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print("\nThe two configurations again, alternately (medians of their runs):\n")
    print("| case | rounds | tuner's configuration | grid's best configuration | share |")
    print("|---|---|---|---|---|")
    print("\n".join(confirmed))


if __name__ == "__main__":
    main()
