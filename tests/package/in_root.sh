#!/usr/bin/env bash
# Runs inside the clean root (tests/package/enter_root.sh), as root, with the package and a
# capture in /tmp/pkgtest: installs the package with apt, uses it (the README's quick start among
# it, from quickstart.txt), purges it, and checks that
# the purge left no file of the package and the run no file outside the user's home.
set -euo pipefail
cd /tmp/pkgtest
version=$1
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo "== $* (at $SECONDS s)"; }

# Every path of the root except the user's, the kernel's, apt's and dpkg's own bookkeeping.
snapshot() {
  find / -xdev \( -path /proc -o -path /sys -o -path /run -o -path /dev -o -path /tmp -o -path /root \
    -o -path /var/cache -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/log -o -path /var/tmp \) \
    -prune -o -print | sort
}

step "apt-get install ./tcptune_${version}_amd64.deb (dependencies from the mirror, no Recommends)"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "./tcptune_${version}_amd64.deb" >apt-install.log ||
  { tail -n 30 apt-install.log; fail "apt-get install of the package"; }
snapshot >installed.list
dpkg -L tcptune | sort >package.list

step "tcptune --version"
[ "$(tcptune --version)" = "tcptune $version" ] || fail "tcptune --version says '$(tcptune --version)'"
[ ! -e /usr/bin/tcptune-helper ] || fail "the helper is on PATH"
[ -x /usr/libexec/tcptune/tcptune-helper ] || fail "no helper in /usr/libexec/tcptune"
man -w tcptune >/dev/null 2>&1 || [ -f /usr/share/man/man1/tcptune.1.gz ] || fail "no tcptune(1)"

step "tcptune knobs --json"
tcptune knobs --json >knobs.json
grep -q '"net.ipv4.tcp_autocorking"' knobs.json || fail "knobs --json lacks net.ipv4.tcp_autocorking"

step "tcptune analyze --json capture.pcap"
tcptune analyze --json capture.pcap >analyze.json
grep -Eq '"payload_c2s": ?3000[,}]' analyze.json || { cat analyze.json; fail "analyze did not find the 3000-byte flow"; }

step "tcptune sweep --list-presets (presets from /usr/share/tcptune)"
tcptune sweep --list-presets | grep -q story5 || fail "the installed presets are not found"

step "the README's quick start, each command as written: $(paste -sd ';' quickstart.txt)"
mkdir quick
while read -r command; do
  if [ "$command" = tcptune ]; then # without a display: it explains itself and runs nothing
    (cd quick && tcptune) </dev/null >bare.log 2>&1 && { cat bare.log; fail "bare tcptune without a display should say how to run the default job and exit non-zero"; }
    grep -q -- '--default-job' bare.log || { cat bare.log; fail "bare tcptune without a display does not name --default-job"; }
  else
    read -ra words <<<"$command"
    (cd quick && "${words[@]}") </dev/null >>quick.log 2>&1 || { tail -n 30 quick.log; fail "README quick start: $command"; }
  fi
done <quickstart.txt
grep -q "Mbit/s" quick.log || { cat quick.log; fail "the quick start's commands printed no goodput"; }
[ -s quick/results/results.json ] && [ -s quick/results/table.md ] || fail "tcptune sweep 5 --out results wrote no table"
tcptune lab down >/dev/null
[ -z "$(ls -A /run/netns 2>/dev/null)" ] || fail "namespaces left behind by the quick start: $(ls /run/netns)"

step "tcptune --default-job runs the headless default job in the lab"
mkdir job
(cd job && tcptune --default-job) >job.log 2>&1 || { tail -n 40 job.log; fail "the default job"; }
ls job/reports/*/report.html job/reports/*/report.pdf >/dev/null || fail "the default job wrote no report"
tcptune lab down >/dev/null
[ -z "$(ls -A /run/netns 2>/dev/null)" ] || fail "namespaces left behind: $(ls /run/netns)"

step "apt-get purge tcptune"
apt-get purge -y -qq tcptune >apt-purge.log || { cat apt-purge.log; fail "apt-get purge"; }
! dpkg -s tcptune >/dev/null 2>&1 || fail "dpkg still knows tcptune after the purge"
left=$(while read -r path; do [ -d "$path" ] || [ ! -e "$path" ] || echo "$path"; done <package.list)
[ -z "$left" ] || fail "files of the package left after the purge: $left"
new=$(snapshot | comm -13 installed.list -)
[ -z "$new" ] || fail "the run left files outside the user's home: $new"
echo "in_root: all checks passed"
