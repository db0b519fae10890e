# The one place for how strictly our own code is compiled; every target of the project calls
# tcptune_warnings(<target>). Third-party headers (Qt's and Boost's imported targets) are system
# includes, so these warnings and -Werror apply to our code only.
#
# Strings: no implicit conversion between char * / QByteArray and QString (QStringLiteral,
# u"..."_s, QLatin1StringView or an explicit QString::fromUtf8 say which encoding is meant), and
# QStringBuilder for concatenations (one allocation per expression; store the result in a
# QString, never in auto, which would keep references to temporaries).
#
# Conventions the compiler holds (TCPTUNE_CONVENTION_DEFINITIONS), one line each:
# - QT_NO_CAST_FROM_BYTEARRAY: a QByteArray is not silently a const char *; constData() says so.
# - QT_NO_URL_CAST_FROM_STRING: a path is no URL; QUrl::fromLocalFile or QUrl(s) says which.
# - QT_NO_NARROWING_CONVERSIONS_IN_CONNECT: a connect() that would narrow a signal's argument fails.
# - QT_NO_KEYWORDS: Q_SIGNALS, Q_SLOTS, Q_EMIT and range-for; the bare words stay free (Boost).
# - QT_DISABLE_DEPRECATED_UP_TO/_BEFORE=0x060400: no API deprecated up to Qt 6.4, the oldest Qt we
#   build with (Debian 12's 6.4.2); Qt 6.4 reads only _BEFORE, Qt 6.5 on reads _UP_TO.
option(TCPTUNE_WERROR "Turn compiler warnings into errors (scripts/test and CI turn it on)" OFF)

set(TCPTUNE_STRING_DEFINITIONS QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_USE_QSTRINGBUILDER)
set(TCPTUNE_CONVENTION_DEFINITIONS QT_NO_CAST_FROM_BYTEARRAY QT_NO_URL_CAST_FROM_STRING
  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_NO_KEYWORDS QT_DISABLE_DEPRECATED_UP_TO=0x060400
  QT_DISABLE_DEPRECATED_BEFORE=0x060400)
set(TCPTUNE_WARNING_OPTIONS -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
set(TCPTUNE_STRICT_WARNING_OPTIONS -Wold-style-cast -Wshadow)

function(tcptune_warnings target)
  target_compile_options(${target} PRIVATE ${TCPTUNE_WARNING_OPTIONS})
  target_compile_definitions(${target} PRIVATE ${TCPTUNE_STRING_DEFINITIONS})
  target_compile_definitions(${target} PRIVATE ${TCPTUNE_CONVENTION_DEFINITIONS})
  target_compile_options(${target} PRIVATE ${TCPTUNE_STRICT_WARNING_OPTIONS})
  if(TCPTUNE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
