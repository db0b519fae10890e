#!/usr/bin/env bash
# The Debian package as a user gets it. Builds it (scripts/package), then:
#   - lintian reports no error (warnings are printed);
#   - it holds exactly the files in expected-files.txt (the install layout), its AppStream
#     metadata passes appstreamcli validate and its desktop entry desktop-file-validate;
#   - in a clean Debian 12 minbase root (debootstrapped once from the mirror this machine's apt
#     uses, cached as a tarball under BUILD/package-root/ with the downloaded .debs beside it),
#     `apt-get install ./tcptune_*.deb` pulls what it needs, and tcptune works there and is purged
#     without a trace (in_root.sh).
# The root is entered through `unshare --mount --pid --fork` (enter_root.sh): its mounts exist
# only in that private namespace and vanish with it, even when this test is killed, so deleting
# the root can never reach into the host. Usage: tst_package_install.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1
build_dir=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ "$(id -u)" -ne 0 ]; then
  echo "SKIP: needs root (debootstrap, chroot, network namespaces)"
  exit 77
fi
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
elapsed() { echo "   ($((SECONDS - $1)) s)"; }

start=$SECONDS
echo "== scripts/package"
deb=$(TCPTUNE_BUILD_DIR=$build_dir "$source_dir/scripts/package" | tail -n 1)
[ -f "$deb" ] || fail "scripts/package made no .deb"
version=$(dpkg-deb -f "$deb" Version)
elapsed $start

start=$SECONDS
echo "== lintian $(basename "$deb")"
lintian --fail-on error --tag-display-limit 0 "$deb" || fail "lintian reports errors"
elapsed $start

start=$SECONDS
echo "== contents"
work=$(mktemp -d)
cache=$build_dir/package-root
root=""
cleanup() {
  rm -rf "$work"
  [ -n "$root" ] || return 0
  # Mounts only ever existed inside the test's own mount namespace; refuse to delete if not so.
  if findmnt -rn -o TARGET | grep -q "^$root"; then
    echo "FAIL: mounts below $root; not deleting it" >&2
    return 1
  fi
  rm -rf --one-file-system "$root"
}
trap cleanup EXIT
dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $6}' | sed -e 's|^\./|/|' -e "s|$version|VERSION|g" | sort >"$work/files"
diff -u "$here/expected-files.txt" "$work/files" || fail "the package's files differ from expected-files.txt"
dpkg-deb -x "$deb" "$work/x"
appstreamcli validate --no-net "$work"/x/usr/share/metainfo/*.metainfo.xml || fail "appstreamcli validate"
desktop-file-validate "$work"/x/usr/share/applications/*.desktop || fail "desktop-file-validate"
exec_path=$(grep -o 'exec.path">[^<]*' "$work"/x/usr/share/polkit-1/actions/org.tcptune.helper.policy | cut -d'>' -f2)
[ "$exec_path" = /usr/libexec/tcptune/tcptune-helper ] || fail "polkit exec.path is '$exec_path'"
elapsed $start

start=$SECONDS
echo "== clean Debian 12 root"
mkdir -p "$cache/archives" "$cache/lists"
exec 9>"$cache/lock"
flock 9
# Roots of runs that were killed: their mounts died with their namespaces; check, then delete.
for stale in "$cache"/root.*; do
  [ -d "$stale" ] || continue
  if findmnt -rn -o TARGET | grep -q "^$stale"; then
    fail "mounts below $stale; remove them by hand"
  fi
  rm -rf --one-file-system "$stale"
done
"$here/clean_root.sh" "$cache"
root=$(mktemp -d "$cache/root.XXXXXX")
tar -C "$root" -xpf "$cache/debian12-minbase.tar"
cp -a "$cache/archives/." "$root/var/cache/apt/archives/"
cp -a "$cache/lists/." "$root/var/lib/apt/lists/"
mkdir "$root/tmp/pkgtest"
cp "$deb" "$here/in_root.sh" "$root/tmp/pkgtest/"
"$here/make_capture.sh" "$root/tmp/pkgtest/capture.pcap"
elapsed $start

start=$SECONDS
status=0
unshare --mount --pid --fork --propagation private --kill-child \
  "$here/enter_root.sh" "$root" /tmp/pkgtest/in_root.sh "$version" || status=$?
elapsed $start

# Keep what apt downloaded for the next run (the root itself is thrown away).
cp -an "$root"/var/cache/apt/archives/*.deb "$cache/archives/" 2>/dev/null || true
rm -rf "$cache/lists" && cp -a "$root/var/lib/apt/lists" "$cache/lists" && rm -rf "$cache/lists/partial" "$cache/lists/lock"
[ "$status" -eq 0 ] || fail "inside the clean root (exit $status)"
echo "tst_package_install: passed"
