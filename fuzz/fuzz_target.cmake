# What every libFuzzer project under fuzz/ sets up alike: C++23, Qt Core, and a function that
# makes one fuzz target from its sources. Each fuzz/<name>/CMakeLists.txt stays a small project of
# its own (clang with -fsanitize=fuzzer,...; the main build uses g++) and includes this after its
# project() call. scripts/fuzz builds and runs them.

set(CMAKE_CXX_STANDARD 23)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
find_package(Qt6 6.4 REQUIRED COMPONENTS Core)
# The same warnings, string rules and TCPTUNE_WERROR as the main build's targets.
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/TcptuneWarnings.cmake)

# The backends' sources, which the targets name one by one (they build no library of theirs).
set(backends ${CMAKE_CURRENT_LIST_DIR}/../backends)

# tcptune_fuzz_target(NAME SANITIZE <list> SOURCES <files>... [COMPILE_OPTIONS <options>...])
# NAME built from SOURCES with -fsanitize=SANITIZE (e.g. fuzzer,address), linked to Qt Core, the
# backends on its include path.
function(tcptune_fuzz_target name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "SANITIZE" "SOURCES;COMPILE_OPTIONS")
  add_executable(${name} ${arg_SOURCES})
  target_include_directories(${name} PRIVATE ${backends})
  target_link_libraries(${name} PRIVATE Qt6::Core)
  # libstdc++ 12 hides std::expected unless __cpp_concepts says C++20 concepts are complete;
  # clang 16 implements them (P0848) but still reports 201907L.
  target_compile_options(${name} PRIVATE -g -O1 -fsanitize=${arg_SANITIZE} ${arg_COMPILE_OPTIONS}
    -Wno-builtin-macro-redefined -U__cpp_concepts -D__cpp_concepts=202002L)
  target_link_options(${name} PRIVATE -fsanitize=${arg_SANITIZE})
  tcptune_warnings(${name})
endfunction()
