# `cmake --install` layout, in components (cmake/Package.cmake makes a Debian
# package of each of the first two):
# - retrylint: bin/retrylint, bin/retrylint-clangd, bin/retrylint-pre-commit,
#   lib/libretrylint-tidy.so (the clang-tidy plugin), the man page and the
#   docs in share/doc/retrylint;
# - retryprobe: the runtime probe (runtime-probe/cmake/Install.cmake);
# - retrylint-dev: lib/libretrylint-checks.a, its headers and a CMake package
#   so other tools can embed the module: find_package(retrylint) ->
#   retrylint::retrylint-checks, retrylint::retrylint-tidy.
include(CMakePackageConfigHelpers)
install(TARGETS retrylint-checks EXPORT retrylintTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT retrylint-dev)
install(TARGETS retrylint-tidy EXPORT retrylintTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT retrylint)
install(TARGETS retrylint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  COMPONENT retrylint)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
  DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT retrylint)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT retrylint FILES_MATCHING PATTERN "*.md")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/checks/ DESTINATION
  ${CMAKE_INSTALL_INCLUDEDIR}/retrylint COMPONENT retrylint-dev
  FILES_MATCHING PATTERN "*.h")
target_include_directories(retrylint-checks INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/retrylint>)
install(EXPORT retrylintTargets NAMESPACE retrylint::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retrylint COMPONENT retrylint-dev)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/retrylintConfig.cmake.in
  ${PROJECT_BINARY_DIR}/retrylintConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retrylint)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/retrylintConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/retrylintConfig.cmake
  ${PROJECT_BINARY_DIR}/retrylintConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/GrpcShim.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retrylint COMPONENT retrylint-dev)
