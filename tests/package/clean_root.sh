#!/usr/bin/env bash
# Makes CACHE/debian12-minbase.tar once: `debootstrap --variant=minbase bookworm` from the Debian
# mirror this machine's apt uses, with the same Debian sources, and a policy-rc.d so that no
# package starts a service inside the root. Later runs reuse the tarball; each test unpacks it
# into a fresh folder. Usage: clean_root.sh CACHE
set -euo pipefail
cache=$1
tarball=$cache/debian12-minbase.tar
[ -f "$tarball" ] && exit 0

# "deb URL SUITE main" for each Debian bookworm index apt reads here (main, updates, security).
sources=$(apt-cache policy | awk '$3 ~ /^bookworm(-updates|-security)?\/main$/ && $4 == "amd64" {
  split($3, s, "/"); print "deb " $2 " " s[1] " main" }' | sort -u)
mirror=$(awk '$3 == "bookworm" {print $2; exit}' <<<"$sources")
if [ -z "$mirror" ]; then
  echo "clean_root: apt on this machine reads no Debian bookworm mirror (apt-cache policy)" >&2
  exit 1
fi

staging=$cache/minbase.staging
rm -rf --one-file-system "$staging"
mkdir -p "$staging"
echo "clean_root: debootstrap --variant=minbase bookworm from $mirror"
debootstrap --variant=minbase bookworm "$staging" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
  { tail -n 20 "$cache/debootstrap.log" >&2; exit 1; }
printf '%s\n' "$sources" >"$staging/etc/apt/sources.list"
printf '#!/bin/sh\n# No service starts inside the test root.\nexit 101\n' >"$staging/usr/sbin/policy-rc.d"
chmod 755 "$staging/usr/sbin/policy-rc.d"
rm -f "$staging"/var/cache/apt/archives/*.deb
tar -C "$staging" -cf "$tarball.tmp" .
mv "$tarball.tmp" "$tarball"
rm -rf --one-file-system "$staging"
