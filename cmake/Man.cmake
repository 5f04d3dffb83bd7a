# Man pages retrylint(1) and retry-probe(1), generated at build time by
# help2man from each program's own --help and --version (the one source of
# the option text; cmake/man/*.h2m only points at the installed docs),
# gzip'ed for share/man/man1 as Debian ships them.
option(RETRYLINT_BUILD_MAN "Generate the man pages with help2man" ON)
if(NOT RETRYLINT_BUILD_MAN)
  return()
endif()
find_program(RETRYLINT_HELP2MAN help2man REQUIRED)
find_program(RETRYLINT_GZIP gzip REQUIRED)

# retrylint_man(<target> <component> <one-line description>)
function(retrylint_man target component description)
  set(page ${PROJECT_BINARY_DIR}/man/${target}.1)
  add_custom_command(OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND ${RETRYLINT_HELP2MAN} --no-info --no-discard-stderr
      --name=${description}
      --include=${PROJECT_SOURCE_DIR}/cmake/man/${target}.h2m
      --output=${page} $<TARGET_FILE:${target}>
    COMMAND ${RETRYLINT_GZIP} -n -9 -f ${page}
    DEPENDS ${target} ${PROJECT_SOURCE_DIR}/cmake/man/${target}.h2m
    COMMENT "Generating ${target}(1)" VERBATIM)
  add_custom_target(${target}-man ALL DEPENDS ${page}.gz)
  install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
    COMPONENT ${component})
endfunction()

retrylint_man(retrylint retrylint "find retry bugs in C and C++ code")
if(TARGET retry-probe)
  retrylint_man(retry-probe retryprobe
    "measure retry and idempotency failures on loopback sockets")
endif()
