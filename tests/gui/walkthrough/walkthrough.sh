#!/usr/bin/env bash
# The workbench as a user drives it: a real X server (Xvfb, 1280x800), a window manager
# (openbox), the real tcptune window in German, synthetic keys and clicks (xdotool). Steps: a
# run, a knob change, a second run, A/B in History, a sweep cancelled half-way, a run's capture
# overlaid, a report exported. Each step saves a screenshot of the whole screen into
# BUILD/screenshots/walkthrough/ and checks what the step must have done (the result store, the
# lab's sysctl, the exported file). Needs root (the lab "t-walk"); exits non-zero on the first
# failed check. Usage: tests/gui/walkthrough/walkthrough.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/../../.."
build=$(realpath "${1:-${TCPTUNE_BUILD_DIR:-build}}")
tcptune=$build/bin/tcptune
shots=$build/screenshots/walkthrough
lab=t-walk
if [ "$(id -u)" -ne 0 ]; then
  echo "walkthrough: needs root (the lab is made of network namespaces)" >&2
  exit 1
fi
for tool in Xvfb openbox xdotool xprop xwininfo import python3; do
  command -v "$tool" >/dev/null || { echo "walkthrough: $tool is missing; run scripts/install-deps" >&2; exit 1; }
done

work=$(mktemp -d /tmp/tcptune-walkthrough.XXXXXX)
rm -rf "$shots" && mkdir -p "$shots"
export HOME=$work/home XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_RUNTIME_DIR=$work/run
export TCPTUNE_RESULTS_DB=$work/results.db
export LANG=de_DE.UTF-8 LANGUAGE=de LC_ALL=de_DE.UTF-8
unset QT_QPA_PLATFORM
mkdir -p "$HOME" "$XDG_CONFIG_HOME/tcptune" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

# A display of our own: the first free number from 57 on.
display=57
while [ -e /tmp/.X11-unix/X$display ] || [ -e /tmp/.X$display-lock ]; do display=$((display + 1)); done
export DISPLAY=:$display
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$tcptune" lab down --name "$lab" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# No key repeat: on a busy machine xdotool's key release can come late, and the server then
# repeated the key (a stuck "e" filled the report's file name with "eeee").
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp -r >"$work/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.2; done
openbox >"$work/openbox.log" 2>&1 &
pids+=($!)
# The window manager first: a window mapped before it runs is not maximized into the screen.
for _ in $(seq 100); do xprop -root _NET_SUPPORTED 2>/dev/null | grep -q _NET_ACTIVE_WINDOW && break; sleep 0.2; done

# Short runs that record a capture, in the lab t-walk at 50 Mbit/s.
cat >"$XDG_CONFIG_HOME/tcptune/tcptune.conf" <<EOF
[target]
kind=0
topology=0
rate=50mbit
queue=2M
mtu=1500
[workload]
kind=0
duration=3
streams=1
writeSize=128K
nodelay=false
cork=false
sampleMs=50
capture=true
EOF

step=0
shot() { # NAME: a screenshot of the whole screen, with the whole window on it
  step=$((step + 1))
  sleep 1
  import -window root "$(printf '%s/%02d-%s.png' "$shots" "$step" "$1")"
  frame_inside_screen >"$work/frame.txt" ||
    { step=$((step - 1)) && fail "the window's frame is not inside the 1280x800 screen: $(cat "$work/frame.txt")"; }
  echo "walkthrough: step $step: $1"
}
fail() { echo "walkthrough: FAILED at step $((step + 1)): $*" >&2; import -window root "$shots/failed.png" || true; exit 1; }
experiments() { "$tcptune" results list --json --db "$TCPTUNE_RESULTS_DB" 2>/dev/null || echo '[]'; }
# Waits (at most SECONDS) until the store holds N experiments none of which is still running.
wait_experiments() {
  local n=$1 seconds=$2
  for _ in $(seq $((seconds * 2))); do
    if experiments | python3 -c "import json,sys; e=json.load(sys.stdin); sys.exit(0 if len(e)>=$n and all(x['status']!='running' for x in e) else 1)"; then
      return 0
    fi
    sleep 0.5
  done
  fail "expected $n finished experiments within $seconds s: $(experiments)"
}
lab_cork() { ip netns exec "tcptune-$lab-client" sysctl -n net.ipv4.tcp_autocorking 2>/dev/null || echo "?"; }
key() { xdotool key --window "$window" --clearmodifiers "$@"; sleep 0.4; }
type_text() { xdotool type --window "$window" --delay 40 "$1"; sleep 0.3; }
# Types FILE into the open save dialog and saves; fails unless FILE is written (WHAT it is).
save_as() {
  key ctrl+a
  type_text "$1"
  key Return
  for _ in $(seq 40); do [ -s "$1" ] && break; sleep 0.5; done
  [ -s "$1" ] || fail "no $2 written to $1"
}

"$tcptune" lab down --name "$lab" >/dev/null 2>&1 || true
"$tcptune" --lab "$lab" >"$work/tcptune.log" 2>&1 &
pids+=($!)
window=$(xdotool search --sync --onlyvisible --name tcptune | head -1)
xdotool windowactivate --sync "$window"
# The whole window, its frame (title bar, borders) included, must be on the screen: tcptune
# maximizes itself on a screen smaller than it would like to be, so the window manager fits it.
frame_inside_screen() {
  local root frame parent
  root=$(xwininfo -root | awk '/Window id:/ {print $4}')
  frame=$window # the window manager's frame: the client's ancestor just below the root
  while parent=$(xwininfo -tree -id "$frame" | awk '/Parent window id:/ {print $4}') && [ -n "$parent" ] &&
    [ "$parent" != "$root" ]; do
    frame=$parent
  done
  read -r fx fy fw fh < <(xwininfo -id "$frame" | awk '/Absolute upper-left X:/ {x=$4} /Absolute upper-left Y:/ {y=$4}
                                                     /Width:/ {w=$2} /Height:/ {h=$2} END {print x, y, w, h}')
  echo "frame ${fw}x${fh}+${fx}+${fy}"
  [ "$fx" -ge 0 ] && [ "$fy" -ge 0 ] && [ $((fx + fw)) -le 1280 ] && [ $((fy + fh)) -le 800 ]
}
for _ in $(seq 20); do frame_inside_screen >/dev/null && break; sleep 0.5; done
shot start

# 1. A run (Ctrl+R), autocorking as the kernel has it.
key ctrl+r
wait_experiments 1 180
shot run-1

# 2. The knob: Alt+P opens the Parameter tab with its keys in the table; find the row, edit it.
# (The tab is open from the start, and choosing the open tab again moves no focus: Mitschnitte
# first.)
key alt+m
key alt+p
type_text net.ipv4.tcp_autoc
key Right Right F2
key space
key Tab
for _ in $(seq 40); do [ "$(lab_cork)" = 0 ] && break; sleep 0.5; done
[ "$(lab_cork)" = 0 ] || fail "tcp_autocorking in tcptune-$lab-client is $(lab_cork), not 0"
shot knob-autocorking-off

# 3. The second run, with autocorking off where the traffic starts.
key ctrl+r
wait_experiments 2 180
shot run-2

# 4. A/B in Verlauf: tick the newest run (A) and the first one (B), compare.
key alt+v
key Home Down space Down Down space
key alt+g
shot a-b

# 5. A sweep (Durchlauf), cancelled after its first run.
key alt+u
key alt+t
for _ in $(seq 240); do
  experiments | python3 -c "import json,sys; e=json.load(sys.stdin); sys.exit(0 if len(e)>=3 and e[0]['finished_runs']>=1 else 1)" && break
  sleep 0.5
done
key Escape
wait_experiments 3 60
experiments | python3 -c "import json,sys; e=json.load(sys.stdin); sys.exit(0 if e[0]['status']=='cancelled' else 1)" ||
  fail "the sweep was not cancelled: $(experiments)"
shot sweep-cancelled

# 6. The capture of the first run, from Verlauf, on the run's time: newest experiment first, so
# the sweep (2 runs), the second run, then the first run's row, chosen (not unticked) for Alt+Z.
key alt+v
key Home Down Down Down Down Down Down
key alt+z
sleep 3
# The overlay is really on the charts: exported as SVG (Datei > Exportieren > Diagramm...), they
# hold a line of the capture's flow ("Mitschnitt #1") with its points.
key alt+d
key e
key d
sleep 1
key Return
sleep 1
save_as "$work/diagramm.svg" chart
python3 tests/gui/walkthrough/chart_shows_capture.py "$work/diagramm.svg" Mitschnitt >"$work/capture-check.txt" ||
  fail "the charts do not show the first run's capture: $(cat "$work/capture-check.txt")"
shot capture-overlay

# 7. The report of that experiment (Ctrl+Shift+E), confirmed in the status bar.
key ctrl+shift+e
sleep 1
save_as "$work/bericht.html" report
shot export

echo "walkthrough: $step screenshots in $shots"
