# The one place for how strictly our own code is compiled; every target of the project calls
# tcptune_warnings(<target>). Third-party headers (Qt's and Boost's imported targets) are system
# includes, so these warnings and -Werror apply to our code only.
#
# Strings: no implicit conversion between char * / QByteArray and QString (QStringLiteral,
# u"..."_s, QLatin1StringView or an explicit QString::fromUtf8 say which encoding is meant), and
# QStringBuilder for concatenations (one allocation per expression; store the result in a
# QString, never in auto, which would keep references to temporaries).
option(TCPTUNE_WERROR "Turn compiler warnings into errors (scripts/test and CI turn it on)" OFF)

set(TCPTUNE_STRING_DEFINITIONS QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_USE_QSTRINGBUILDER)
set(TCPTUNE_WARNING_OPTIONS -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
set(TCPTUNE_STRICT_WARNING_OPTIONS -Wold-style-cast -Wshadow)

function(tcptune_warnings target)
  target_compile_options(${target} PRIVATE ${TCPTUNE_WARNING_OPTIONS})
  target_compile_definitions(${target} PRIVATE ${TCPTUNE_STRING_DEFINITIONS})
  target_compile_options(${target} PRIVATE ${TCPTUNE_STRICT_WARNING_OPTIONS})
  if(TCPTUNE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
