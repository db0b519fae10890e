#!/usr/bin/env bash
# The Debian package as a user gets it. Builds it (scripts/package), then:
#   - lintian reports no error (warnings are printed);
#   - it holds exactly the files in expected-files.txt (the install layout), its AppStream
#     metadata passes appstreamcli validate and its desktop entry desktop-file-validate;
#   - in a clean Debian 12 minbase root (debootstrapped once from the mirror this machine's apt
#     uses, cached as a tarball under BUILD/package-root/ with the downloaded .debs beside it),
#     `apt-get install ./tcptune_*.deb` pulls what it needs, tcptune works there (the README's
#     quick start for the package runs as written) and is purged without a trace (in_root.sh).
# The root is entered through `unshare --mount --pid --fork` (enter_root.sh): its mounts exist
# only in that private namespace and vanish with it, even when this test is killed, so deleting
# the root can never reach into the host. Usage: tst_package_install.sh SOURCE_DIR BUILD_DIR [WERROR]
# (WERROR: ON when the test build turns warnings into errors; the package is built so too, and
# with the test build's flags its objects come from ccache).
set -euo pipefail
source_dir=$1
build_dir=$2
werror=${3:-OFF}
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
deb=$(TCPTUNE_BUILD_DIR=$build_dir "$source_dir/scripts/package" -DTCPTUNE_WERROR="$werror" | tail -n 1)
[ -f "$deb" ] || fail "scripts/package made no .deb"
version=$(dpkg-deb -f "$deb" Version)
elapsed $start

# A second checkout with its own build packages too (issue 37, item 11): a clone of the committed
# tree, built in a folder of its own, makes a package of the same files (its compiling is
# ccache's: the same flags at the same depth).
start=$SECONDS
echo "== scripts/package in a second checkout"
if git -C "$source_dir" rev-parse --git-dir >/dev/null 2>&1; then
  second=$(mktemp -d)
  git clone -q "$source_dir" "$second/checkout"
  second_deb=$(cd "$second/checkout" && TCPTUNE_BUILD_DIR=$second/checkout/build scripts/package -DTCPTUNE_WERROR="$werror" | tail -n 1)
  [ -f "$second_deb" ] || fail "scripts/package in a second checkout made no .deb"
  diff <(dpkg-deb -c "$deb" | awk '{print $6}') <(dpkg-deb -c "$second_deb" | awk '{print $6}') ||
    fail "the second checkout's package holds other files"
  rm -rf "$second"
else
  echo "   skipped: $source_dir is not a git checkout"
fi
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
# The README's quick start for the installed package, its commands as written (in_root.sh runs them).
awk '/^Installed from the package/ {found = 1} found && /^```sh/ {inside = 1; next} inside && /^```/ {exit}
  inside {sub(/ *#.*$/, ""); if ($0 != "") print}' "$source_dir/README.md" >"$root/tmp/pkgtest/quickstart.txt"
[ "$(wc -l <"$root/tmp/pkgtest/quickstart.txt")" -ge 3 ] || fail "no quick start for the installed package in README.md"
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
