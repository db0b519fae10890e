# Sourced by scripts/package and scripts/build: Debian's build flags (dpkg-buildflags with
# hardening=+all, as debhelper passes them; without -g, since the package is stripped) as CMake
# arguments in the array debian_cmake_args. scripts/test builds with them too, so the package
# its test builds (build-package/, beside build/) compiles nothing ccache has not seen.
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
# dpkg's -ffile-prefix-map=CHECKOUT=. makes the objects independent of the checkout's folder;
# ccache need not hash it, so clones in other folders reuse the cache (paths: CCACHE_BASEDIR).
export CCACHE_IGNOREOPTIONS="${CCACHE_IGNOREOPTIONS:-} -ffile-prefix-map=*"
without_g() { sed -e 's/\(^\| \)-g\( \|$\)/ /g'; }
debian_cmake_args=(-DCMAKE_BUILD_TYPE=None
  "-DCMAKE_CXX_FLAGS=$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CXXFLAGS | without_g)"
  "-DCMAKE_EXE_LINKER_FLAGS=$(dpkg-buildflags --get LDFLAGS)")
