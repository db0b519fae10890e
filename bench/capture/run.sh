#!/usr/bin/env bash
# Benchmark of `tcptune analyze` (bench/README.md, section "capture").
# 1. Makes a capture of at least 1,000,000 packets in a scratch namespace pair
#    (tcptune-t-capture9a/b, 198.18.29.0/24): iperf3, 4 streams of 64-byte writes with TCP_NODELAY,
#    recorded by tcpdump on the sender's veth with snaplen 128.
# 2. Runs `tcptune analyze --json FILE` and `tshark -r FILE -q -z conv,tcp` alternately, 3 times
#    each, under /usr/bin/time -v: median wall time, speedup, peak RSS.
# 3. Reads the file with `tcpdump -r FILE -w /dev/null` (the I/O floor) for packets per second.
# Needs root. Usage: bench/capture/run.sh [BUILD_DIR] (default build). Keeps the capture in
# $BENCH_DIR (default /tmp/tcptune-bench-capture) for reruns; BENCH_REUSE=1 skips step 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
tcptune="$build/bin/tcptune"
dir=${BENCH_DIR:-/tmp/tcptune-bench-capture}
file="$dir/bench.pcap"
a=tcptune-t-capture9a
b=tcptune-t-capture9b
port=15699
mkdir -p "$dir"
[ -x "$tcptune" ] || { echo "bench: build tcptune first ($tcptune missing)" >&2; exit 1; }

cleanup() {
  ip netns pids "$a" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns pids "$b" 2>/dev/null | xargs -r kill 2>/dev/null || true
  ip netns del "$a" 2>/dev/null || true
  ip netns del "$b" 2>/dev/null || true
}

packets_in() { capinfos -c -M "$1" 2>/dev/null | awk -F: '/Number of packets/ {gsub(/ /,"",$2); print $2}'; }

if [ "${BENCH_REUSE:-0}" != 1 ] || [ ! -s "$file" ]; then
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
  ip netns exec "$b" iperf3 -s -p "$port" -1 >/dev/null 2>&1 &
  sleep 1 # iperf3 has no readiness signal; its port is polled below
  for _ in $(seq 50); do ip netns exec "$b" ss -ltn | grep -q ":$port " && break; sleep 0.1; done
  rm -f "$file"
  ip netns exec "$a" tcpdump -i ttcap9a -s 128 -B 65536 -w "$file" "tcp port $port" 2>"$dir/tcpdump.log" &
  tcpdump_pid=$!
  for _ in $(seq 50); do grep -q "listening on" "$dir/tcpdump.log" && break; sleep 0.1; done
  ip netns exec "$a" iperf3 -c 198.18.29.2 -p "$port" -t "${BENCH_SECONDS:-40}" -P 4 -l 64 -N >"$dir/iperf3.log"
  sleep 0.5
  kill -INT "$tcpdump_pid"
  wait "$tcpdump_pid" || true
  cleanup
  trap - EXIT
fi
packets=$(packets_in "$file")
echo "capture: $file, $packets packets, $(stat -c %s "$file") bytes"
if [ "${packets:-0}" -lt 1000000 ]; then
  echo "bench: only $packets packets captured; need 1,000,000" >&2
  exit 1
fi

# Runs COMMAND under /usr/bin/time -v; prints "seconds maxrss_kB".
measure() {
  /usr/bin/time -v "$@" >/dev/null 2>"$dir/time.log"
  awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; w=s}
              /Maximum resident set size/ {r=$2} END {print w, r}' "$dir/time.log"
}

declare -a tt ts tr sr
for i in 1 2 3; do
  read -r t r < <(measure "$tcptune" analyze --json "$file")
  tt+=("$t"); tr+=("$r")
  read -r t r < <(measure tshark -r "$file" -q -z conv,tcp)
  ts+=("$t"); sr+=("$r")
  echo "run $i: tcptune ${tt[-1]} s (${tr[-1]} kB), tshark ${ts[-1]} s (${sr[-1]} kB)"
done
read -r tdump _ < <(measure tcpdump -r "$file" -w /dev/null)

median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
mt=$(median "${tt[@]}")
ms=$(median "${ts[@]}")
rss=$(printf '%s\n' "${tr[@]}" | sort -g | tail -1)
srss=$(printf '%s\n' "${sr[@]}" | sort -g | tail -1)
awk -v p="$packets" -v mt="$mt" -v ms="$ms" -v td="$tdump" -v rss="$rss" -v srss="$srss" 'BEGIN {
  printf "| packets | tcptune analyze --json (median of 3) | tshark -z conv,tcp (median of 3) | speedup | tcptune peak RSS | tshark peak RSS | tcptune packets/s | tcpdump -r -w /dev/null packets/s |\n"
  printf "|---|---|---|---|---|---|---|---|\n"
  printf "| %d | %.2f s | %.2f s | %.1fx | %.1f MB | %.1f MB | %.2f M | %.2f M |\n", p, mt, ms, ms/mt, rss/1024, srss/1024, p/mt/1e6, p/td/1e6
}'
