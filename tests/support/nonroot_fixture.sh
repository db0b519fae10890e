#!/usr/bin/env bash
# Runs COMMAND (a test, as root) on a machine where a normal user reaches tcptune-helper the two
# ways a desktop offers, without changing anything of the host:
#   - a system D-Bus of its own (dbus-daemon --system with a private config) and polkitd on it;
#   - a test user, tcptune-nonroot, in private copies of /etc/passwd, /etc/group, /etc/shadow;
#   - the polkit action org.tcptune.helper with exec.path = the build tree's helper, and a rule
#     that grants it to the test user without a password;
#   - a sudoers drop-in that lets the test user run that helper, and nothing else, with sudo -n.
# It all lives in a private mount and PID namespace (unshare --mount --pid --fork):
# /run/tcptune-nonroot, /run/dbus, /run/netns, /run/tcptune, /run/sudo, /etc/polkit-1/rules.d,
# /usr/share/polkit-1/actions and /etc/sudoers.d are private tmpfs there. When COMMAND ends, or the fixture is killed, the
# daemons die with the PID namespace and the user, rule, drop-in and mounts with the mount
# namespace: nothing is left to clean up.
#
#   nonroot_fixture.sh HELPER COMMAND [ARGS]   run COMMAND in the fixture (needs root)
#   nonroot_fixture.sh grant polkit|sudo on|off
#                                              inside the fixture: turn one grant on or off (for
#                                              polkit, waits until polkitd answers accordingly)
# COMMAND's environment: TCPTUNE_NONROOT_USER (the user), TCPTUNE_NONROOT_HOME (its home),
# TCPTUNE_NONROOT_FIXTURE (this script, for "grant"). Both grants are on at the start.
set -euo pipefail
user=tcptune-nonroot
rule=/etc/polkit-1/rules.d/50-tcptune-nonroot.rules
dropin=/etc/sudoers.d/tcptune-nonroot
fail() {
  echo "nonroot_fixture: $*" >&2
  exit 1
}

# The user's answer from polkitd: 0 when the action is granted.
polkit_grants() { runuser -u "$user" -- sh -c 'exec pkcheck --action-id org.tcptune.helper --process $$' >/dev/null 2>&1; }

grant() {
  local what=$1 state=$2 file off
  case $what in
    polkit) file=$rule ;;
    sudo) file=$dropin ;;
    *) fail "grant polkit|sudo on|off" ;;
  esac
  off=$TCPTUNE_NONROOT_HOME/../off/$(basename "$file")
  case $state in
    on) [ -e "$file" ] || mv "$off" "$file" ;;
    off) [ ! -e "$file" ] || mv "$file" "$off" ;;
    *) fail "grant polkit|sudo on|off" ;;
  esac
  [ "$what" = polkit ] || return 0
  # polkitd rereads its rules when the folder changes; wait (at most 30 s: slow on a loaded machine).
  for _ in $(seq 300); do
    if polkit_grants; then [ "$state" = on ] && return 0; else [ "$state" = off ] && return 0; fi
    sleep 0.1
  done
  fail "polkitd did not take the grant $state within 30 s"
}

# Mounts an empty private tmpfs on DIR (created on the host only if it does not exist yet).
private_dir() {
  mkdir -p "$1"
  mount -t tmpfs -o "mode=${2:-755}" tmpfs "$1"
}

# A copy of FILE with LINE appended, bind-mounted over FILE (the host's FILE is untouched).
private_copy_with() {
  local file=$1 line=$2 copy
  copy=$work/etc/$(basename "$1")
  cp -p "$file" "$copy"
  printf '%s\n' "$line" >>"$copy"
  mount --bind "$copy" "$file"
}

start_system_bus() {
  cat >"$work/system-bus.conf" <<'CONF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=/run/dbus/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="false"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
  dbus-daemon --config-file="$work/system-bus.conf" --nofork --nopidfile --nosyslog &
  # polkitd gives up at once when the bus is not there yet: start it once the bus answers.
  for _ in $(seq 300); do
    dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetId >/dev/null 2>&1 && break
    sleep 0.1
  done
  /usr/lib/polkit-1/polkitd --no-debug >"$work/polkitd.log" 2>&1 &
  for _ in $(seq 300); do
    if dbus-send --system --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
      string:org.freedesktop.PolicyKit1 2>/dev/null | grep -q 'boolean true'; then
      return 0
    fi
    sleep 0.1
  done
  cat "$work/polkitd.log" >&2
  fail "polkitd did not appear on the private system bus within 30 s"
}

make_user() {
  local uid=61000
  while getent passwd "$uid" >/dev/null || getent group "$uid" >/dev/null; do uid=$((uid + 1)); done
  ! getent passwd "$user" >/dev/null || fail "a user $user exists already on this machine"
  mkdir -p "$work/etc" "$work/home" "$work/off"
  chmod 755 "$work" "$work/home"
  chown "$uid:$uid" "$work/home"
  private_copy_with /etc/passwd "$user:x:$uid:$uid:tcptune test user:$work/home:/bin/sh"
  private_copy_with /etc/group "$user:x:$uid:"
  # No password ("*"), not a locked account ("!"): sshd (UsePAM no) refuses locked accounts even
  # with a key, and tests log in as this user over ssh.
  private_copy_with /etc/shadow "$user:*:19000:0:99999:7:::"
}

grant_helper() {
  local helper=$1 policy=/usr/share/polkit-1/actions/org.tcptune.helper.policy
  private_dir /usr/share/polkit-1/actions
  sed -e "s|<annotate key=\"org.freedesktop.policykit.exec.path\">[^<]*<|<annotate key=\"org.freedesktop.policykit.exec.path\">$helper<|" \
    "$source_dir/resources/polkit/org.tcptune.helper.policy.in" >"$policy"
  grep -q "exec.path\">$helper<" "$policy" || fail "could not set exec.path in $policy"
  private_dir /etc/polkit-1/rules.d
  cat >"$rule" <<RULE
polkit.addRule(function (action, subject) {
    if (action.id == "org.tcptune.helper" && subject.user == "$user")
        return polkit.Result.YES;
});
RULE
  private_dir /etc/sudoers.d
  printf '%s ALL=(root) NOPASSWD: %s\n' "$user" "$helper" >"$dropin"
  chmod 0440 "$dropin"
  visudo -cq -f "$dropin" || fail "sudo does not accept $dropin"
}

if [ "${1:-}" = grant ]; then
  [ -n "${TCPTUNE_NONROOT_HOME:-}" ] || fail "'grant' works only inside the fixture"
  grant "${2:-}" "${3:-}"
  exit 0
fi

[ $# -ge 2 ] || fail "usage: nonroot_fixture.sh HELPER COMMAND [ARGS]"
[ "$(id -u)" -eq 0 ] || fail "needs root (it makes a user, starts polkitd and a system bus)"
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$$" -ne 1 ]; then
  exec unshare --mount --pid --fork --propagation private --kill-child "$0" "$@"
fi

helper=$1
shift
[ -x "$helper" ] || fail "no helper at $helper"
mount --make-rprivate /
mount -t proc proc /proc # this PID namespace's processes, as pkexec and polkitd look them up
for dir in /run/dbus /run/netns /run/tcptune /run/sudo; do private_dir "$dir"; done
# The user's home and the copies vanish with the namespace. Not a private /tmp: that would hide
# a checkout or build tree under /tmp from the test.
work=/run/tcptune-nonroot
private_dir "$work"
make_user
grant_helper "$helper"
start_system_bus
polkit_grants || fail "polkitd does not grant org.tcptune.helper to $user; see $work/polkitd.log"

export TCPTUNE_NONROOT_USER=$user TCPTUNE_NONROOT_HOME=$work/home TCPTUNE_NONROOT_FIXTURE=$source_dir/tests/support/nonroot_fixture.sh
"$@"
