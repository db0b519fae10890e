# One test executable per class (tst_<class>.cpp), registered with ctest.
#   tcptune_add_test(tst_knob_value LIBS tcptune_knobs [LABELS unit] [GUI] [NONROOT] [TIMEOUT s] [SOURCES ...])
# GUI tests run under QT_QPA_PLATFORM=offscreen, one at a time (RESOURCE_LOCK); integration tests
# carry the label "integration" and RUN_SERIAL because they share the machine's network namespaces
# and time it: scripts/test runs the rest two at a time. NONROOT tests run inside
# tests/support/nonroot_fixture.sh: a test user reaching the build tree's helper through polkit
# or sudo (see there).

# Qt's test library without Qt6::Test's interface definitions QT_TESTCASE_SOURCEDIR and
# QT_TESTCASE_BUILDDIR: they hold the target's absolute folders (for QFINDTESTDATA, which the tests
# do not use), so every test object would differ between two checkouts and ccache could serve a
# fresh clone none of them. Tests and their support link this instead of Qt6::Test.
add_library(tcptune_qt_test INTERFACE)
target_link_libraries(tcptune_qt_test INTERFACE "$<TARGET_LINKER_FILE:Qt6::Test>" Qt6::Core)
target_include_directories(tcptune_qt_test SYSTEM INTERFACE
  "$<TARGET_PROPERTY:Qt6::Test,INTERFACE_INCLUDE_DIRECTORIES>")
target_compile_definitions(tcptune_qt_test INTERFACE QT_TESTLIB_LIB)

function(tcptune_add_test name)
  cmake_parse_arguments(T "GUI;SERIAL;NONROOT" "TIMEOUT" "LIBS;LABELS;SOURCES" ${ARGN})
  qt_add_executable(${name} ${name}.cpp ${T_SOURCES})
  # Paths come from tcptune_test_paths at run time, not from definitions (see tcptune_qt_test).
  target_link_libraries(${name} PRIVATE tcptune_qt_test tcptune_test_paths ${T_LIBS})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  tcptune_warnings(${name})
  if(T_NONROOT)
    add_test(NAME ${name} COMMAND ${PROJECT_SOURCE_DIR}/tests/support/nonroot_fixture.sh
      ${CMAKE_BINARY_DIR}/bin/tcptune-helper $<TARGET_FILE:${name}>)
  else()
    add_test(NAME ${name} COMMAND ${name})
  endif()
  set(env "QT_QPA_PLATFORM=offscreen")
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}" TIMEOUT ${T_TIMEOUT} LABELS "${T_LABELS}")
  if(T_SERIAL)
    set_tests_properties(${name} PROPERTIES RUN_SERIAL TRUE)
  elseif("gui" IN_LIST T_LABELS)
    # One window test at a time (they share the offscreen settings under ~/.qttest); unit tests
    # run beside them under ctest --parallel.
    set_tests_properties(${name} PROPERTIES RESOURCE_LOCK tcptune_gui)
  endif()
endfunction()
