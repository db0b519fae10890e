# Warnings on for our own targets only; third-party headers stay system includes.
function(tcptune_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
endfunction()
