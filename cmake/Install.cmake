# `cmake --install` layout: bin/retrylint, lib/libretrylint-tidy.so (plugin),
# lib/libretrylint-checks.a and a CMake package so other tools can embed the
# module: find_package(retrylint) -> retrylint::retrylint-checks,
# retrylint::retrylint-tidy.
include(CMakePackageConfigHelpers)
install(TARGETS retrylint-checks EXPORT retrylintTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS retrylint-tidy EXPORT retrylintTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS retrylint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/checks/ DESTINATION
  ${CMAKE_INSTALL_INCLUDEDIR}/retrylint FILES_MATCHING PATTERN "*.h")
target_include_directories(retrylint-checks INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/retrylint>)
install(EXPORT retrylintTargets NAMESPACE retrylint::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retrylint)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/retrylintConfig.cmake.in
  ${PROJECT_BINARY_DIR}/retrylintConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retrylint)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/retrylintConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/retrylintConfig.cmake
  ${PROJECT_BINARY_DIR}/retrylintConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/GrpcShim.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/retrylint)
