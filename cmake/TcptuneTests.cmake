# One test executable per class (tst_<class>.cpp), registered with ctest.
#   tcptune_add_test(tst_knob_value LIBS tcptune_knobs [LABELS unit] [GUI] [NONROOT] [TIMEOUT s] [SOURCES ...])
# GUI tests run under QT_QPA_PLATFORM=offscreen, one at a time (RESOURCE_LOCK); integration tests
# carry the label "integration" and RUN_SERIAL because they share the machine's network namespaces
# and time it: scripts/test runs the rest two at a time. NONROOT tests run inside
# tests/support/nonroot_fixture.sh: a test user reaching the build tree's helper through polkit
# or sudo (see there).
function(tcptune_add_test name)
  cmake_parse_arguments(T "GUI;SERIAL;NONROOT" "TIMEOUT" "LIBS;LABELS;SOURCES" ${ARGN})
  qt_add_executable(${name} ${name}.cpp ${T_SOURCES})
  target_link_libraries(${name} PRIVATE Qt6::Test ${T_LIBS})
  target_compile_definitions(${name} PRIVATE
    TCPTUNE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    TCPTUNE_BIN_DIR="${CMAKE_BINARY_DIR}/bin")
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
