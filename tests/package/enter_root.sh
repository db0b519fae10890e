#!/usr/bin/env bash
# Runs COMMAND in ROOT (chroot) with fresh /proc, /sys, /run, /dev/shm and /dev/pts. Call it only through
# `unshare --mount --pid --fork`: the mounts (and the lab's /run/netns) then exist only in that
# private mount namespace and vanish with it, and its PID namespace ends every process the
# command started. Usage: enter_root.sh ROOT COMMAND [ARGS]
set -euo pipefail
root=$1
shift
if [ "$$" -ne 1 ] || [ "$(readlink /proc/self/ns/mnt)" = "$(readlink /proc/1/ns/mnt)" ]; then
  echo "enter_root: run me through 'unshare --mount --pid --fork' (own mount and PID namespace)" >&2
  exit 1
fi
mount --make-rprivate /
# The root a mount point of its own: `ip netns exec` and `tc -n` remount "/" (--make-rslave).
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount -t tmpfs -o mode=755 tmpfs "$root/run"
mkdir -p "$root/dev/shm" "$root/dev/pts"
mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" # a private instance, not the host's
# Nothing of the caller's environment: no display (tcptune then only explains --default-job).
exec chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive "$@"
