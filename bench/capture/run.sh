#!/usr/bin/env bash
# Benchmark of `tcptune analyze` (bench/README.md, section "capture").
# 1. Makes one capture of at least the largest size in BENCH_SIZES (default 1, 5 and 10 million
#    packets) in a scratch namespace pair (tcptune-t-capture9a/b, 198.18.29.0/24): iperf3, 4
#    streams of 64-byte writes with TCP_NODELAY, recorded by tcpdump -c on the sender's veth
#    with snaplen 128; each size is the first N packets of it (editcap -r).
# 2. Per size: `tcptune analyze --json FILE` (BENCH_RUNS, default 3), `tshark -r FILE -q -z
#    conv,tcp` (3 runs at the smallest size, BENCH_TSHARK_RUNS = 1 at the others: minutes each)
#    and `tcpdump -r FILE -w /dev/null` (the reading floor, BENCH_RUNS), alternately, under
#    /usr/bin/time -v: median wall time, peak RSS, speedup, ratio to the floor.
# 3. Prints the machine (cores, CPU, kernel) and the load average at start and end, and warns
#    when the load is above 1: figures taken under load are not figures.
# Needs root. Usage: bench/capture/run.sh [BUILD_DIR] (default build). Keeps the captures in
# $BENCH_DIR (default /tmp/tcptune-bench-capture) for reruns; BENCH_REUSE=1 skips step 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
tcptune="$build/bin/tcptune"
dir=${BENCH_DIR:-/tmp/tcptune-bench-capture}
sizes=(${BENCH_SIZES:-1000000 5000000 10000000})
runs=${BENCH_RUNS:-3}
full="$dir/bench-full.pcap"
a=tcptune-t-capture9a
b=tcptune-t-capture9b
port=15699
mkdir -p "$dir"
[ -x "$tcptune" ] || { echo "bench: build tcptune first ($tcptune missing)" >&2; exit 1; }

machine() {
  local load
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  echo "bench: $1: $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)," \
    "kernel $(uname -r), load average $load"
  if awk -v l="${load%% *}" 'BEGIN {exit !(l > 1)}'; then
    echo "bench: WARNING: load average above 1; these figures will not hold on a quiet machine" >&2
  fi
}

cleanup() {
  ip netns pids "$a" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns pids "$b" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$a" 2>/dev/null || true
  ip netns del "$b" 2>/dev/null || true
}

packets_in() { capinfos -c -M "$1" 2>/dev/null | awk -F: '/Number of packets/ {gsub(/ /,"",$2); print $2}'; }

largest=$(printf '%s\n' "${sizes[@]}" | sort -n | tail -1)

# One capture of LARGEST packets: tcpdump -c stops there; iperf3 runs until then.
record() {
  trap cleanup EXIT
  cleanup
  ip netns add "$a"
  ip netns add "$b"
  ip link add ttcap9a netns "$a" type veth peer name ttcap9b netns "$b"
  ip -n "$a" addr add 198.18.29.1/24 dev ttcap9a
  ip -n "$b" addr add 198.18.29.2/24 dev ttcap9b
  for ns in "$a" "$b"; do ip -n "$ns" link set lo up; done
  ip -n "$a" link set ttcap9a up
  ip -n "$b" link set ttcap9b up
  ip netns exec "$b" iperf3 -s -p "$port" >/dev/null 2>&1 &
  for _ in $(seq 50); do ip netns exec "$b" ss -ltn | grep -q ":$port " && break; sleep 0.1; done
  rm -f "$full"
  ip netns exec "$a" tcpdump -i ttcap9a -s 128 -B 65536 -c "$largest" -w "$full" "tcp port $port" \
    2>"$dir/tcpdump.log" &
  local tcpdump_pid=$!
  for _ in $(seq 50); do grep -q "listening on" "$dir/tcpdump.log" && break; sleep 0.1; done
  # Bounded: at most BENCH_MAX_SECONDS of traffic, repeated 60 s runs until tcpdump has its count.
  local deadline=$((SECONDS + ${BENCH_MAX_SECONDS:-1800}))
  while kill -0 "$tcpdump_pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do
    ip netns exec "$a" timeout 70 iperf3 -c 198.18.29.2 -p "$port" -t 60 -P 4 -l 64 -N >"$dir/iperf3.log" || true
  done
  kill -INT "$tcpdump_pid" 2>/dev/null || true
  wait "$tcpdump_pid" || true
  cleanup
  trap - EXIT
}

machine start
if [ "${BENCH_REUSE:-0}" != 1 ] || [ ! -s "$full" ]; then
  record
fi
have=$(packets_in "$full")
echo "capture: $full, $have packets, $(stat -c %s "$full") bytes"

# Runs COMMAND under /usr/bin/time -v; prints "seconds maxrss_kB".
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$dir/time.log"
  awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; w=s}
              /Maximum resident set size/ {r=$2} END {print w, r}' "$dir/time.log"
}
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
largest_of() { printf '%s\n' "$@" | sort -g | tail -1; }

rows=()
smallest=$(printf '%s\n' "${sizes[@]}" | sort -n | head -1)
for n in "${sizes[@]}"; do
  if [ "${have:-0}" -lt "$n" ]; then
    echo "bench: the capture holds $have packets, fewer than $n; skipped (raise BENCH_MAX_SECONDS)" >&2
    continue
  fi
  file="$dir/bench-$n.pcap"
  [ -s "$file" ] && [ "$(packets_in "$file")" = "$n" ] || editcap -r "$full" "$file" "1-$n"
  tshark_runs=$([ "$n" = "$smallest" ] && echo 3 || echo "${BENCH_TSHARK_RUNS:-1}")
  tt=() trss=() ts=() srss=() td=()
  for i in $(seq "$runs"); do
    read -r t r < <(measure "$tcptune" analyze --json "$file"); tt+=("$t"); trss+=("$r")
    read -r t _ < <(measure tcpdump -r "$file" -w /dev/null); td+=("$t")
    if [ "$i" -le "$tshark_runs" ]; then
      read -r t r < <(measure tshark -r "$file" -q -z conv,tcp); ts+=("$t"); srss+=("$r")
    fi
    echo "$n packets, run $i: tcptune ${tt[-1]} s, tcpdump ${td[-1]} s${ts[$((i-1))]:+, tshark ${ts[$((i-1))]} s}"
  done
  rows+=("$n $(median "${tt[@]}") $(median "${ts[@]}") $(median "${td[@]}") $(largest_of "${trss[@]}") $(largest_of "${srss[@]}")")
done

echo "| packets | tcptune analyze --json | tshark -z conv,tcp | speedup | tcpdump -r -w /dev/null | tcptune / tcpdump | tcptune peak RSS | tshark peak RSS | tcptune packets/s |"
echo "|---|---|---|---|---|---|---|---|---|"
for row in "${rows[@]}"; do
  read -r n mt ms md rss srss <<<"$row"
  awk -v p="$n" -v mt="$mt" -v ms="$ms" -v md="$md" -v rss="$rss" -v srss="$srss" 'BEGIN {
    printf "| %d | %.2f s | %.2f s | %.1fx | %.2f s | %.2fx | %.1f MB | %.1f MB | %.2f M |\n",
      p, mt, ms, ms/mt, md, mt/md, rss/1024, srss/1024, p/mt/1e6 }'
done
machine end
