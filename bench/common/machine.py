"""The machine and its load, printed at the start and end of every benchmark.

Throughput and timing figures are only comparable when nothing else runs: a load average above 1
on a 2-core machine means other work took turns with the benchmark, so the figures are not to be
written down. Usage: machine.report("start"), ..., machine.report("end").
"""
import os
import platform

QUIET_LOAD = 1.0


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def describe():
    """One line: cores, CPU model, kernel, load averages."""
    one, five, fifteen = os.getloadavg()
    return (f"{os.cpu_count()} cores ({_cpu_model()}), kernel {platform.release()}, "
            f"load average {one:.2f} {five:.2f} {fifteen:.2f}")


def report(stage):
    """Prints the machine line for STAGE ("start", "end") and warns when the machine is busy.
    Returns the 1-minute load average."""
    one = os.getloadavg()[0]
    print(f"machine at {stage}: {describe()}", flush=True)
    if one > QUIET_LOAD:
        print(f"WARNING: load average {one:.2f} is above {QUIET_LOAD:.0f}: other work shares the CPUs, so these "
              "figures are not comparable; run again on a quiet machine.", flush=True)
    return one
